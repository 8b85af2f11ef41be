// Every CSV PropDesk writes is safe to open in a spreadsheet: property tests through the real writers
// (collection export and portfolio views) over formula characters, embedded line breaks and ordinary
// text, each file read back with papaparse. Strings keep their text apart from the documented "'"
// guard; numbers stay numbers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRecordsCsv } from '../../../../src/main/export/csv-export';
import { csvHeading, writePortfolioCsv } from '../../../../src/main/portfolio/portfolio-csv';
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

/** The documented guard, spelled out: a "'" before each formula character that starts a line of the value. */
function guarded(original: string): string {
  let out = '';
  for (let i = 0; i < original.length; i++) {
    const previous = original[i - 1];
    const lineStart = i === 0 || previous === '\n' || previous === '\r';
    if (lineStart && FORMULA_CHARS.includes(original[i]!)) out += GUARD;
    out += original[i];
  }
  return out;
}

/** True when some line of the cell, as a spreadsheet splits it, starts with a formula character. */
function formulaAtLineStart(cell: string): boolean {
  for (let i = 0; i < cell.length; i++) {
    const previous = cell[i - 1];
    if ((i === 0 || previous === '\n' || previous === '\r') && FORMULA_CHARS.includes(cell[i]!)) return true;
  }
  return false;
}

function readBack(path: string): string[][] {
  const parsed = Papa.parse<string[]>(readFileSync(path, 'utf8'), { newline: '\r\n', delimiter: ',' });
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
  expect(formulaAtLineStart(read), JSON.stringify(read)).toBe(false);
  expect(read).toBe(guarded(String(original)));
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-csv-formula-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
          const heading = headingText.map((t) => [`Filters: ${t}`]);
          async function* source() {
            for (const page of pageList) yield page;
          }
          // No key here names a reference, so no label is asked for.
          const noLabels = async () => ({ labels: {} });
          const written = await writeRecordsCsv(path, heading, source(), noLabels, () => undefined);
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
      missing: [],
      totals: {},
      notes: t.notes,
      columns: t.labels.map((label, i) => ({ key: `c${i}`, label, kind: 'text' as const })),
      rows: t.rows.map((r, n) => ({
        id: `r${n}`,
        group: r.group,
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
        await writePortfolioCsv(path, t, 'EUR');
        const rows = readBack(path);
        const heading = [
          `PropDesk ${t.title}`,
          `As of: ${t.asOf ?? 'no complete offline copy'}; counted from ${t.today}`,
          ...t.notes.map((n) => `Note: ${n}`),
        ];
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
