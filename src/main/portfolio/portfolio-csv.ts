// Writes a portfolio view to CSV with papaparse (quoting is never hand-rolled): a short heading with
// the view, its as-of time and its notes, then one line per row with the group first. Written beside
// the final name and renamed when complete, so a failed write leaves no half file.
import { rename, rm, writeFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { PortfolioTable } from '../../shared/portfolio';

export async function writePortfolioCsv(path: string, table: PortfolioTable): Promise<void> {
  const heading = Papa.unparse([
    [`PropDesk ${table.title}`],
    [`As of: ${table.asOf ?? 'no complete offline copy'}; counted from ${table.today}`],
    ...table.notes.map((n) => [`Note: ${n}`]),
  ]);
  const body = Papa.unparse({
    fields: [table.groupLabel, ...table.columns.map((c) => c.label)],
    data: table.rows.map((r) => [r.group, ...table.columns.map((c) => r.cells[c.key] ?? '')]),
  });
  const partial = `${path}.partial`;
  try {
    await writeFile(partial, `${heading}\r\n${body}\r\n`, 'utf8');
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
