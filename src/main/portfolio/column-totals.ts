// The totals row of a portfolio view: each money column summed over every row of the view (not only
// those on screen), counted in cents so a sum of 100,000 amounts does not drift from the exact figure.
import type { PortfolioColumn, PortfolioRow } from '../../shared/portfolio';

export function columnTotals(
  columns: readonly PortfolioColumn[],
  rows: readonly PortfolioRow[],
): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const column of columns) {
    if (column.kind !== 'money') continue;
    let cents = 0;
    for (const row of rows) {
      const value = row.cells[column.key];
      if (typeof value === 'number' && Number.isFinite(value)) cents += Math.round(value * 100);
    }
    totals[column.key] = cents / 100;
  }
  return totals;
}
