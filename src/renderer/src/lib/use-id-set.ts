// A set of IDs a screen lets the user pick, one or several at a time: leases chosen for a rent review
// or left out of one, the cards opened under a table's rows. Each change makes a new set, so React sees it.
import { useCallback, useState } from 'react';

function flipped(prev: ReadonlySet<string>, ids: readonly string[], on: boolean): ReadonlySet<string> {
  const next = new Set(prev);
  for (const id of ids)
    if (on) next.add(id);
    else next.delete(id);
  return next;
}

export function useIdSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  /** In when out, out when in. */
  const toggle = useCallback((id: string) => setIds((prev) => flipped(prev, [id], !prev.has(id))), []);
  /** These in (on) or out. */
  const turn = useCallback(
    (some: readonly string[], on: boolean) => setIds((prev) => flipped(prev, some, on)),
    [],
  );
  /** Exactly these. */
  const reset = useCallback((some: Iterable<string>) => setIds(new Set(some)), []);
  return { ids, toggle, turn, reset };
}
