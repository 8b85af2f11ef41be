// The lines a portfolio table draws on screen: group headings and rows, grouped by what the rows group by.
import type { PortfolioRow } from './portfolio';

/** A group heading (its words, the line telling it from namesakes, its key), or one row of the view. */
export type BodyLine =
  | { kind: 'group'; key: string; group: string; note: string | null; rows: PortfolioRow[] }
  | { kind: 'row'; row: PortfolioRow };

/**
 * The rows as drawn: each group's heading, then its rows, groups in the order their first row comes.
 * Rows are grouped by the ID of what they group by, never by its name: three tenants called Sofia
 * Walsh are three headings, each with its email beneath.
 */
export function bodyLines(rows: readonly PortfolioRow[]): BodyLine[] {
  const groups = new Map<string, PortfolioRow[]>();
  for (const row of rows) {
    const list = groups.get(row.groupKey);
    if (list) list.push(row);
    else groups.set(row.groupKey, [row]);
  }
  const lines: BodyLine[] = [];
  for (const [key, members] of groups) {
    const first = members[0]!;
    lines.push({ kind: 'group', key, group: first.group, note: first.groupNote, rows: members });
    for (const row of members) lines.push({ kind: 'row', row });
  }
  return lines;
}
