// The labels of the references in a grid's rows in view. The rows are taken in blocks of 50 around
// what is drawn, so a scroll asks again only when it reaches another block, and one screenful is one
// labels.resolve call (see use-labels).
import { useCallback, useMemo, useState } from 'react';
import { recordRefs } from '../labels/record-refs';
import { useLabels } from '../labels/use-labels';
import type { LabelLookup } from '../labels/label-view';
import type { ColumnDef } from './columns';
import type { RowSource } from './paged-rows';

const BLOCK = 50;

export function useShownLabels(
  rows: RowSource,
  columns: readonly ColumnDef[],
): { labels: LabelLookup; onShown: (first: number, last: number) => void } {
  const [block, setBlock] = useState<[number, number]>([0, BLOCK]);
  const onShown = useCallback((first: number, last: number) => {
    const from = Math.floor(Math.max(0, first) / BLOCK) * BLOCK;
    const to = (Math.floor(Math.max(first, last) / BLOCK) + 1) * BLOCK;
    setBlock((b) => (b[0] === from && b[1] === to ? b : [from, to]));
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
