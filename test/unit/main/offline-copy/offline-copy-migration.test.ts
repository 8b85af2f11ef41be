// Schema version 4 (now 6, then 7) on a database written by version 3: the offline copies in use and a listing being
// fetched are kept (same records, same order, same as-of, resumable), each under its own listing
// number; they are readable and filterable at once, and reported as not yet searchable.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/main/store/migrations/migrate';
import { MIGRATIONS } from '../../../../src/main/store/migrations/migrations';
import { openStore } from '../../../../src/main/store/open-store';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { registerSqlFunctions } from '../../../../src/main/store/sql-functions';
import { keyOf } from '../../../../src/main/store/offline-copy/listing-keys';
import { ROWS_PREFIX, rowsIndex, rowsTable } from '../../../../src/main/store/offline-copy/listing-tables';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-migrate-'));
  file = join(dir, 'propdesk.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

const now = () => new Date('2025-06-01T12:00:00.000Z');
const payment = (i: number) => ({
  id: `pay_${i}`,
  lease_id: `lea_${i % 3}`,
  status: i % 2 ? 'paid' : 'late',
  due_date: `2025-0${1 + (i % 5)}-01`,
});

function writeVersion3(): void {
  const db = new Database(file);
  migrate(db, MIGRATIONS.slice(0, 3), now);
  const stamp = now().toISOString();
  for (const id of ['c1', 'c2'])
    db.prepare(
      "INSERT INTO connections (id, name, base_url, web_origin, kind, created_at, updated_at) VALUES (?, ?, 'http://x.test', NULL, 'remote', ?, ?)",
    ).run(id, id, stamp, stamp);
  const insert = db.prepare('INSERT INTO snapshot_records VALUES (?, ?, ?, ?, ?, ?)');
  // c1: payments in use (generation 2) and a listing being fetched (generation 3); c2: payments in
  // use under the same generation number as c1's, which version 4 must tell apart.
  for (let i = 0; i < 10; i++) insert.run('c1', 'payments', 2, i, `pay_${i}`, JSON.stringify(payment(i)));
  for (let i = 0; i < 4; i++) insert.run('c1', 'payments', 3, i, `pay_${i}`, JSON.stringify(payment(i)));
  for (let i = 0; i < 5; i++)
    insert.run('c2', 'payments', 2, i, `pay_${100 + i}`, JSON.stringify(payment(100 + i)));
  const state = db.prepare(
    `INSERT INTO snapshot_collections (connection_id, collection, live_generation, as_of, live_count, complete,
       staging_generation, staging_cursor, staging_count, staging_started_at, updated_at)
     VALUES (?, 'payments', 2, '2025-05-01T00:00:00.000Z', ?, 1, ?, ?, ?, ?, ?)`,
  );
  state.run('c1', 10, 3, 'cursor-4', 4, '2025-05-30T00:00:00.000Z', stamp);
  state.run('c2', 5, null, null, 0, null, stamp);
  db.close();
}

/** Records in every listing's table of records; throws if the shared table of version 6 is still there. */
function storedRows(db: Database.Database): number {
  expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'snapshot_rows'").get()).toBeUndefined();
  const tables = db
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB '${ROWS_PREFIX}[0-9]*'`)
    .pluck()
    .all() as string[];
  return tables.reduce((n, t) => n + (db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number), 0);
}

describe('schema version 4', () => {
  it('keeps every copy and listing of version 3, readable and filterable, not yet searchable', () => {
    writeVersion3();
    const store = openStore(file, { now });
    try {
      const { offlineCopies } = store;
      expect(offlineCopies.records('c1', 'payments')).toEqual(
        Array.from({ length: 10 }, (_, i) => payment(i)),
      );
      expect(offlineCopies.records('c2', 'payments')).toEqual(
        Array.from({ length: 5 }, (_, i) => payment(100 + i)),
      );
      const c1 = offlineCopies.state('c1', 'payments')!;
      const c2 = offlineCopies.state('c2', 'payments')!;
      expect(new Set([c1.liveListing, c1.stagingListing, c2.liveListing]).size).toBe(3);
      expect(c1).toMatchObject({ asOf: '2025-05-01T00:00:00.000Z', liveCount: 10, stagingCount: 4 });
      expect(c1.stagingCursor).toBe('cursor-4');

      const reader = new OfflineReader(offlineCopies);
      const paid = reader.list('c1', 'payments', { status: 'paid', lease_id: 'lea_1' }, undefined, 2);
      expect(paid.data.map((r) => r.id)).toEqual(['pay_1', 'pay_7']);
      expect(reader.get('c1', 'payments', 'pay_3').record).toEqual(payment(3));

      expect(offlineCopies.liveListings('c1')).toEqual([
        { collection: 'payments', listing: c1.liveListing, asOf: c1.asOf, searchable: false },
      ]);
      // The listing resumes where it stopped; finishing it replaces the old copy.
      offlineCopies.storePage('c1', 'payments', c1.stagingListing!, [payment(4), payment(5)], null);
      offlineCopies.finishListing('c1', 'payments', c1.stagingListing!);
      expect(offlineCopies.records('c1', 'payments').map((r) => r.id)).toEqual([
        'pay_0',
        'pay_1',
        'pay_2',
        'pay_3',
        'pay_4',
        'pay_5',
      ]);
      expect(storedRows(store.db)).toBe(11);
    } finally {
      store.close();
    }
  });
});

// Schema version 7 on a database written by version 6: each listing's records move from the shared
// table into a table of their own; the copy in use keeps its order, filters (through indexes built
// at open), search index and as-of time, and the listing being fetched resumes where it stopped.
describe('schema version 7', () => {
  function writeVersion6(): { live: number; staging: number } {
    const db = new Database(file);
    registerSqlFunctions(db);
    migrate(db, MIGRATIONS.slice(0, 6), now);
    const stamp = now().toISOString();
    db.prepare(
      "INSERT INTO connections (id, name, base_url, web_origin, kind, created_at, updated_at) VALUES ('c1', 'c1', 'http://x.test', NULL, 'remote', ?, ?)",
    ).run(stamp, stamp);
    const listing = db.prepare(
      "INSERT INTO snapshot_listings (connection_id, collection, searchable) VALUES ('c1', 'payments', 0)",
    );
    const live = Number(listing.run().lastInsertRowid);
    const staging = Number(listing.run().lastInsertRowid);
    const row = db.prepare(
      "INSERT INTO snapshot_rows (key, collection, id, json) VALUES (?, 'payments', ?, ?)",
    );
    for (let i = 0; i < 10; i++) row.run(keyOf(live, i), `pay_${i}`, JSON.stringify(payment(i)));
    for (let i = 0; i < 3; i++) row.run(keyOf(staging, i), `pay_${i}`, JSON.stringify(payment(i)));
    db.prepare(
      `INSERT INTO snapshot_collections (connection_id, collection, live_generation, as_of, live_count, complete,
         staging_generation, staging_cursor, staging_count, staging_started_at, updated_at)
       VALUES ('c1', 'payments', ?, '2025-05-01T00:00:00.000Z', 10, 1, ?, 'cursor-3', 3, ?, ?)`,
    ).run(live, staging, stamp, stamp);
    db.close();
    return { live, staging };
  }

  it('moves every listing into a table of its own, indexed once complete, and resumes the one being fetched', () => {
    const { live, staging } = writeVersion6();
    const store = openStore(file, { now });
    try {
      const { offlineCopies } = store;
      expect(storedRows(store.db)).toBe(13);
      expect(offlineCopies.records('c1', 'payments')).toEqual(
        Array.from({ length: 10 }, (_, i) => payment(i)),
      );
      const reader = new OfflineReader(offlineCopies);
      const late = reader.list('c1', 'payments', { status: 'late', lease_id: 'lea_0' }, undefined, 5);
      expect(late.data.map((r) => r.id)).toEqual(['pay_0', 'pay_6']);
      expect(reader.get('c1', 'payments', 'pay_7').record).toEqual(payment(7));
      const indexes = (listing: number) =>
        store.db
          .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? ORDER BY name")
          .pluck()
          .all(rowsTable(listing));
      expect(indexes(live)).toEqual(
        ['by_id', 'due_date', 'lease_id', 'status', 'tenant_id'].map((n) => rowsIndex(live, n)),
      );
      // The listing being fetched gets its indexes when it is complete, not record by record.
      expect(indexes(staging)).toEqual([]);
      const state = offlineCopies.state('c1', 'payments')!;
      expect(state).toMatchObject({
        liveListing: live,
        stagingListing: staging,
        stagingCursor: 'cursor-3',
      });
      offlineCopies.storePage('c1', 'payments', staging, [payment(3)], null);
      offlineCopies.finishListing('c1', 'payments', staging);
      expect(offlineCopies.records('c1', 'payments').map((r) => r.id)).toEqual([
        'pay_0',
        'pay_1',
        'pay_2',
        'pay_3',
      ]);
      expect(indexes(staging)).toHaveLength(5);
      expect(indexes(live)).toEqual([]);
      expect(storedRows(store.db)).toBe(4);
    } finally {
      store.close();
    }
  });
});
