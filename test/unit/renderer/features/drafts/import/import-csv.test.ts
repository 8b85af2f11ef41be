// CSV import into a draft: parsing (quotes, commas and line breaks in cells, BOM, blank lines), column
// matching, cell conversion and per-row checks, against two contracts whose fields differ from the
// sandbox's, so nothing about the demo service's field names can be hard-coded.
import { describe, expect, it } from 'vitest';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import harborJson from '../../../../../fixtures/contracts/harbor-openapi-3.0.json?raw';
import { compileContract } from '../../../../../../src/shared/contract';
import type { FieldDescriptor } from '../../../../../../src/shared/contract';
import { parseCsv } from '../../../../../../src/renderer/src/features/drafts/import/import-csv';
import type { ParsedCsv } from '../../../../../../src/renderer/src/features/drafts/import/import-csv';
import { convertCell } from '../../../../../../src/renderer/src/features/drafts/import/import-convert';
import {
  autoMatch,
  ID_COLUMN,
  IGNORE_COLUMN,
  mappingProblems,
} from '../../../../../../src/renderer/src/features/drafts/import/import-mapping';
import { buildImport } from '../../../../../../src/renderer/src/features/drafts/import/import-rows';
import {
  changedFields,
  updateTargets,
  withCurrentRecords,
} from '../../../../../../src/renderer/src/features/drafts/import/import-snapshot';
import type { ImportedChange } from '../../../../../../src/renderer/src/features/drafts/import/import-rows';

const update = (resourceId: string, fields: Record<string, unknown>): ImportedChange => ({
  operation: 'update',
  resourceType: 'lease',
  resourceId,
  fields,
});

const acme = compileContract(JSON.parse(acmeJson) as unknown);
const harbor = compileContract(JSON.parse(harborJson) as unknown);

function parsed(text: string): ParsedCsv {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result.csv;
}

const field = (over: Partial<FieldDescriptor>): FieldDescriptor => ({
  name: 'f',
  label: 'F',
  type: 'string',
  required: false,
  nullable: false,
  readOnly: false,
  ...over,
});

describe('parseCsv', () => {
  it('keeps quotes, commas and line breaks inside quoted cells', () => {
    const csv = parsed(
      'id,note,monthly_rent\r\n' +
        'lease_1,"Rent, after ""review""",1450\r\n' +
        'lease_2,"two\nlines, and a comma",1500\r\n',
    );
    expect(csv.headers).toEqual(['id', 'note', 'monthly_rent']);
    expect(csv.rows).toEqual([
      { rowNumber: 2, cells: ['lease_1', 'Rent, after "review"', '1450'] },
      { rowNumber: 3, cells: ['lease_2', 'two\nlines, and a comma', '1500'] },
    ]);
    expect(csv.rowProblems).toEqual([]);
  });

  it('drops a byte-order mark and skips blank lines while keeping spreadsheet row numbers', () => {
    const csv = parsed('\ufeffID,Monthly Rent\n\nlease_1,1000\n   \n,\nlease_2,1100\n\n');
    expect(csv.headers).toEqual(['ID', 'Monthly Rent']);
    expect(csv.rows.map((r) => [r.rowNumber, r.cells[0]])).toEqual([
      [3, 'lease_1'],
      [6, 'lease_2'],
    ]);
  });

  it('pads short rows, flags rows with extra cells, and names unnamed columns', () => {
    const csv = parsed('id,,rent\nlease_1\nlease_2,x,1,surplus\n');
    expect(csv.headers).toEqual(['id', 'Column 2', 'rent']);
    expect(csv.rows[0]).toEqual({ rowNumber: 2, cells: ['lease_1', '', ''] });
    expect(csv.rowProblems).toEqual([
      { rowNumber: 3, message: 'This row has 4 cells but the header has 3 columns' },
    ]);
  });

  it('reads semicolon-separated files as spreadsheets in some locales write them', () => {
    expect(parsed('id;rent\nlease_1;1200\n').rows[0]!.cells).toEqual(['lease_1', '1200']);
  });

  it('refuses an empty file and a file with a header only', () => {
    expect(parseCsv('')).toMatchObject({ ok: false, message: expect.stringMatching(/empty/) });
    expect(parseCsv('\n\n')).toMatchObject({ ok: false });
    expect(parseCsv('id,rent\n')).toMatchObject({ ok: false, message: expect.stringMatching(/no rows/) });
  });

  it('reports a quote that is never closed at the row where it starts', () => {
    const csv = parsed('id,note\nlease_1,fine\nlease_2,"never closed\nlease_3,x\n');
    expect(csv.rowProblems.some((p) => p.rowNumber === 3 && /never closed/.test(p.message))).toBe(true);
  });
});

describe('convertCell', () => {
  it('reads numbers as spreadsheets write them', () => {
    const n = field({ type: 'number', label: 'Amount' });
    expect(convertCell(' $1,450.50 ', n)).toEqual({ ok: true, value: 1450.5 });
    expect(convertCell('-25', n)).toEqual({ ok: true, value: -25 });
    expect(convertCell('12abc', n)).toEqual({ ok: false, message: 'Amount must be a number (not “12abc”)' });
    expect(convertCell('3.5', field({ type: 'integer' }))).toMatchObject({ ok: false });
    expect(convertCell('3', field({ type: 'integer' }))).toEqual({ ok: true, value: 3 });
  });

  it('reads yes/no, true/false for booleans', () => {
    const b = field({ type: 'boolean' });
    expect(['TRUE', 'yes', 'Y', '1'].map((t) => convertCell(t, b))).toEqual(
      Array(4).fill({ ok: true, value: true }),
    );
    expect(['false', 'No', '0'].map((t) => convertCell(t, b))).toEqual(
      Array(3).fill({ ok: true, value: false }),
    );
    expect(convertCell('maybe', b)).toMatchObject({ ok: false });
  });

  it('accepts only real calendar dates, and date-times with a time', () => {
    const d = field({ type: 'date', label: 'Due date' });
    expect(convertCell('2026-03-31', d)).toEqual({ ok: true, value: '2026-03-31' });
    expect(convertCell('2026-02-30', d)).toMatchObject({ ok: false });
    expect(convertCell('31/03/2026', d)).toMatchObject({
      ok: false,
      message: 'Due date must be a date like 2027-01-31 (not “31/03/2026”)',
    });
    expect(convertCell('2026-03-31 14:30Z', field({ type: 'date-time' }))).toEqual({
      ok: true,
      value: '2026-03-31T14:30:00.000Z',
    });
  });

  it('matches enum values ignoring case, spaces and dashes, and lists the choices otherwise', () => {
    const e = field({ type: 'enum', label: 'Status', enumValues: ['open', 'in_progress', 'closed'] });
    expect(convertCell('In Progress', e)).toEqual({ ok: true, value: 'in_progress' });
    expect(convertCell('CLOSED', e)).toEqual({ ok: true, value: 'closed' });
    expect(convertCell('done', e)).toEqual({
      ok: false,
      message: 'Status must be one of: open, in_progress, closed (not “done”)',
    });
    expect(convertCell('2', field({ type: 'enum', enumValues: [1, 2, 3] }))).toEqual({ ok: true, value: 2 });
  });

  it('treats an empty cell as not given, and "null" as empty only where the field may be empty', () => {
    expect(convertCell('  ', field({ type: 'number' }))).toEqual({ ok: true, value: undefined });
    expect(convertCell('null', field({ type: 'date', nullable: true }))).toEqual({ ok: true, value: null });
    expect(convertCell('null', field({ type: 'string' }))).toEqual({ ok: true, value: 'null' });
  });
});

describe('autoMatch and mappingProblems', () => {
  it('matches names and labels in any case and finds the ID column (Acme)', () => {
    const fields = acme.resources.lease.updateFields;
    const mapping = autoMatch(['Lease ID', 'MONTHLY RENT', 'status', 'Comment'], fields, 'update', 'lease');
    expect(mapping).toEqual([ID_COLUMN, 'monthly_rent', 'status', IGNORE_COLUMN]);
    expect(mappingProblems(mapping, 'update', fields)).toEqual([]);
  });

  it('uses the contract’s own names, not the sandbox’s (Harbor: rent_pcm, state)', () => {
    const fields = harbor.resources.lease.updateFields;
    const mapping = autoMatch(['id', 'monthly_rent', 'Rent pcm', 'State'], fields, 'update', 'lease');
    expect(mapping).toEqual([ID_COLUMN, IGNORE_COLUMN, 'rent_pcm', 'state']);
  });

  it('fills each field from one column at most and says what is missing', () => {
    const fields = acme.resources.lease.createFields;
    const mapping = autoMatch(['monthly_rent', 'Monthly rent', 'unit_id'], fields, 'create', 'lease');
    expect(mapping).toEqual(['monthly_rent', IGNORE_COLUMN, 'unit_id']);
    const problems = mappingProblems(mapping, 'create', fields);
    expect(problems.join(' ')).toMatch(/New records need “Tenant”, “Start date”, “Status”/);
    expect(mappingProblems(['monthly_rent'], 'update', fields)).toContain(
      'Choose the column that holds the ID of each record to change.',
    );
    expect(mappingProblems([ID_COLUMN, 'status', 'status'], 'update', fields).join(' ')).toMatch(
      /Two columns fill/,
    );
  });
});

describe('buildImport', () => {
  it('turns valid rows into updates and reports each bad row with its number, field and reason (Acme)', () => {
    const csv = parsed(
      [
        'Lease ID,Monthly rent,Status,End date',
        'lease_1,"$1,450.00",active,',
        'lease_2,0,active,2026-12-31',
        'lease_3,abc,finished,2026-02-30',
        '',
        ',1200,,',
        'lease_1,1500,,',
        'lease_5,,,',
        'lease_6,1600,ended,null',
      ].join('\n'),
    );
    const fields = acme.resources.lease.updateFields;
    const plan = buildImport(csv, autoMatch(csv.headers, fields, 'update', 'lease'), acme, 'lease', 'update');
    expect(plan.total).toBe(7);
    expect(plan.valid).toEqual([
      {
        rowNumber: 2,
        change: {
          operation: 'update',
          resourceType: 'lease',
          resourceId: 'lease_1',
          fields: { monthly_rent: 1450, status: 'active' },
        },
      },
      {
        rowNumber: 9,
        change: {
          operation: 'update',
          resourceType: 'lease',
          resourceId: 'lease_6',
          fields: { monthly_rent: 1600, status: 'ended', end_date: null },
        },
      },
    ]);
    expect(plan.invalidRows).toBe(5);
    const byRow = (n: number) => plan.problems.filter((p) => p.rowNumber === n);
    // The contract says rent is above zero: the schema's check, pointed at the field.
    expect(byRow(3)).toEqual([{ rowNumber: 3, field: 'Monthly rent', message: expect.any(String) }]);
    expect(byRow(4).map((p) => p.field)).toEqual(['Monthly rent', 'Status', 'End date']);
    expect(byRow(4)[1]!.message).toBe('Status must be one of: draft, active, ended (not “finished”)');
    expect(byRow(6)).toEqual([{ rowNumber: 6, field: 'Record ID', message: 'No record ID in this row' }]);
    expect(byRow(7)[0]!.message).toMatch(/Row 2 already changes this record/);
    expect(byRow(8)).toEqual([
      { rowNumber: 8, field: '', message: 'Change at least one field of this lease' },
    ]);
  });

  it('checks new records against the other contract’s required fields (Harbor)', () => {
    const csv = parsed(
      'unit_ref,tenant_ref,begins,rent_pcm,state\nu1,t1,2026-01-01,950,live\nu2,t2,,900,Pending\n',
    );
    const fields = harbor.resources.lease.createFields;
    const mapping = autoMatch(csv.headers, fields, 'create', 'lease');
    expect(mappingProblems(mapping, 'create', fields)).toEqual([]);
    const plan = buildImport(csv, mapping, harbor, 'lease', 'create');
    expect(plan.valid.map((v) => v.change.fields)).toEqual([
      { unit_ref: 'u1', tenant_ref: 't1', begins: '2026-01-01', rent_pcm: 950, state: 'live' },
    ]);
    expect(plan.problems).toEqual([
      { rowNumber: 3, field: 'Begins', message: 'Begins is required for a new lease' },
    ]);
  });

  it('carries file problems (extra cells) onto their rows', () => {
    const csv = parsed('id,monthly_rent\nlease_1,1000,oops\nlease_2,1100\n');
    const plan = buildImport(csv, [ID_COLUMN, 'monthly_rent'], acme, 'lease', 'update');
    expect(plan.valid.map((v) => v.rowNumber)).toEqual([3]);
    expect(plan.problems).toEqual([
      { rowNumber: 2, field: '', message: 'This row has 3 cells but the header has 2 columns' },
    ]);
  });
});

describe('snapshots of imported updates', () => {
  it('suggests only the fields that differ from the record as read', () => {
    const record = { id: 'lease_1', monthly_rent: 1450, status: 'active', end_date: null };
    expect(changedFields({ monthly_rent: 1450, status: 'ended' }, record)).toEqual({ status: 'ended' });
    expect(changedFields({ monthly_rent: 1450, end_date: null }, record)).toBeNull();
  });

  it('keeps each update with the record main read for it, and counts the rest', () => {
    const rows = [
      { rowNumber: 2, change: update('lease_1', { monthly_rent: 1500 }) },
      { rowNumber: 3, change: update('lease_2', { monthly_rent: 900 }) },
      { rowNumber: 4, change: update('lease_3', { monthly_rent: 1000 }) },
      { rowNumber: 5, change: update('lease_4', { monthly_rent: 1100 }) },
    ];
    expect(updateTargets(rows)).toEqual(['lease_1', 'lease_2', 'lease_3', 'lease_4']);
    const read = withCurrentRecords(rows, 'lease', [
      { id: 'lease_1', state: 'read', record: { id: 'lease_1', monthly_rent: 1450 } },
      { id: 'lease_2', state: 'read', record: { id: 'lease_2', monthly_rent: 900 } },
      { id: 'lease_3', state: 'unread', message: 'offline' },
      { id: 'lease_4', state: 'missing' },
    ]);
    expect(read.changes).toEqual([
      { ...rows[0]!.change, snapshot: { id: 'lease_1', monthly_rent: 1450 } },
      { ...rows[2]!.change, snapshot: null },
    ]);
    expect(read.unchanged).toBe(1);
    expect(read.unread).toBe(1);
    expect(read.missing).toEqual([
      {
        rowNumber: 5,
        field: 'Record ID',
        message: 'No lease with ID lease_4 can be read from the service',
      },
    ]);
  });
});
