// The CSV text of every file PropDesk writes, safe to open in a spreadsheet: papaparse does the
// quoting, and every string (headings, headers, cells) is neutralised here first, so no line of any
// cell starts a formula. Numbers, booleans and empty cells are written as they are.
import Papa from 'papaparse';

export type CsvCell = string | number | boolean | null | undefined;

/** The documented guard: spreadsheets show a leading apostrophe's text as text. */
export const FORMULA_GUARD = "'";

// Zero-width positions at the start of the value or right after a line break, in front of a character
// that makes a spreadsheet read a formula. papaparse's own escapeFormulae looks only at the very start,
// and not at all when the value holds a line break; a spreadsheet that splits a cell's lines would
// read "ok\n=HYPERLINK(…)" as a formula.
const FORMULA_AT_LINE_START = /(?<=^|[\r\n])(?=[=+\-@\t\r])/g;

/** The text with the guard before each formula character that starts one of its lines; nothing else changes. */
export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_AT_LINE_START, FORMULA_GUARD);
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
