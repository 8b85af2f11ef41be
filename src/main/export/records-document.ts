// A list of records laid out for paper, as the HTML document main prints in a hidden window: what the
// list is, the organisation, its filters in words, how many records and their total, then one table
// row a record under headings Chromium repeats on every page, and the total again as the last row.
// Every word is text (escaped): a record's value never becomes markup. No script.
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
  /** Which columns hold numbers or money (right-aligned). */
  numeric: readonly boolean[];
  rows: Iterable<readonly string[]>;
}

const STYLE = `
  body { font: 8.5pt system-ui, -apple-system, "Segoe UI", sans-serif; color: #111; margin: 0; }
  h1 { font-size: 13pt; margin: 0 0 2pt; }
  p { margin: 0 0 2pt; }
  .muted { color: #555; }
  ul { margin: 2pt 0 6pt; padding-left: 12pt; }
  table { border-collapse: collapse; width: 100%; }
  thead { display: table-header-group; }
  th { text-align: left; border-bottom: 1px solid #888; padding: 2pt 4pt; font-weight: 600; }
  td { padding: 1.5pt 4pt; border-bottom: 1px solid #e4e4e4; vertical-align: top; }
  tr { break-inside: avoid; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  tr.total td { border-top: 1px solid #888; border-bottom: none; font-weight: 600; }
`;

/** The whole document as one string (a long list is tens of thousands of rows: built by joining). */
export function recordsDocumentHtml(d: RecordsDocument): string {
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag}${d.numeric[i] ? ' class="num"' : ''}>${escapeHtml(text)}</${tag}>`;
  const parts: string[] = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(`${d.title} — ${d.organisation}`)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${escapeHtml(d.title)}</h1>`,
    `<p>${escapeHtml(d.organisation)}</p>`,
    d.filters.length
      ? `<p>Filters:</p><ul>${d.filters.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`
      : '<p>Filters: none (every record).</p>',
    `<p>${escapeHtml(d.total ? `${d.count} · ${d.total.column} total ${d.total.text}` : d.count)}</p>`,
    `<p class="muted">${escapeHtml(d.source)}</p>`,
    `<table><thead><tr>${d.headings.map((h, i) => cell('th', h, i)).join('')}</tr></thead><tbody>`,
  ];
  for (const row of d.rows) parts.push(`<tr>${row.map((text, i) => cell('td', text, i)).join('')}</tr>`);
  if (d.total) parts.push(totalRow(d));
  parts.push('</tbody></table></body></html>');
  return parts.join('');
}

/** The total under its column: "Total, 1,204 payments" in the first cell, the sum under the money. */
function totalRow(d: RecordsDocument): string {
  const at = Math.max(0, d.headings.indexOf(d.total!.column));
  const cells = d.headings.map((_, i) => {
    if (i === at) return `<td class="num">${escapeHtml(d.total!.text)}</td>`;
    if (i === 0) return `<td>${escapeHtml(`Total, ${d.count}`)}</td>`;
    return '<td></td>';
  });
  if (at === 0) cells[0] = `<td class="num">${escapeHtml(`Total, ${d.count}: ${d.total!.text}`)}</td>`;
  return `<tr class="total">${cells.join('')}</tr>`;
}
