// How a sort over the offline copy is answered: a whole listing sorted by a field is read in order
// from an index built the first time it is asked for (no sorting at all after that, EXPLAIN QUERY
// PLAN shows no temporary B-tree), with the same order as sorting the rows; a sort with an ID filter
// is driven by that filter's index and only sorts what matched.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareRecords } from '../../../../src/shared/list-order';
import type { ListSort } from '../../../../src/shared/list-order';
import { KEPT_SORT_INDEXES, orderedKeysSql } from '../../../../src/main/store/offline-copy/sorted-order';
import { ROWS_PREFIX } from '../../../../src/main/store/offline-copy/listing-tables';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { storeListing, tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

let temp: TempStore;
let listing: number;

// Amounts as numbers, a string and missing; statuses in mixed case; ties to be broken by ID.
const payments = Array.from({ length: 60 }, (_, i) => ({
  id: `pay_${String((i * 37) % 60).padStart(2, '0')}`,
  amount: i % 11 === 0 ? undefined : i % 13 === 0 ? 'n/a' : (i * 7) % 23,
  status: ['paid', 'Late', 'late', 'pending'][i % 4],
  lease_id: `lea_${i % 5}`,
}));

beforeEach(() => {
  temp = tempStore('sorted-order');
  listing = storeListing(temp.store, 'c1', 'payments', payments);
});
afterEach(() => temp.close());

const plan = (sql: string, values: string[]) =>
  (temp.store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as Array<{ detail: string }>)
    .map((r) => r.detail)
    .join(' | ');

const sortedIds = (sort: ListSort, filters: Record<string, string> = {}) => {
  const reader = new OfflineReader(temp.store.offlineCopies);
  return reader.list('c1', 'payments', filters, undefined, 100, { sort }).data.map((r) => r.id);
};

describe('sorting a listing of the offline copy', () => {
  const sorts: ListSort[] = [
    { field: 'amount', direction: 'asc', kind: 'number' },
    { field: 'amount', direction: 'desc', kind: 'number' },
    { field: 'status', direction: 'asc', kind: 'text' },
    { field: 'status', direction: 'desc', kind: 'text' },
  ];

  it.each(sorts)('reads a whole listing by %o from its index, in the rule’s order', (sort) => {
    const expected = [...payments].sort((a, b) => compareRecords(a, b, sort)).map((p) => p.id);
    expect(sortedIds(sort)).toEqual(expected);
    const { sql, values } = orderedKeysSql(listing, 'payments', {}, {}, sort);
    const detail = plan(sql, values);
    expect(detail).toMatch(new RegExp(`USING COVERING INDEX ${ROWS_PREFIX}\\d+_sort_`));
    expect(detail).not.toContain('TEMP B-TREE');
    // Asked again: the same order.
    expect(sortedIds(sort)).toEqual(expected);
  });

  it('keeps the indexes of the last few sorts only, so sorting by field after field does not grow the file', () => {
    const sortIndexes = () =>
      (
        temp.store.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all() as string[]
      ).filter((name) => name.startsWith(`${ROWS_PREFIX}${listing}_sort_`));
    const many: ListSort[] = ['amount', 'status', 'id', 'lease_id'].flatMap((field) =>
      (['asc', 'desc'] as const).map((direction) => ({ field, direction, kind: 'text' as const })),
    );
    for (const sort of many) sortedIds(sort);
    expect(sortIndexes()).toHaveLength(KEPT_SORT_INDEXES);
    // The sort used first lost its index; asked again, it is in the rule's order all the same.
    const first = many[0]!;
    const expected = [...payments].sort((a, b) => compareRecords(a, b, first)).map((p) => p.id);
    expect(sortedIds(first)).toEqual(expected);
    expect(sortIndexes()).toHaveLength(KEPT_SORT_INDEXES);
  });

  it('drives a sort with an ID filter by that filter’s index', () => {
    const sort: ListSort = { field: 'amount', direction: 'desc', kind: 'number' };
    const filters = { lease_id: 'lea_2' };
    const expected = payments
      .filter((p) => p.lease_id === 'lea_2')
      .sort((a, b) => compareRecords(a, b, sort))
      .map((p) => p.id);
    expect(sortedIds(sort, filters)).toEqual(expected);
    const { sql, values } = orderedKeysSql(listing, 'payments', filters, {}, sort);
    expect(plan(sql, [...values])).toMatch(new RegExp(`USING INDEX ${ROWS_PREFIX}\\d+_lease_id \\(`));
  });
});
