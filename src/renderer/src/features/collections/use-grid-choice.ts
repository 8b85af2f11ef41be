// The rows of a list chosen to act on together (Maintenance: "Set status…"): a checkbox or Ctrl-click
// turns one, a Shift-click chooses every row from the one last chosen, as the rows are shown now. A
// choice belongs to the list it was made on: other filters or another collection start with none.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { CompiledContract } from '../../../../shared/contract';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import type { GridChoice } from './grid-body';
import type { RowSource } from './paged-rows';
import { recordLabel } from './record-label';

/** The rows chosen on a list, as another feature acting on them sees them. */
export interface ChosenRows {
  ids: ReadonlySet<string>;
  /** The chosen records as loaded (some may not be, when the list was re-read since). */
  read: ReadonlyMap<string, ServiceRecord>;
  clear: () => void;
}

/**
 * What another feature does with rows chosen on a list (Maintenance: "Set status…"), or null where a
 * list's rows are not chosen (no checkboxes).
 */
export type ChosenActions = (collection: Collection) => ((chosen: ChosenRows) => ReactNode) | null;

const NONE: ReadonlySet<string> = new Set();

/** The IDs of the rows from `from` to `to`, both included, either way round. */
function runOf(rows: RowSource, from: number, to: number): string[] {
  const ids: string[] = [];
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    const id = rows.get(i)?.id;
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/** `list`: what the choice belongs to (the collection and its filters, as one key). */
export function useGridChoice(rows: RowSource, list: string) {
  const [held, setHeld] = useState<{ list: string; ids: ReadonlySet<string> }>({ list, ids: NONE });
  const chosen = held.list === list ? held.ids : NONE;
  const anchor = useRef<{ index: number; id: string } | null>(null);

  const onChoose = useCallback(
    (index: number, range: boolean) => {
      const id = rows.get(index)?.id;
      if (id === undefined) return;
      const from = anchor.current;
      // The row last chosen is found where it was only if the rows have not moved since (a new sort).
      const run = range && from !== null && rows.get(from.index)?.id === from.id;
      const ids = run ? runOf(rows, from.index, index) : [id];
      const on = run || !chosen.has(id);
      const next = new Set(chosen);
      for (const one of ids)
        if (on) next.add(one);
        else next.delete(one);
      setHeld({ list, ids: next });
      anchor.current = { index, id };
    },
    [rows, chosen, list],
  );
  const clear = useCallback(() => setHeld({ list, ids: NONE }), [list]);

  // The chosen records as loaded, kept with the changes drafted from them as their "current" values.
  const read = useMemo(() => {
    const out = new Map<string, ServiceRecord>();
    if (!chosen.size) return out;
    for (let i = 0; i < rows.length && out.size < chosen.size; i++) {
      const row = rows.get(i);
      if (row && chosen.has(row.id)) out.set(row.id, row);
    }
    return out;
  }, [rows, chosen]);

  return { chosen, onChoose, clear, read };
}

/**
 * A list's choice as its screen uses it: what the other feature offers for the chosen rows (beside the
 * toolbar) and the grid's checkboxes; neither where that feature offers nothing for the collection.
 */
export function useListChoice(
  collection: Collection,
  query: Record<string, string>,
  rows: RowSource,
  contract: CompiledContract | undefined,
  chosenActions: ChosenActions | undefined,
): { actions: ReactNode; grid: GridChoice | undefined } {
  const act = chosenActions?.(collection) ?? null;
  const { chosen, onChoose, clear, read } = useGridChoice(
    rows,
    `${collection}?${new URLSearchParams(query).toString()}`,
  );
  const label = useCallback(
    (record: ServiceRecord) => `Choose ${recordLabel(collection, record, contract)}`,
    [collection, contract],
  );
  if (!act) return { actions: null, grid: undefined };
  return { actions: act({ ids: chosen, read, clear }), grid: { chosen, onChoose, label } };
}
