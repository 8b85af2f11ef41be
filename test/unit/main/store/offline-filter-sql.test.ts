// The offline copy's filters in SQL, against the reference service's own filter code as the oracle:
// records with awkward values (JSON true beside the string "true", numbers beside strings, missing
// and null fields, non-ASCII cities in every case, dates and non-dates) are stored in a real SQLite
// file and listed page by page with every filter and pairs of filters; every answer must be what the
// sandbox's predicate selects, in the same order. And every filtered query of a finished copy is
// answered through an index: EXPLAIN QUERY PLAN shows the filter's index and never a SCAN of the records.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_RULES, parseListQuery } from '../../../../src/sandbox/filters';
import type { Store } from '../../../../src/main/store/open-store';
import { filterTerms } from '../../../../src/main/store/offline-copy/filter-sql';
import { filteredPageSql } from '../../../../src/main/store/offline-copy/filtered-pages';
import { rowsIndex, rowsTable } from '../../../../src/main/store/offline-copy/listing-tables';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { storeListing, tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';
import { COLLECTIONS, COLLECTION_FILTERS } from '../../../../src/shared/service';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';

let temp: TempStore;
let store: Store;
let reader: OfflineReader;

const VALUES: unknown[] = [
  true,
  false,
  'true',
  'false',
  1,
  0,
  null,
  '',
  'Zürich',
  'ZÜRICH',
  'zürich',
  'Springfield',
  'SPRINGFIELD',
  'ÅRHUS',
  'open',
  'Open',
  'paid',
  'property',
  'ab_1',
  'ab_2',
  42,
  '2024-01-31',
  '2024-02-01',
  '2023-12-31',
  '2024-01-31T10:00:00Z',
  'not a date',
];
const RAWS = [
  'true',
  'false',
  'zürich',
  'ZÜRICH',
  'springfield',
  'Springfield',
  'århus',
  'open',
  'paid',
  'property',
  'ab_1',
  '42',
  '1',
  '2024-01-31',
  '2024-02-01',
  '2023-12-31',
];

/** What the reference service answers for these filters, or undefined when it refuses them. */
function oracle(collection: Collection, filters: Record<string, string>, records: ServiceRecord[]) {
  let predicate: ((r: Record<string, unknown>) => boolean) | undefined;
  try {
    predicate = parseListQuery(new URLSearchParams(filters), FILTER_RULES[collection]).predicate;
  } catch {
    return undefined;
  }
  return predicate ? records.filter(predicate) : records;
}

function listAll(collection: Collection, filters: Record<string, string>, limit: number): ServiceRecord[] {
  const out: ServiceRecord[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = reader.list('c1', collection, filters, cursor, limit);
    out.push(...page.data);
    if (!page.hasMore) return out;
    cursor = page.nextCursor!;
  }
  throw new Error('the listing did not end');
}

const storeCopy = (collection: Collection, records: ServiceRecord[]) =>
  storeListing(store, 'c1', collection, records);

beforeAll(() => {
  temp = tempStore('filter-sql');
  store = temp.store;
  reader = new OfflineReader(store.offlineCopies);
});

afterAll(() => temp.close());

describe('offline filters in SQL', () => {
  for (const collection of COLLECTIONS) {
    const names = Object.keys(COLLECTION_FILTERS[collection]);
    const field = fc.oneof(fc.constant(undefined), fc.constantFrom(...VALUES));
    const record = fc.tuple(...names.map(() => field));
    it(`${collection}: every filter and pair of filters selects what the service selects, in its order`, () => {
      fc.assert(
        fc.property(
          fc.array(record, { minLength: 0, maxLength: 40 }),
          fc.subarray(names, { minLength: 1, maxLength: Math.min(2, names.length) }),
          fc.array(fc.constantFrom(...RAWS), { minLength: 2, maxLength: 2 }),
          fc.integer({ min: 1, max: 7 }),
          (rows, chosen, raws, limit) => {
            const records: ServiceRecord[] = rows.map((values, i) => {
              const r: ServiceRecord = { id: `r${i}` };
              names.forEach((name, j) => {
                if (values[j] !== undefined) r[name] = values[j];
              });
              return r;
            });
            storeCopy(collection, records);
            const filters = Object.fromEntries(chosen.map((name, i) => [name, raws[i]!]));
            const expected = oracle(collection, filters, records);
            if (expected === undefined) {
              // Refused by the service. A boolean or a date the copy refuses too; an enum value the
              // service does not allow is matched exactly by the copy, which has no list of values.
              const refusedByKind = chosen.some(
                (name) =>
                  FILTER_RULES[collection][name]!.kind !== 'enum' &&
                  oracle(collection, { [name]: filters[name]! }, records) === undefined,
              );
              if (refusedByKind)
                expect(() => listAll(collection, filters, limit)).toThrow(/true or false|YYYY-MM-DD/);
              return;
            }
            expect(listAll(collection, filters, limit)).toEqual(expected);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('refuses an ill-formed date or boolean, as the service does, with a clear message', () => {
    storeCopy('payments', [{ id: 'p1', due_date: '2024-01-01' }]);
    expect(() => reader.list('c1', 'payments', { due_date: '2024-02-30' }, undefined, 10)).toThrow(
      /takes a date written YYYY-MM-DD/,
    );
    storeCopy('tenants', [{ id: 't1', is_active: true }]);
    expect(() => reader.list('c1', 'tenants', { is_active: 'yes' }, undefined, 10)).toThrow(/true or false/);
  });
});

describe('offline filters use their indexes', () => {
  const plan = (sql: string, params: number) =>
    store.db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...Array.from({ length: params }, () => '1'))
      .map((r) => (r as { detail: string }).detail)
      .join(' | ');
  const sample: Record<string, string> = { boolean: 'true', date: '2024-01-31', id: 'x_1', text: 'open' };

  /** The copy in use of a collection, stored afresh: its listing number. */
  const liveListing = (collection: Collection) => storeCopy(collection, [{ id: 'r1' }]);

  for (const collection of COLLECTIONS) {
    for (const [name, kind] of Object.entries(COLLECTION_FILTERS[collection])) {
      it(`${collection} by ${name}`, () => {
        const listing = liveListing(collection);
        const terms = filterTerms(collection, { [name]: sample[kind.kind]! });
        const sql = filteredPageSql(listing, terms);
        const drive = plan(sql.drive, (sql.drive.match(/\?/g) ?? []).length);
        expect(drive).toMatch(new RegExp(`USING (COVERING )?INDEX ${rowsIndex(listing, name)} \\(`));
        expect(drive).not.toContain('SCAN');
        if (sql.window) {
          const window = plan(sql.window, (sql.window.match(/\?/g) ?? []).length);
          expect(window).toMatch(
            new RegExp(
              `SEARCH ${rowsTable(listing)} USING INTEGER PRIMARY KEY \\(rowid>\\? AND rowid<\\?\\)`,
            ),
          );
        } else {
          // Matches come out of the index in the copy's order: nothing to sort.
          expect(drive).not.toContain('TEMP B-TREE');
        }
      });
    }
  }

  it('drives a combination by its narrowest filter and checks the others on those rows only', () => {
    const terms = filterTerms('payments', { status: 'paid', due_date: '2024-01-31', lease_id: 'l_1' });
    expect(terms.map((t) => t.name)).toEqual(['lease_id', 'status', 'due_date']);
    const listing = liveListing('payments');
    const sql = filteredPageSql(listing, terms).drive;
    const detail = plan(sql, (sql.match(/\?/g) ?? []).length);
    expect(detail).toContain(`USING INDEX ${rowsIndex(listing, 'lease_id')} (`);
    expect(detail).not.toContain('SCAN');
  });
});
