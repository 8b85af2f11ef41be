// The labels of the references in a grid's rows in view. The rows are taken in blocks of 50 around
// what is drawn once the view has stopped moving, so a scroll asks again only where it stops in
// another block, and one screenful is one labels.resolve call (see use-labels).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { recordRefs } from '../../labels/record-refs';
import { useLabels } from '../../labels/use-labels-api';
import type { LabelLookup } from '../../labels/label-view';
import type { ColumnDef } from './columns';
import type { RowSource } from './paged-rows';

const BLOCK = 50;
/**
 * How long the rows in view must stay put before their names are asked for. A fast scroll through a
 * long list passes thousands of blocks; asking for each would re-render the screen and call main on
 * every one of them (long frames, and names kept for rows nobody stopped at).
 */
const SETTLE_MS = 120;

export function useShownLabels(
  rows: RowSource,
  columns: readonly ColumnDef[],
): { labels: LabelLookup; onShown: (first: number, last: number) => void } {
  const [block, setBlock] = useState<[number, number]>([0, BLOCK]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onShown = useCallback((first: number, last: number) => {
    const from = Math.floor(Math.max(0, first) / BLOCK) * BLOCK;
    const to = (Math.floor(Math.max(first, last) / BLOCK) + 1) * BLOCK;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setBlock((b) => (b[0] === from && b[1] === to ? b : [from, to])),
      SETTLE_MS,
    );
  }, []);
  const refs = useMemo(() => {
    const shown = [];
    for (let i = block[0]; i < Math.min(block[1], rows.length); i++) {
      const record = rows.get(i);
      if (record) shown.push(record);
    }
    return recordRefs(
      shown,
      columns.map((c) => c.name),
    );
  }, [rows, columns, block]);
  return { labels: useLabels(refs), onShown };
}
