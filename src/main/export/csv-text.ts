// The CSV text of every file PropDesk writes, safe to open in a spreadsheet: papaparse does the
// quoting, and every string (headings, headers, cells) is neutralised here first, so no cell starts a
// formula however a spreadsheet splits the line. Numbers, booleans and empty cells are written as they
// are. A file starts with a byte-order mark, so a spreadsheet reads it as UTF-8 ("−", "–", "é" intact).
import Papa from 'papaparse';

/** Written first in every CSV file: without it, spreadsheets on Windows read UTF-8 as their code page. */
export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | boolean | null | undefined;

/** The documented guard: spreadsheets show a leading apostrophe's text as text. */
export const FORMULA_GUARD = "'";

// Zero-width positions where a spreadsheet may start a cell, in front of a character that makes it
// read a formula: the start of the value, after a line break, and after a ";" or a tab. papaparse's own
// escapeFormulae looks only at the very start. A spreadsheet that splits a cell's lines would read
// "ok\n=HYPERLINK(…)" as a formula; one set to a ";"-separated locale (much of Europe) splits
// "x;=cmd…" into "x" and a formula, whatever the quoting, since the comma that separates PropDesk's
// cells means nothing to it; a tab-separated reader splits at tabs alike.
const FORMULA_AT_CELL_START = /(?<=^|[\r\n;\t])(?=[=+\-@\t\r])/g;

/** The text with the guard before each formula character where a cell may start; nothing else changes. */
export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_AT_CELL_START, FORMULA_GUARD);
}

function safeCell(value: CsvCell): string | number | boolean {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? neutraliseFormulas(value) : value;
}

// escapeFormulae stays off: the neutralisation above is the only one, so the text is predictable.
const OPTIONS = { escapeFormulae: false, newline: '\r\n' } as const;

/** Lines of cells (headings, notes) as CSV text, without a final line break. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map(safeCell)),
    OPTIONS,
  );
}

/** A header line (when `header`) and the rows under it, as CSV text without a final line break. */
export function csvTable(
  fields: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  header: boolean,
): string {
  return Papa.unparse(
    { fields: fields.map(neutraliseFormulas), data: rows.map((row) => row.map(safeCell)) },
    { ...OPTIONS, header },
  );
}
