// A database written by every earlier version of PropDesk's schema (1 to 9) opens in this version and
// reads as it was written: the connection and the active choice, the cached contract, drafts, a
// submission waiting in the outbox, tracked suggestions, and the offline copy in each of its earlier
// layouts (readable, filterable, searchable where it was, resumable), with nothing left named in the
// old words and new listings numbered after the old ones.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../../src/main/store/contract-cache-repo';
import { migrate } from '../../../../src/main/store/migrations/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../../src/main/store/migrations/migrations';
import { keyOf } from '../../../../src/main/store/offline-copy/listing-keys';
import { rowsIndex } from '../../../../src/main/store/offline-copy/listing-tables';
import { openStore } from '../../../../src/main/store/open-store';
import { registerSqlFunctions } from '../../../../src/main/store/sql-functions';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-earlier-'));
  file = join(dir, 'propdesk.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

const AT = '2025-05-01T00:00:00.000Z';
const CONTRACT = '{"openapi":"3.1.0","info":{"title":"Earlier","version":"1"}}';
const tenants = Array.from({ length: 6 }, (_, i) => ({
  id: `ten_${i}`,
  name: ['Aisha Cohen', 'Jonah Larsen', 'Maria Lopez'][i % 3]!,
  is_active: i % 2 === 0,
}));
const BODY = JSON.stringify({ label: 'Rent review', changes: [] });

/** What every version since 1 (and since 2, for drafts and suggestions) stored the same way. */
function writeCommon(db: Database.Database, version: number): void {
  db.prepare(
    `INSERT INTO connections (id, name, base_url, web_origin, kind, created_at, updated_at)
     VALUES ('c1', 'Earlier', 'https://pm.example.com', NULL, 'remote', ?, ?)`,
  ).run(AT, AT);
  db.prepare(`INSERT INTO settings (key, value, updated_at) VALUES ('activeConnectionId', '"c1"', ?)`).run(
    AT,
  );
  db.prepare('INSERT INTO contract_cache (connection_id, json, hash, fetched_at) VALUES (?, ?, ?, ?)').run(
    'c1',
    CONTRACT,
    sha256Hex(CONTRACT),
    AT,
  );
  if (version < 2) return;
  const draft = db.prepare(
    `INSERT INTO drafts (id, connection_id, label, state, revision, created_at, updated_at)
     VALUES (?, 'c1', ?, ?, 3, ?, ?)`,
  );
  draft.run('d1', 'Repairs', 'editing', AT, AT);
  draft.run('d2', 'Rent review', 'submitting', AT, AT);
  db.prepare(
    `INSERT INTO draft_changes (id, draft_id, position, operation, resource_type, resource_id, fields, snapshot, updated_at)
     VALUES ('ch1', 'd1', 0, 'update', 'lease', 'lea_1', '{"monthly_rent":1500}', '{"monthly_rent":1400}', ?)`,
  ).run(AT);
  db.prepare(
    `INSERT INTO submissions (id, draft_id, connection_id, idempotency_key, body, state, created_at, updated_at)
     VALUES ('s1', 'd2', 'c1', 'propdesk-key-1', ?, 'queued', ?, ?)`,
  ).run(BODY, AT, AT);
  // From version 5 on, a submission names the server it was made for as it is queued.
  if (version >= 5) db.prepare(`UPDATE submissions SET made_for = 'https://pm.example.com'`).run();
  db.prepare(
    `INSERT INTO tracked_batches (connection_id, batch_id, origin, label, submitted_at)
     VALUES ('c1', 'b1', 'app', 'Earlier batch', ?)`,
  ).run(AT);
  db.prepare(
    `INSERT INTO tracked_proposals (connection_id, proposal_id, batch_id, position, operation, resource_type,
       resource_id, fields, summary, status, flags, expires_at, updated_at)
     VALUES ('c1', 'p1', 'b1', 0, 'update', 'lease', 'lea_1', '{"monthly_rent":1500}', 'Rent', 'proposed', '[]',
       '2025-06-01T00:00:00.000Z', ?)`,
  ).run(AT);
  db.prepare(
    `INSERT INTO proposal_events (connection_id, proposal_id, status, at) VALUES ('c1', 'p1', 'proposed', ?)`,
  ).run(AT);
}

/** Versions 3 to 5: every record in one table, by connection, collection and a per-collection number. */
function writeCopyOfVersion3(db: Database.Database): void {
  const insert = db.prepare(`INSERT INTO snapshot_records VALUES ('c1', 'tenants', 4, ?, ?, ?)`);
  tenants.forEach((t, i) => insert.run(i, t.id, JSON.stringify(t)));
  db.prepare(
    `INSERT INTO snapshot_collections (connection_id, collection, live_generation, as_of, live_count, complete, updated_at)
     VALUES ('c1', 'tenants', 4, ?, ?, 1, ?)`,
  ).run(AT, tenants.length, AT);
  db.prepare(`INSERT INTO snapshot_settings (connection_id, keep_copy, updated_at) VALUES ('c1', 1, ?)`).run(
    AT,
  );
}

/** The names versions 6 and 7 gave the offline copy's tables and columns, and those of version 8. */
function wordsOf(version: number) {
  return version >= 8
    ? {
        listings: 'offline_copy_listings',
        rows: 'listing_rows_',
        search: 'listing_search_',
        collections: 'offline_copy_collections',
        live: 'live_listing',
        settings: 'offline_copy_settings',
      }
    : {
        listings: 'snapshot_listings',
        rows: 'snapshot_rows_',
        search: 'snapshot_search_',
        collections: 'snapshot_collections',
        live: 'live_generation',
        settings: 'snapshot_settings',
      };
}

/** The full-text index of versions 6 to 8, filled as they filled it. */
function writeSearchIndex(db: Database.Database, listing: number, version: number): void {
  const t = `${wordsOf(version).search}${listing}`;
  db.exec(
    `CREATE VIRTUAL TABLE ${t} USING fts5(text, content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`,
  );
  const add = db.prepare(`INSERT INTO ${t} (rowid, text) VALUES (?, ?)`);
  tenants.forEach((tenant, i) => add.run(i, tenant.name));
}

/** Versions 6 to 8: numbered listings, with their records in one shared table (6) or one each (7, 8). */
function writeListing(db: Database.Database, version: number): number {
  const words = wordsOf(version);
  const listing = Number(
    db
      .prepare(
        `INSERT INTO ${words.listings} (connection_id, collection, searchable) VALUES ('c1', 'tenants', 1)`,
      )
      .run().lastInsertRowid,
  );
  if (version === 6) {
    const insert = db.prepare(
      `INSERT INTO snapshot_rows (key, collection, id, json) VALUES (?, 'tenants', ?, ?)`,
    );
    tenants.forEach((t, i) => insert.run(keyOf(listing, i), t.id, JSON.stringify(t)));
  } else {
    const table = `${words.rows}${listing}`;
    db.exec(`CREATE TABLE ${table} (key INTEGER PRIMARY KEY, id TEXT NOT NULL, json TEXT NOT NULL) STRICT`);
    const insert = db.prepare(`INSERT INTO ${table} (key, id, json) VALUES (?, ?, ?)`);
    tenants.forEach((t, i) => insert.run(keyOf(listing, i), t.id, JSON.stringify(t)));
    for (const [name, expression] of [
      ['by_id', 'id'],
      ['is_active', "json_type(json, '$.is_active')"],
    ])
      db.exec(`CREATE INDEX ${table}_${name} ON ${table}(${expression})`);
  }
  writeSearchIndex(db, listing, version);
  db.prepare(
    `INSERT INTO ${words.collections} (connection_id, collection, ${words.live}, as_of, live_count, complete, updated_at)
     VALUES ('c1', 'tenants', ?, ?, ?, 1, ?)`,
  ).run(listing, AT, tenants.length, AT);
  db.prepare(`INSERT INTO ${words.settings} (connection_id, keep_copy, updated_at) VALUES ('c1', 1, ?)`).run(
    AT,
  );
  return listing;
}

function writeVersion(version: number): void {
  const db = new Database(file);
  registerSqlFunctions(db);
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= version),
    () => new Date(AT),
  );
  writeCommon(db, version);
  if (version >= 3 && version <= 5) writeCopyOfVersion3(db);
  if (version >= 6) writeListing(db, version);
  db.close();
}

// Every version before this one. A new version must teach writeVersion the layout it replaces.
const EARLIER = MIGRATIONS.map((m) => m.version).filter((v) => v < LATEST_SCHEMA_VERSION);

describe('a database of an earlier schema', () => {
  for (const version of EARLIER) {
    it(`of version ${version} opens and reads as it was written`, () => {
      writeVersion(version);
      const store = openStore(file);
      try {
        expect(store.recovered).toBeUndefined();
        expect(store.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
        expect(store.connections.get('c1')).toMatchObject({ name: 'Earlier', currency: null });
        expect(store.connections.activeId()).toBe('c1');
        expect(store.contracts.get('c1')?.json).toBe(CONTRACT);
        // Its key, kept under the connection alone before version 9, waits to move to its server's
        // account (version 9 wrote it there already).
        if (version < 9)
          expect(store.keychain.pending()).toMatchObject([
            { account: 'c1@https://pm.example.com', connectionId: 'c1', operation: 'move' },
          ]);
        // No table or index of the database is named in the old words any more.
        expect(
          store.db.prepare("SELECT name FROM sqlite_schema WHERE name GLOB '*snapshot*'").pluck().all(),
        ).toEqual([]);
        if (version >= 2) {
          expect(store.drafts.list('c1').map((d) => [d.id, d.state, d.revision])).toEqual(
            expect.arrayContaining([
              ['d1', 'editing', 3],
              ['d2', 'submitting', 3],
            ]),
          );
          expect(store.drafts.changes('d1')).toEqual([
            expect.objectContaining({ resourceId: 'lea_1', fields: { monthly_rent: 1500 } }),
          ]);
          const pending = store.outbox.pending('c1');
          expect(pending.map((p) => [p.id, p.idempotencyKey, p.body])).toEqual([
            ['s1', 'propdesk-key-1', BODY],
          ]);
          // Made for the server the connection points at: sent there, not held.
          expect(store.outbox.latest('d2')?.held).toBeNull();
          const [batch] = store.suggestions.batches('c1');
          expect(batch).toMatchObject({ batchId: 'b1', label: 'Earlier batch' });
          expect(batch!.proposals.map((p) => [p.id, p.status, p.events.length])).toEqual([
            ['p1', 'proposed', 1],
          ]);
        }
        if (version >= 3) {
          const copies = store.offlineCopies;
          expect(copies.records('c1', 'tenants')).toEqual(tenants);
          expect(copies.keepCopy('c1')).toBe(true);
          const reader = new OfflineReader(copies);
          expect(reader.list('c1', 'tenants', { is_active: 'false' }, undefined, 10).data).toEqual(
            tenants.filter((t) => !t.is_active),
          );
          const [live] = copies.liveListings('c1');
          // Copies of version 6 on carried a full-text index; earlier ones are searchable after an update.
          expect(live?.searchable).toBe(version >= 6);
          if (version >= 6) {
            const found = store.search.best(live!.listing, '"jon"*', 100, 100).rows.map((r) => r.position);
            expect(found.sort()).toEqual([1, 4]);
          }
          const byId = store.db
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = ?")
            .pluck()
            .get(rowsIndex(live!.listing, 'by_id'));
          expect(byId).toBe(rowsIndex(live!.listing, 'by_id'));
          // A new listing is numbered after every old one, and replaces the copy when finished.
          const next = copies.beginListing('c1', 'tenants', AT);
          expect(next).toBeGreaterThan(live!.listing);
          copies.storePage('c1', 'tenants', next, tenants.slice(0, 2), null);
          copies.finishListing('c1', 'tenants', next);
          expect(copies.records('c1', 'tenants')).toEqual(tenants.slice(0, 2));
        }
      } finally {
        store.close();
      }
    });
  }
});
