// Every CSV PropDesk writes is safe to open in a spreadsheet: property tests through the real writers
// (collection export and portfolio views) over formula characters, embedded line breaks, ";" and tabs
// (where a spreadsheet set to a ";"-separated locale, or a tab-separated reader, starts a new cell) and
// ordinary text, each file read back with papaparse. Strings keep their text apart from the documented
// "'" guard; numbers stay numbers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellOf, writeRecordsCsv } from '../../../../src/main/export/csv-export';
import { csvHeading, describeTable, writePortfolioCsv } from '../../../../src/main/portfolio/portfolio-csv';
import type { PortfolioTable } from '../../../../src/shared/portfolio';
import type { ServiceRecord } from '../../../../src/shared/service';

const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r'];
const GUARD = "'";

/** Text built from the characters that matter here, mixed with ordinary text. */
const tricky = fc
  .array(
    fc.oneof(
      fc.constantFrom(...FORMULA_CHARS, '\n', '\r\n', GUARD, '"', ',', ' ', ';'),
      fc.constantFrom('SUM(A1:A9)', 'cmd|/c calc', 'HYPERLINK("x")', '45', 'Main St', 'é'),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));
const text = fc.oneof(tricky, fc.string({ maxLength: 20 }));
const number = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value = fc.oneof(text, number, fc.boolean(), fc.constant(null));

/** Where a spreadsheet may start a cell: the value's start, after a line break, a ";" or a tab. */
const CELL_STARTS_AFTER = ['\n', '\r', ';', '\t'];
const cellStart = (text: string, i: number) => i === 0 || CELL_STARTS_AFTER.includes(text[i - 1]!);

/** The documented guard, spelled out: a "'" before each formula character where a cell may start. */
function guarded(original: string): string {
  let out = '';
  for (let i = 0; i < original.length; i++) {
    if (cellStart(original, i) && FORMULA_CHARS.includes(original[i]!)) out += GUARD;
    out += original[i];
  }
  return out;
}

/** True when some cell of the value, as any spreadsheet splits it, starts with a formula character. */
function formulaAtCellStart(cell: string): boolean {
  for (let i = 0; i < cell.length; i++)
    if (cellStart(cell, i) && FORMULA_CHARS.includes(cell[i]!)) return true;
  return false;
}

function readBack(path: string): string[][] {
  const text = readFileSync(path, 'utf8');
  // Every file starts with a byte-order mark, so a spreadsheet reads it as UTF-8.
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n', delimiter: ',' });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  // The file ends with a line break, which papaparse reads as a last empty row (two after a header
  // with no rows). Every real row has at least two cells or a non-empty id, so none is dropped here.
  expect(rows.at(-1)).toEqual(['']);
  while (rows.length > 0 && rows.at(-1)!.length === 1 && rows.at(-1)![0] === '') rows.pop();
  return rows;
}

function expectCell(read: string, original: unknown): void {
  if (typeof original === 'number') {
    // Written as the number itself (-45, not '-45), so a spreadsheet reads a number.
    expect(read).toBe(String(original));
    expect(Number(read)).toBe(original === 0 ? 0 : original);
    return;
  }
  if (typeof original === 'boolean') return void expect(read).toBe(String(original));
  if (original === null || original === undefined) return void expect(read).toBe('');
  expect(formulaAtCellStart(read), JSON.stringify(read)).toBe(false);
  expect(read).toBe(guarded(String(original)));
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-csv-formula-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

describe('collection export CSV', () => {
  const key = text.filter((k) => k.length > 0 && k !== '__proto__' && k !== 'id');
  const record = fc
    .tuple(
      text.filter((id) => id.length > 0),
      fc.dictionary(key, value, { maxKeys: 5 }),
    )
    .map(([id, fields]): ServiceRecord => ({ ...fields, id }));
  const pages = fc.array(fc.array(record, { maxLength: 4 }), { minLength: 1, maxLength: 3 });

  it('neutralises every formula in headings, headers and cells, keeps text and numbers', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 3 }),
        pages,
        async (headingText, pageList) => {
          const path = join(dir, `records-${run++}.csv`);
          // The one line before the header, when asked for, says what the file is.
          const description = headingText.map((t) => `Filters: ${t}`).join(' ');
          const heading = [[description]];
          async function* source() {
            for (const page of pageList) yield page;
          }
          // No key here names a reference, so no label is asked for.
          const noLabels = async () => ({ labels: {} });
          const { written } = await writeRecordsCsv(path, source(), noLabels, () => undefined, {
            description,
            cell: cellOf(new Set()),
          });
          const records = pageList.flat();
          expect(written).toBe(records.length);

          const rows = readBack(path);
          heading.forEach((line, i) => expectCell(rows[i]![0]!, line[0]));
          const columns = [...new Set(['id', ...pageList[0]!.flatMap((r) => Object.keys(r))])];
          const header = rows[heading.length]!;
          expect(header).toHaveLength(columns.length);
          columns.forEach((c, i) => expectCell(header[i]!, c));
          const data = rows.slice(heading.length + 1);
          expect(data).toHaveLength(records.length);
          // A record without a column (even one named like an Object method, "valueOf") has an empty cell.
          records.forEach((r, n) =>
            columns.forEach((c, i) => expectCell(data[n]![i]!, Object.hasOwn(r, c) ? r[c] : undefined)),
          );
        },
      ),
    );
  });
});

describe('portfolio view CSV', () => {
  const table = fc
    .record({
      title: text,
      groupLabel: text,
      asOf: fc.option(text, { nil: null }),
      notes: fc.array(text, { maxLength: 2 }),
      labels: fc.array(text, { minLength: 1, maxLength: 4 }),
      rows: fc.array(fc.record({ group: text, cells: fc.array(fc.oneof(text, number, fc.constant(null))) }), {
        maxLength: 5,
      }),
    })
    .map((t): PortfolioTable => ({
      view: 'rent-roll',
      focus: null,
      title: t.title,
      groupLabel: t.groupLabel,
      asOf: t.asOf,
      today: '2026-11-23',
      asOfDay: null,
      period: null,
      groupHeadings: true,
      missing: [],
      totals: {},
      notes: t.notes,
      columns: t.labels.map((label, i) => ({ key: `c${i}`, label, kind: 'text' as const })),
      rows: t.rows.map((r, n) => ({
        id: `r${n}`,
        group: r.group,
        groupKey: `g${n}`,
        groupNote: null,
        opens: null,
        cells: Object.fromEntries(t.labels.map((_l, i) => [`c${i}`, r.cells[i] ?? null])),
        flag: null,
      })),
      summary: [],
    }));

  it('neutralises every formula in the heading, header and cells, keeps text and numbers', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(table, async (t) => {
        const path = join(dir, `portfolio-${run++}.csv`);
        await writePortfolioCsv(path, t, { currency: 'EUR', description: { connection: t.groupLabel } });
        const rows = readBack(path);
        const heading = [describeTable(t, t.groupLabel)];
        heading.forEach((line, i) => expectCell(rows[i]![0]!, line));
        const header = rows[heading.length]!;
        [t.groupLabel, ...t.columns.map((c) => csvHeading(c, 'EUR'))].forEach((h, i) =>
          expectCell(header[i]!, h),
        );
        const data = rows.slice(heading.length + 1);
        expect(data).toHaveLength(t.rows.length);
        t.rows.forEach((r, n) =>
          [r.group, ...t.columns.map((c) => r.cells[c.key])].forEach((v, i) => expectCell(data[n]![i]!, v)),
        );
      }),
    );
  });
});

describe('a spreadsheet set to a ";"-separated locale', () => {
  it('reads no formula in a value that holds ";=" or a tab before a formula character', async () => {
    const path = join(dir, 'semicolon.csv');
    async function* source() {
      yield [{ id: 't1', name: "x;=cmd|' /C calc'!A0", note: 'ok\t+1', plain: 'a;b' }];
    }
    await writeRecordsCsv(
      path,
      source(),
      async () => ({ labels: {} }),
      () => undefined,
      {
        description: null,
        cell: cellOf(new Set()),
      },
    );
    const [, row] = readBack(path);
    expect(row).toEqual(['t1', "x;'=cmd|' /C calc'!A0", "ok\t'+1", 'a;b']);
    // Split as such a spreadsheet splits the line, no cell starts a formula.
    const cells = readFileSync(path, 'utf8').split('\r\n')[1]!.split(/[;\t]/);
    expect(cells.filter((c) => /^[=+\-@]/.test(c.replace(/^"/, '')))).toEqual([]);
  });
});
