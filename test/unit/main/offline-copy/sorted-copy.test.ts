// Sorting every row and "ending between": a sort over the offline copy (in SQL) gives exactly the
// service's records sorted by the same rule, numbers as numbers, dates as dates, text ignoring case,
// empty values last, ties by ID, filters applied; "ending between" gives exactly the leases whose end
// date is in the range, read live page by page (pages cut to nothing do not end the list) and from
// the copy once the service is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareRecords, sortValue } from '../../../../src/shared/list-order';
import type { ListSort } from '../../../../src/shared/list-order';
import type { LowerBounds } from '../../../../src/shared/date-range';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 11 });
  await offlineCopyToEnd(fx.services);
});

afterAll(async () => {
  await fx?.close();
});

async function readAll(
  collection: Collection,
  filters: Record<string, string>,
  extra: { sort?: ListSort; onOrAfter?: LowerBounds },
  limit: number,
): Promise<{ rows: ServiceRecord[]; pages: number; emptyBeforeEnd: number; asOf: string | undefined }> {
  const rows: ServiceRecord[] = [];
  let cursor: string | undefined;
  let pages = 0;
  // A page with nothing on it while more follow would end a list that loads as the user scrolls.
  let emptyBeforeEnd = 0;
  let asOf: string | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await fx.services.handlers['collections.list']({
      collection,
      filters,
      limit,
      ...extra,
      ...(cursor ? { cursor } : {}),
    });
    pages++;
    asOf = page.offline?.asOf;
    rows.push(...page.data);
    if (page.hasMore && page.data.length === 0) emptyBeforeEnd++;
    if (!page.hasMore) break;
    cursor = page.nextCursor!;
  }
  return { rows, pages, emptyBeforeEnd, asOf };
}

const ids = (rows: ServiceRecord[]) => rows.map((r) => r.id);

/** The service's leases whose end date is in [from, to]; month-to-month leases have none. */
async function leasesEndingBetween(from: string, to: string): Promise<ServiceRecord[]> {
  const upTo = await cleanListing(fx.sandbox.baseUrl, fx.key, 'leases', { end_date: to });
  return upTo.filter((r) => typeof r.end_date === 'string' && r.end_date >= from);
}

/** End dates of the copy's leases, so ranges are picked from the data as a user would. */
function endDates(): string[] {
  return fx.services.store.offlineCopies
    .records(fx.connectionId, 'leases')
    .map((r) => r.end_date)
    .filter((d): d is string => typeof d === 'string')
    .sort();
}

describe('sorting every row of the offline copy', () => {
  const cases: Array<[Collection, ListSort, Record<string, string>]> = [
    ['leases', { field: 'monthly_rent', direction: 'asc', kind: 'number' }, {}],
    ['leases', { field: 'monthly_rent', direction: 'desc', kind: 'number' }, {}],
    ['leases', { field: 'end_date', direction: 'asc', kind: 'date' }, {}],
    ['leases', { field: 'end_date', direction: 'desc', kind: 'date' }, {}],
    ['tenants', { field: 'name', direction: 'asc', kind: 'text' }, {}],
    ['leases', { field: 'status', direction: 'desc', kind: 'text' }, {}],
    ['properties', { field: 'is_active', direction: 'asc', kind: 'boolean' }, {}],
    ['payments', { field: 'due_date', direction: 'desc', kind: 'date' }, { status: 'paid' }],
  ];

  it.each(cases)(
    '%s by %o with %o equals the service’s records sorted the same way',
    async (collection, sort, filters) => {
      const service = await cleanListing(fx.sandbox.baseUrl, fx.key, collection, filters);
      expect(service.length).toBeGreaterThan(5);
      const expected = [...service].sort((a, b) => compareRecords(a, b, sort));
      const got = await readAll(collection, filters, { sort }, 37);
      expect(ids(got.rows)).toEqual(ids(expected));
      expect(got.asOf).toMatch(/^\d{4}-/);
      // And the order is what a user expects of the column, checked without the shared rule.
      const values = got.rows.map((r) => sortValue(r[sort.field], sort.kind));
      const firstEmpty = values.indexOf(undefined);
      if (firstEmpty >= 0) expect(values.slice(firstEmpty).every((v) => v === undefined)).toBe(true);
      const present = values.filter((v) => v !== undefined);
      for (let i = 1; i < present.length && sort.kind !== 'text'; i++) {
        const [a, b] = [present[i - 1]!, present[i]!];
        const ascending = typeof a === 'number' ? a <= (b as number) : String(a) <= String(b);
        const equal = a === b;
        expect(equal || (sort.direction === 'asc' ? ascending : !ascending)).toBe(true);
      }
    },
  );

  it('sorts numbers as numbers, not as text, and puts leases without an end date last', async () => {
    const rents = (
      await readAll('leases', {}, { sort: { field: 'monthly_rent', direction: 'asc', kind: 'number' } }, 100)
    ).rows.map((r) => r.monthly_rent as number);
    expect(rents).toEqual([...rents].sort((a, b) => a - b));
    const ends = (
      await readAll('leases', {}, { sort: { field: 'end_date', direction: 'desc', kind: 'date' } }, 100)
    ).rows;
    expect(ends.some((r) => r.end_date == null)).toBe(true);
    expect(ends.at(-1)!.end_date ?? null).toBeNull();
    expect(ends[0]!.end_date).toBe(endDates().at(-1));
  });

  it('refuses a sort by a field the contract does not name before building anything for it', async () => {
    const sortIndexes = () =>
      fx.services.store.db
        .prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name LIKE '%sort%'")
        .pluck()
        .get() as number;
    const before = sortIndexes();
    for (const field of ['no_such_field', 'nothing_here_2', 'json'])
      await expect(
        fx.services.handlers['collections.list']({
          collection: 'leases',
          filters: {},
          sort: { field, direction: 'asc', kind: 'text' },
        }),
      ).rejects.toThrow(new RegExp(`leases have no field “${field}” to sort by`));
    expect(sortIndexes()).toBe(before);
  });

  it('refuses to sort a collection with no offline copy, in plain words', async () => {
    fx.services.store.offlineCopies.forget(fx.connectionId);
    await expect(
      fx.services.handlers['collections.list']({
        collection: 'leases',
        filters: {},
        sort: { field: 'monthly_rent', direction: 'asc', kind: 'number' },
      }),
    ).rejects.toThrow(/needs the offline copy/);
    await offlineCopyToEnd(fx.services);
  });
});

describe('leases ending between two dates', () => {
  it('live: exactly the leases in the range, and small pages cut to nothing do not end the list', async () => {
    const dates = endDates();
    // A narrow range near the end of the dates: most pages of the service hold none of it.
    const from = dates[Math.floor(dates.length * 0.9)]!;
    const to = dates[Math.floor(dates.length * 0.95)]!;
    const expected = await leasesEndingBetween(from, to);
    expect(expected.length).toBeGreaterThan(1);
    // Without a copy (a complete one would answer first), the service is read.
    fx.services.store.offlineCopies.forget(fx.connectionId);
    const got = await readAll('leases', { end_date: to }, { onOrAfter: { end_date: from } }, 3);
    await offlineCopyToEnd(fx.services);
    expect(got.asOf).toBeUndefined();
    expect(ids(got.rows)).toEqual(ids(expected));
    expect(got.emptyBeforeEnd).toBe(0);
    expect(got.rows.every((r) => (r.end_date as string) >= from && (r.end_date as string) <= to)).toBe(true);
  });

  it('from the copy with the service gone: the same leases, also sorted by rent', async () => {
    const dates = endDates();
    const from = dates[Math.floor(dates.length * 0.2)]!;
    const to = dates[Math.floor(dates.length * 0.6)]!;
    const expected = await leasesEndingBetween(from, to);
    const active = await leasesEndingBetween(from, to).then((rows) =>
      rows.filter((r) => r.status === 'active'),
    );
    await fx.sandbox.close();
    const got = await readAll('leases', { end_date: to }, { onOrAfter: { end_date: from } }, 25);
    expect(got.asOf).toMatch(/^\d{4}-/);
    expect(ids(got.rows)).toEqual(ids(expected));
    expect(got.emptyBeforeEnd).toBe(0);
    const sort: ListSort = { field: 'monthly_rent', direction: 'desc', kind: 'number' };
    const sorted = await readAll(
      'leases',
      { end_date: to, status: 'active' },
      { onOrAfter: { end_date: from }, sort },
      10,
    );
    expect(ids(sorted.rows)).toEqual(ids([...active].sort((a, b) => compareRecords(a, b, sort))));
    expect(sorted.rows.length).toBeGreaterThan(0);
  });
});
