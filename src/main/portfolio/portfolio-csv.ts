// Writes a portfolio view as a CSV an accounting program imports: the header on the first line, then
// one line per row (the group first, then every column, the IDs of the records a row names among them
// so namesakes stay apart), and the totals on one last line whose first cell is "Total". Statuses are
// words as on screen ("make ready"), dates ISO (YYYY-MM-DD), amounts plain numbers (a spreadsheet sums
// them) under a heading naming their currency: "Rent (USD)". What the view is, for whom and as of when
// is in the file's name; one line saying it can be put before the header when asked for (off by
// default). Written for the user only, beside the final name and renamed when complete.
import { writeFile } from 'node:fs/promises';
import { replacePrivateFile } from '../base/private-files';
import { CSV_BOM, csvLines, csvTable } from '../export/csv-text';
import type { CsvCell } from '../export/csv-text';
import type { PortfolioCell, PortfolioColumn, PortfolioTable } from '../../shared/portfolio';
import { enumWords } from '../../shared/contract';

/** A column's CSV heading: money columns say the currency their plain numbers are in. */
export function csvHeading(column: PortfolioColumn, currency: string): string {
  return column.kind === 'money' ? `${column.label} (${currency})` : column.label;
}

/** A cell as the screen says it; numbers stay numbers. */
export function csvCell(value: PortfolioCell | undefined, column: PortfolioColumn): CsvCell {
  if (value === null || value === undefined) return null;
  return column.kind === 'status' && typeof value === 'string' ? enumWords(value) : value;
}

export interface PortfolioCsvOptions {
  currency: string;
  /** Put one line saying what the file is before the header; null for none. */
  description: { connection: string } | null;
}

/** The one line saying what the file is, for those who want it in the file as well as in its name. */
export function describeTable(table: PortfolioTable, connection: string): string {
  const parts = [
    `PropDesk ${table.title}${table.focus ? ` (${table.focus.label})` : ''}`,
    connection,
    table.period
      ? `${table.period.words} (${table.period.from} to ${table.period.to}), ${table.period.basis.toLowerCase()}`
      : `as of ${table.today}${table.asOfDay ? ' (an estimate from lease and due dates)' : ''}`,
    `from the offline copy of ${table.asOf ?? 'no complete offline copy'}`,
    ...table.notes,
  ];
  return parts.join(' · ');
}

export async function writePortfolioCsv(
  path: string,
  table: PortfolioTable,
  { currency, description }: PortfolioCsvOptions,
): Promise<void> {
  const totalled = Object.keys(table.totals).length > 0;
  const body = csvTable(
    [table.groupLabel, ...table.columns.map((c) => csvHeading(c, currency))],
    [
      ...table.rows.map((r) => [r.group, ...table.columns.map((c) => csvCell(r.cells[c.key], c))]),
      ...(totalled ? [['Total', ...table.columns.map((c) => table.totals[c.key] ?? null)]] : []),
    ],
    true,
  );
  const first = description ? `${csvLines([[describeTable(table, description.connection)]])}\r\n` : '';
  await replacePrivateFile(path, (partial) => writeFile(partial, `${CSV_BOM}${first}${body}\r\n`, 'utf8'));
}
