// Under a change in the submit dialog: the values that look like a slip (an extra digit, a start after
// its end, a past end date, a deposit above three months' rent), each with the limit it was checked
// against. Only words: the landlord can still submit.
import { AlertTriangle } from 'lucide-react';
import type { CompiledContract, FieldDescriptor } from '../../../../../shared/contract';
import type { DraftChange } from '../../../../../shared/drafts';
import { RESOURCE_COLLECTION } from '../../../../../shared/service/collections';
import { slipWarnings } from '../../../../../shared/slips/slip-warnings';
import type { SlipWarning } from '../../../../../shared/slips/slip-warnings';
import { formatFieldValue } from './change-summary';

/** Today as the date fields hold it (local). */
function localToday(now: Date): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The change's own fields first, then the record's, so a rent read with the record can judge a deposit. */
function fieldsFor(change: DraftChange, contract: CompiledContract): FieldDescriptor[] {
  const resource = contract.resources[change.resourceType];
  const own = change.operation === 'create' ? resource.createFields : resource.updateFields;
  const names = new Set(own.map((f) => f.name));
  const record = contract.recordFields[RESOURCE_COLLECTION[change.resourceType]] ?? [];
  return [...own, ...record.filter((f) => !names.has(f.name))];
}

/** The slip warnings of one change (none without a contract to tell money and dates by). */
export function changeSlips(
  change: DraftChange,
  contract: CompiledContract | undefined,
  currency: string,
  now: Date,
): SlipWarning[] {
  if (!contract) return [];
  return slipWarnings(change, fieldsFor(change, contract), localToday(now), (field, value) =>
    formatFieldValue(value, field, currency),
  );
}

export function SlipNotes({ warnings }: { warnings: readonly SlipWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="slip-notes" aria-label="Check before sending">
      {warnings.map((w, i) => (
        <li key={i}>
          <AlertTriangle size={13} aria-hidden /> {w.text}
        </li>
      ))}
    </ul>
  );
}
