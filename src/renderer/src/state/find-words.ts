// The words typed in each portfolio table's Find box, kept for the session so that opening a row's
// record and coming Back finds the table narrowed as it was left. Not saved to disk: a new start
// shows every row.
import { create } from 'zustand';

interface FindWordsState {
  words: Record<string, string>;
  set(table: string, words: string): void;
}

export const useFindWordsStore = create<FindWordsState>()((set) => ({
  words: {},
  set: (table, words) => set((s) => ({ words: { ...s.words, [table]: words } })),
}));

/** The Find words of one table and the setter, like useState but kept across screens. */
export function useFindWords(table: string): [string, (words: string) => void] {
  const words = useFindWordsStore((s) => s.words[table] ?? '');
  const set = useFindWordsStore((s) => s.set);
  return [words, (next: string) => set(table, next)];
}
