// On a change's card: the offline copy already holds a newer version of the record this update was
// drafted from, said before the landlord gets to submitting. It names the drafted fields whose values
// differ there; the check before submitting reads the record from the service again and decides.
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { DraftChange } from '../../../../../shared/drafts';
import { exactTime } from '../../../lib/time-words';

/** The hint itself; a table row says only this, its card says which fields. */
export const NEWER_IN_COPY = 'Changed on the service since you drafted this — check before submitting.';

export function newerInCopyWords(
  change: DraftChange,
  descriptors: readonly FieldDescriptor[],
): string | null {
  const newer = change.newerInCopy;
  if (!newer) return null;
  const label = (name: string) => descriptors.find((d) => d.name === name)?.label ?? name;
  const which = newer.fields.length
    ? ` The offline copy of ${exactTime(newer.asOf)} holds other values for ${newer.fields.map(label).join(', ')}.`
    : ` The offline copy of ${exactTime(newer.asOf)} holds a later version of it.`;
  return `${NEWER_IN_COPY}${which} The record is read again from the service before anything is sent.`;
}

export function NewerInCopyNote({
  change,
  descriptors,
}: {
  change: DraftChange;
  descriptors: readonly FieldDescriptor[];
}) {
  const words = newerInCopyWords(change, descriptors);
  return words ? (
    <p className="note" role="note">
      {words}
    </p>
  ) : null;
}
