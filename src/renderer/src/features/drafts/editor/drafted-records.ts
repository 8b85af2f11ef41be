// The records a draft creates that a later change's reference field may name: "the new tenant this
// draft creates" for a lease's tenant, "the new unit" for a repair's unit. The service gives a new
// record its ID only once a person approves it, so such a field is linked to the change that creates
// it (main keeps the link, sends the linked change in a later part and fills it in). Only earlier
// changes are offered, so the draft reads in the order it is sent.
import { referencedCollection } from '../../../../../shared/contract';
import type { DraftChange } from '../../../../../shared/drafts';
import { resourceNoun, resourceTypeOf } from '../../../../../shared/service';

export interface DraftedRecord {
  /** The change that creates it. */
  changeId: string;
  /** "The new tenant this draft creates (change 1)". */
  text: string;
}

/** The records created by changes before `index` that `field` (a reference) may name. */
export function draftedRecordsFor(
  field: string,
  changes: readonly DraftChange[],
  index: number,
): DraftedRecord[] {
  const target = referencedCollection(field);
  const type = target ? resourceTypeOf(target) : undefined;
  if (!type) return [];
  const sources = changes
    .slice(0, index)
    .map((change, i) => ({ change, position: i + 1 }))
    .filter(({ change }) => change.operation === 'create' && change.resourceType === type);
  return sources.map(({ change, position }) => ({
    changeId: change.id,
    text: `The new ${resourceNoun(type)} this draft creates${sources.length > 1 ? ` (change ${position})` : ''}`,
  }));
}
