// Which columns each collection shows, and in what order, remembered per connection and collection.
// UI preferences only, so they live in the renderer's local storage.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface ColumnPref {
  order: string[];
  hidden: string[];
}

interface ColumnPrefsState {
  prefs: Record<string, ColumnPref>;
  set(key: string, pref: ColumnPref): void;
  reset(key: string): void;
}

export const useColumnPrefs = create<ColumnPrefsState>()(
  persist(
    (set) => ({
      prefs: {},
      set: (key, pref) => set((s) => ({ prefs: { ...s.prefs, [key]: pref } })),
      reset: (key) =>
        set((s) => {
          const next = { ...s.prefs };
          delete next[key];
          return { prefs: next };
        }),
    }),
    { name: 'propdesk.columns', version: 1 },
  ),
);

export function prefKey(connectionId: string | null | undefined, collection: string): string {
  return `${connectionId ?? 'none'}:${collection}`;
}

/** Applies a saved order and visibility to the available columns; new columns appear at the end. */
export function arrangeColumns<T extends { name: string }>(
  available: T[],
  pref: ColumnPref | undefined,
  defaultVisible: number,
): T[] {
  if (!pref) return available.slice(0, defaultVisible);
  const byName = new Map(available.map((c) => [c.name, c]));
  const ordered = [
    ...pref.order.filter((n) => byName.has(n)),
    ...available.map((c) => c.name).filter((n) => !pref.order.includes(n)),
  ];
  return ordered.filter((n) => !pref.hidden.includes(n)).map((n) => byName.get(n)!);
}
