// Which field of a hit holds what was typed, so the hit can show it ("email sofia.walsh.208@…"): the
// string field whose words start with the most of the typed words, the first such field on a tie.
// IDs are left out, as the index leaves them out.
import type { ServiceRecord } from '../../shared/service';

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const digits = (text: string) => text.replace(/\D/g, '');

export interface MatchedField {
  field: string;
  value: string;
}

export function matchedField(terms: readonly string[], record: ServiceRecord): MatchedField | null {
  if (terms.length === 0) return null;
  const wanted = terms.map(fold);
  let best: MatchedField | null = null;
  let bestCount = 0;
  for (const [field, value] of Object.entries(record)) {
    if (typeof value !== 'string' || field === 'id' || field.endsWith('_id')) continue;
    const words = (value.normalize('NFC').match(WORD) ?? []).map(fold);
    const run = digits(value);
    // A phone is found by its digits run together, as the index holds them.
    const count = wanted.filter(
      (t) => words.some((w) => w.startsWith(t)) || (/^\d+$/.test(t) && run.includes(t)),
    ).length;
    if (count > bestCount) {
      best = { field, value };
      bestCount = count;
    }
  }
  return best;
}
