// How exactly a search hit holds what was typed, so that the record a landlord typed in full comes
// first: a lease number ("L-1279"), a unit label, a property's whole name ("Fernwood" before
// "Fernwood 2"), or a unit as its property and label ("Maple 12C"). bm25 alone ranks by how often and
// in how short a text the prefixes occur, which puts a tenant whose phone digits begin alike first.
import type { ServiceRecord } from '../../shared/service';
import { foldedWords } from './search-query';

/** A value of the record (or its label) is what was typed, word for word. */
export const TYPED_WHOLE = 3;
/** Every typed word is a whole word of the record or its label, and one of its values is typed whole. */
export const HOLDS_A_VALUE = 2;
/** Every typed word is a whole word of the record or its label. */
export const WHOLE_WORDS = 1;
/** The typed words are only prefixes of the record's. */
export const PREFIXES = 0;

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/** How exactly the record, named by its label, holds the typed words: one of the levels above. */
export function exactness(terms: readonly string[], record: ServiceRecord, label: string | null): number {
  const typed = terms.flatMap(foldedWords);
  if (typed.length === 0) return PREFIXES;
  const values = [...Object.values(record), label].flatMap((v) =>
    typeof v === 'string' && v !== '' ? [foldedWords(v)] : [],
  );
  if (values.some((words) => same(words, typed))) return TYPED_WHOLE;
  const whole = new Set(values.flat());
  if (!typed.every((w) => whole.has(w))) return PREFIXES;
  const typedSet = new Set(typed);
  const valueTyped = values.some((words) => words.length > 0 && words.every((w) => typedSet.has(w)));
  return valueTyped ? HOLDS_A_VALUE : WHOLE_WORDS;
}
