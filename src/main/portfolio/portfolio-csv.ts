// Writes a portfolio view to CSV through the shared spreadsheet-safe CSV text: a short heading with
// the view, its as-of time and its notes, then one line per row with the group first, and the totals
// row last when the view has money columns. Amounts stay plain numbers (a spreadsheet sums them), so
// a money column's heading names their currency instead: "Rent (USD)". Written for the
// user only, beside the final name and renamed when complete, so a failed write leaves no half file.
import { writeFile } from 'node:fs/promises';
import { replacePrivateFile } from '../base/private-files';
import { csvLines, csvTable } from '../export/csv-text';
import type { PortfolioTable } from '../../shared/portfolio';

/** A column's CSV heading: money columns say the currency their plain numbers are in. */
export function csvHeading(column: PortfolioTable['columns'][number], currency: string): string {
  return column.kind === 'money' ? `${column.label} (${currency})` : column.label;
}

export async function writePortfolioCsv(
  path: string,
  table: PortfolioTable,
  currency: string,
): Promise<void> {
  const heading = csvLines([
    [`PropDesk ${table.title}`],
    [`As of: ${table.asOf ?? 'no complete offline copy'}; counted from ${table.today}`],
    ...table.notes.map((n) => [`Note: ${n}`]),
  ]);
  const body = csvTable(
    [table.groupLabel, ...table.columns.map((c) => csvHeading(c, currency))],
    [
      ...table.rows.map((r) => [r.group, ...table.columns.map((c) => r.cells[c.key])]),
      ...(Object.keys(table.totals).length
        ? [['Total', ...table.columns.map((c) => table.totals[c.key] ?? null)]]
        : []),
    ],
    true,
  );
  await replacePrivateFile(path, (partial) => writeFile(partial, `${heading}\r\n${body}\r\n`, 'utf8'));
}
