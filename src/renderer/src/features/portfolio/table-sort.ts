// The order a portfolio table's rows are shown in when a column heading is clicked: amounts, counts and
// ages largest first on the first click (the oldest open request, the biggest debt), words and dates
// from the start; a second click turns it round, a third goes back to the view's own order. Empty cells
// go last either way. Group headings follow their rows (see bodyLines), so a property whose request is
// oldest comes first.
import type { PortfolioCell, PortfolioColumn, PortfolioRow } from '../../../../shared/portfolio';
import { isNumericKind } from './format-cell';

export interface TableSort {
  key: string;
  direction: 'asc' | 'desc';
}

export function nextTableSort(current: TableSort | null, column: PortfolioColumn): TableSort | null {
  const first = isNumericKind(column.kind) ? 'desc' : 'asc';
  if (current?.key !== column.key) return { key: column.key, direction: first };
  return current.direction === first
    ? { key: column.key, direction: first === 'asc' ? 'desc' : 'asc' }
    : null;
}

const empty = (v: PortfolioCell | undefined) => v === null || v === undefined || v === '';
const words = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareCells(a: PortfolioCell, b: PortfolioCell): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return words.compare(String(a), String(b));
}

/** The rows in the sort's order (the same array with no sort); ties keep the view's own order. */
export function sortedTableRows(
  rows: readonly PortfolioRow[],
  sort: TableSort | null,
): readonly PortfolioRow[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = x.row.cells[sort.key];
      const b = y.row.cells[sort.key];
      if (empty(a) || empty(b)) return empty(a) === empty(b) ? x.index - y.index : empty(a) ? 1 : -1;
      return sign * compareCells(a!, b!) || x.index - y.index;
    })
    .map((r) => r.row);
}
