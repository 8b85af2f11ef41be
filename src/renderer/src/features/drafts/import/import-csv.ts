// Reads CSV text for an import into a draft: a header row, then data rows numbered as a spreadsheet
// numbers them (the header is row 1). Quoting, commas and line breaks inside cells are Papa Parse's
// job; blank lines are skipped but still counted, so row numbers match what the user sees.
import Papa from 'papaparse';

export interface CsvRow {
  /** 1-based position in the file, the header being row 1. */
  rowNumber: number;
  cells: string[];
}

export interface ParsedCsv {
  headers: string[];
  rows: CsvRow[];
  /** Problems of particular rows (broken quoting, too many cells), by row number. */
  rowProblems: Array<{ rowNumber: number; message: string }>;
}

/** More rows than any one import can use (a draft holds 200 changes); a larger file is refused. */
export const MAX_IMPORT_ROWS = 5_000;
export const MAX_IMPORT_BYTES = 5_000_000;

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** Commas, or the semicolons or tabs some spreadsheets write, judged by the header line. */
function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const count = (d: string) => header.split(d).length - 1;
  return [';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

export function parseCsv(text: string): { ok: true; csv: ParsedCsv } | { ok: false; message: string } {
  if (text.length > MAX_IMPORT_BYTES) {
    return { ok: false, message: 'The file is too large to import (at most 5 MB).' };
  }
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(input, {
    header: false,
    skipEmptyLines: false,
    delimiter: delimiterOf(input),
  });
  const records = result.data;
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0)
    return { ok: false, message: 'The file is empty: it needs a header row and at least one row.' };
  const headers = records[headerIndex]!.map((h, i) => h.trim() || `Column ${i + 1}`);

  const rowProblems: ParsedCsv['rowProblems'] = [];
  for (const error of result.errors) {
    // Papa's row is the record's index; a missing closing quote swallows the rest of the file.
    const rowNumber = (error.row ?? headerIndex) + 1;
    const message =
      error.code === 'MissingQuotes'
        ? 'A quoted cell is never closed, so this row and everything after it run together'
        : error.code === 'InvalidQuotes'
          ? 'A cell has a stray quote mark'
          : error.message;
    rowProblems.push({ rowNumber, message });
  }

  const rows: CsvRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i += 1) {
    const cells = records[i]!;
    if (isBlank(cells)) continue;
    const rowNumber = i + 1;
    const extra = cells.slice(headers.length).filter((c) => c.trim() !== '');
    if (extra.length > 0) {
      rowProblems.push({
        rowNumber,
        message: `This row has ${cells.length} cells but the header has ${headers.length} columns`,
      });
    }
    // Short rows are padded: a missing trailing cell is an empty one.
    rows.push({ rowNumber, cells: headers.map((_, c) => cells[c] ?? '') });
  }
  if (rows.length === 0) return { ok: false, message: 'The file has a header row but no rows below it.' };
  if (rows.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      message: `The file has ${rows.length.toLocaleString()} rows; at most ${MAX_IMPORT_ROWS.toLocaleString()} can be read, and a draft holds 200 changes.`,
    };
  }
  return { ok: true, csv: { headers, rows, rowProblems } };
}
