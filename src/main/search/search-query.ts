// What the user typed, as a safe FTS5 query: the words (runs of letters, digits and marks, as the
// unicode61 tokenizer cuts them), each a quoted prefix term, all of them required. Nothing typed is
// ever read as FTS5 syntax: quotes, `*`, `-`, `^`, parentheses, NEAR, AND/OR/NOT are separators or
// plain words.

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
// A term the tokenizer would make nothing of (marks alone) matches nothing; it is dropped.
const HAS_TOKEN = /[\p{L}\p{N}\p{Co}]/u;

/** The words of what the user typed, in order, at most eight. */
export function searchTerms(text: string): string[] {
  const words = text.normalize('NFC').match(WORD) ?? [];
  return words
    .filter((w) => HAS_TOKEN.test(w))
    .map((w) => w.slice(0, MAX_TERM_LENGTH))
    .slice(0, MAX_TERMS);
}

/** The FTS5 query for the words: every word as a prefix, in any order. Empty for no words. */
export function ftsQuery(terms: readonly string[]): string {
  // A word holds no double quote (it is not a letter, digit or mark), so quoting needs no escaping.
  return terms.map((t) => `"${t}"*`).join(' ');
}

/** The text as one record ID, when it looks like one: a single token of ID characters. */
export function singleToken(text: string): string | undefined {
  const trimmed = text.trim();
  return /^[\w.:-]{3,200}$/.test(trimmed) ? trimmed : undefined;
}

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text as the index compares them: cut as the tokenizer cuts, without case or accents. */
export const foldedWords = (text: string): string[] => (text.normalize('NFC').match(WORD) ?? []).map(fold);

/**
 * Whether one of the values holds the typed words as they were typed: consecutive words, in order,
 * each starting with its term ("Jon Lar" in "Jonah Larsen", not in "Larry Jonas"). bm25 alone ranks
 * a record that repeats the words (in a name and an email) above the one whose name was typed.
 */
export function typedInOrder(terms: readonly string[], values: Iterable<unknown>): boolean {
  if (terms.length === 0) return false;
  const wanted = terms.map(fold);
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const words = foldedWords(value);
    for (let i = 0; i + wanted.length <= words.length; i++)
      if (wanted.every((term, k) => words[i + k]!.startsWith(term))) return true;
  }
  return false;
}
