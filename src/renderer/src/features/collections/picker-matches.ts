// What the record picker offers for what was typed. With an offline copy, the copy's search by the
// same words rule as search everything (a unit found by "Cedar 3B", a tenant by where they rent),
// kept to the picker's narrowing; without one, the records read so far, each word found in the record
// or in where the tenant rents ("Nora Okafor willow"). Either way an ID typed in is offered only once
// a read by that ID found the record, so a plain name is never offered as an ID.
import type { SearchAnswer } from '../../../../shared/search';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { MAX_PLACE_TENANTS } from '../../../../shared/tenant-places';
import { matchesSearch } from './record-label';

/** Matches shown at most, as many as the copy's search answers. */
const SHOWN = 100;

export interface PickerMatches {
  records: ServiceRecord[];
  /** The matches are the offline copy's: not only of the records read. */
  fromCopy: boolean;
}

const wordsOf = (text: string) => text.trim().toLowerCase().split(/\s+/).filter(Boolean);

/** Whether each typed word is in one of the record's values or in where the tenant rents. */
function holdsWords(record: ServiceRecord, words: readonly string[], place: string | undefined): boolean {
  const texts = Object.values(record)
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).toLowerCase());
  if (place) texts.push(place.toLowerCase());
  return words.every((w) => texts.some((t) => t.includes(w)));
}

/** The copy's hits of the picker's collection, kept to its narrowing. */
function copyHits(target: Collection, answer: SearchAnswer | undefined, filters: Record<string, string>) {
  return (answer?.groups.find((g) => g.collection === target)?.hits ?? [])
    .map((h) => h.record)
    .filter((r) => Object.entries(filters).every(([field, value]) => r[field] === value));
}

export function pickerMatches(
  target: Collection,
  read: readonly ServiceRecord[],
  text: string,
  answer: SearchAnswer | undefined,
  filters: Record<string, string> = {},
  places: Readonly<Record<string, string>> = {},
): PickerMatches {
  const typed = text.trim();
  const found = copyHits(target, answer, filters);
  if (typed !== '' && answer?.available) return { records: found, fromCopy: true };
  const words = wordsOf(typed);
  const local = read.filter((r) => matchesSearch(r, typed) || holdsWords(r, words, places[r.id]));
  // Without a copy the answer holds only a record read from the service by the ID typed.
  const byId = found.filter((r) => r.id === typed && !local.some((l) => l.id === r.id));
  return { records: [...byId, ...local].slice(0, SHOWN), fromCopy: false };
}

/**
 * The tenants whose homes the picker asks main for: the copy's matches; without a copy, the records
 * read holding the most typed words first (a place typed after a name narrows among that name's
 * namesakes), all of those read when nothing is typed.
 */
export function placeCandidates(
  target: Collection,
  read: readonly ServiceRecord[],
  text: string,
  answer: SearchAnswer | undefined,
  filters: Record<string, string> = {},
): string[] {
  if (target !== 'tenants') return [];
  const typed = text.trim();
  if (typed !== '' && answer?.available) return copyHits(target, answer, filters).map((r) => r.id);
  const words = wordsOf(typed);
  const held = (r: ServiceRecord) => words.filter((w) => holdsWords(r, [w], undefined)).length;
  return read
    .map((record) => ({ record, held: held(record) }))
    .filter(({ held }) => words.length === 0 || held > 0)
    .sort((a, b) => b.held - a.held)
    .slice(0, MAX_PLACE_TENANTS)
    .map(({ record }) => record.id);
}
