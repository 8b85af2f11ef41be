// What the record picker offers for what was typed. With an offline copy, the copy's search by the
// same words rule as search everything (a unit found by "Cedar 3B"), kept to the picker's narrowing;
// without one, the records read so far. Either way an ID typed in is offered only once a read by that
// ID found the record, so a plain name is never offered as an ID.
import type { SearchAnswer } from '../../../../shared/search';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { matchesSearch } from './record-label';

/** Matches shown at most, as many as the copy's search answers. */
const SHOWN = 100;

export interface PickerMatches {
  records: ServiceRecord[];
  /** The matches are the offline copy's: not only of the records read. */
  fromCopy: boolean;
}

export function pickerMatches(
  target: Collection,
  read: readonly ServiceRecord[],
  text: string,
  answer: SearchAnswer | undefined,
  filters: Record<string, string> = {},
): PickerMatches {
  const typed = text.trim();
  const narrowed = (r: ServiceRecord) =>
    Object.entries(filters).every(([field, value]) => r[field] === value);
  const found = (answer?.groups.find((g) => g.collection === target)?.hits ?? [])
    .map((h) => h.record)
    .filter(narrowed);
  if (typed !== '' && answer?.available) return { records: found, fromCopy: true };
  const local = read.filter((r) => matchesSearch(r, typed));
  // Without a copy the answer holds only a record read from the service by the ID typed.
  const byId = found.filter((r) => r.id === typed && !local.some((l) => l.id === r.id));
  return { records: [...byId, ...local].slice(0, SHOWN), fromCopy: false };
}
