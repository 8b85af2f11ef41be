// The rows chosen on a portfolio table: checkboxes one at a time, a heading's for its group, and a
// Shift-click for every row from the last one picked to this one, in the order they are shown.
import { useCallback, useRef } from 'react';
import { useIdSet } from '../../lib/use-id-set';

/** The IDs from `from` to `to` (either way round) in `order`; just `to` when `from` is not shown. */
export function rowRun(order: readonly string[], from: string | null, to: string): string[] {
  const a = from === null ? -1 : order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0) return [to];
  return order.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/** `order`: the IDs of the rows as shown now (found, sorted). */
export function useRowChoice(order: readonly string[]) {
  const { ids: chosen, turn } = useIdSet();
  const anchor = useRef<string | null>(null);
  const pick = useCallback(
    (ids: string[], on: boolean, range: boolean) => {
      const id = ids.length === 1 ? ids[0]! : null;
      turn(range && id !== null ? rowRun(order, anchor.current, id) : ids, on);
      if (id !== null) anchor.current = id;
    },
    [order, turn],
  );
  return { chosen, pick };
}
