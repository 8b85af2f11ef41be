// The totals row of a portfolio view: each money column summed over the rows it totals (main: every
// row of the view, not only those on screen; the screen: the rows its Find box found), added exactly in integer minor units of the connection's currency, so a sum of
// 100,000 amounts is the exact figure and a sum past what a number holds is refused, not rounded.
import { addMinor, fromMinorUnits } from './money';
import type { PortfolioColumn, PortfolioRow } from './portfolio';

/** `digits`: the currency's minor digits (2 for USD, 0 for JPY). */
export function columnTotals(
  columns: readonly PortfolioColumn[],
  rows: readonly PortfolioRow[],
  digits: number,
): Record<string, number> {
  const totals: Record<string, number> = {};
  const spec = { unit: 'major', digits } as const;
  for (const column of columns) {
    if (column.kind !== 'money') continue;
    const values: number[] = [];
    for (const row of rows) {
      const value = row.cells[column.key];
      if (typeof value === 'number' && Number.isFinite(value)) values.push(value);
    }
    totals[column.key] = fromMinorUnits(addMinor(values, spec), digits);
  }
  return totals;
}
