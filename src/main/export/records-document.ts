// A list of records laid out for paper, as the HTML document main prints in a hidden window: what the
// list is, the organisation, its filters in words, how many records and their total, then the records
// as a ledger in columns under headings repeated on every page, and the total again under its column.
// Every word is text (escaped): a record's value never becomes markup. No script.
//
// The rows are lines of fixed-width text, a block of lines at a time, not a table cell per value:
// Chromium prints a document in time that grows with its elements times its pages, so 20,000 payments
// as table cells took minutes, and as blocks of lines take seconds.
import { escapeHtml } from './pdf-file';

export interface RecordsDocument {
  /** "Payments". */
  title: string;
  organisation: string;
  /** The filters in words, one a line; empty for none. */
  filters: readonly string[];
  /** "1,204 payments". */
  count: string;
  /** The total of the money column, when the list has one. */
  total: { column: string; text: string } | null;
  /** Where the records came from and as of when: "Read from the service on …". */
  source: string;
  headings: readonly string[];
  /** Which columns hold numbers or money (aligned right). */
  numeric: readonly boolean[];
  rows: readonly (readonly string[])[];
}

export interface LaidOut {
  html: string;
  /** Whether the ledger needs the page's width turned sideways. */
  landscape: boolean;
}

/** Lines a block holds: a block is never split across pages, and pages break between blocks. */
const LINES_PER_BLOCK = 20;
/** The widest a column grows; a longer value is cut with "…" (the screen cuts it too). */
const WIDEST = 44;
const GAP = '  ';
/** Characters a line of the ledger holds at the largest type size, portrait (A4 and Letter alike). */
const PORTRAIT_CHARS = 105;
const LANDSCAPE_CHARS = 155;

const STYLE = `
  body { font: 9pt system-ui, -apple-system, "Segoe UI", sans-serif; color: #111; margin: 0; }
  h1 { font-size: 13pt; margin: 0 0 2pt; }
  p { margin: 0 0 2pt; }
  .muted { color: #555; }
  ul { margin: 2pt 0 6pt; padding-left: 12pt; }
  table { border-collapse: collapse; width: 100%; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  td, th { padding: 0; text-align: left; }
  pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; margin: 0; line-height: 1.4; }
  th pre { font-weight: 600; border-bottom: 1px solid #888; margin-bottom: 2pt; }
  pre.total { font-weight: 600; border-top: 1px solid #888; margin-top: 2pt; }
`;

/** The whole document as one string (a long list is tens of thousands of rows: built by joining). */
export function recordsDocumentHtml(d: RecordsDocument): LaidOut {
  const widths = columnWidths(d.headings, d.rows);
  // The total is wider than any one amount: its column makes room for it.
  const summed = d.total ? d.headings.indexOf(d.total.column) : -1;
  if (summed >= 0) widths[summed] = Math.max(widths[summed]!, d.total!.text.length);
  const chars = widths.reduce((a, b) => a + b, 0) + GAP.length * (widths.length - 1);
  const landscape = chars > PORTRAIT_CHARS;
  // The type shrinks to fit a wide ledger on the page, never below 5.5 pt.
  const size = Math.max(5.5, Math.min(8, (8 * (landscape ? LANDSCAPE_CHARS : PORTRAIT_CHARS)) / chars));
  const line = (cells: readonly string[]) =>
    cells
      .map((text, i) => fit(text, widths[i]!, d.numeric[i]!))
      .join(GAP)
      .trimEnd();
  const parts: string[] = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(`${d.title} — ${d.organisation}`)}</title>`,
    `<style>${STYLE} pre { font-size: ${size.toFixed(2)}pt; }</style></head><body>`,
    `<h1>${escapeHtml(d.title)}</h1>`,
    `<p>${escapeHtml(d.organisation)}</p>`,
    d.filters.length
      ? `<p>Filters:</p><ul>${d.filters.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`
      : '<p>Filters: none (every record).</p>',
    `<p>${escapeHtml(d.total ? `${d.count} · ${d.total.column} total ${d.total.text}` : d.count)}</p>`,
    `<p class="muted">${escapeHtml(d.source)}</p>`,
    `<table><thead><tr><th><pre>${escapeHtml(line(d.headings))}</pre></th></tr></thead><tbody>`,
  ];
  for (let at = 0; at < d.rows.length; at += LINES_PER_BLOCK) {
    const block = d.rows
      .slice(at, at + LINES_PER_BLOCK)
      .map(line)
      .join('\n');
    parts.push(`<tr><td><pre>${escapeHtml(block)}</pre></td></tr>`);
  }
  const total = d.total ? totalLine(d, widths) : null;
  if (total !== null) parts.push(`<tr><td><pre class="total">${escapeHtml(total)}</pre></td></tr>`);
  parts.push('</tbody></table></body></html>');
  return { html: parts.join(''), landscape };
}

/** Each column as wide as its longest value or heading, at most WIDEST characters. */
function columnWidths(headings: readonly string[], rows: readonly (readonly string[])[]): number[] {
  const widths = headings.map((h) => Math.min(h.length, WIDEST));
  for (const row of rows)
    row.forEach((text, i) => {
      if (text.length > widths[i]!) widths[i] = Math.min(text.length, WIDEST);
    });
  return widths;
}

/** A value in its column: cut with "…" when too long, numbers aligned right. */
function fit(text: string, width: number, numeric: boolean): string {
  const cut = text.length > width ? `${text.slice(0, width - 1)}…` : text;
  return numeric ? cut.padStart(width) : cut.padEnd(width);
}

/** "Total, 1,204 payments" from the first column, the sum under the money column; null when it is not shown. */
function totalLine(d: RecordsDocument, widths: readonly number[]): string | null {
  const at = d.headings.indexOf(d.total!.column);
  if (at < 0) return null;
  const words = `Total, ${d.count}`;
  const before = widths.slice(0, at).reduce((a, b) => a + b + GAP.length, 0);
  const sum = d.total!.text.padStart(widths[at]!);
  // Where the words do not fit before the column, the sum goes under it on a line of its own.
  return before >= words.length + GAP.length
    ? words.padEnd(before) + sum
    : `${words}\n${' '.repeat(before)}${sum}`;
}
