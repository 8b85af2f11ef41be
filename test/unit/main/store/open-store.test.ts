// The SQLite store on real files: migrations, repositories, one transaction per multi-row change,
// and recovery from damaged files, which are moved aside and never deleted.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../../src/main/store/contract-cache-repo';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../../src/main/store/migrations/migrations';
import { openStore, openStoreRecovering, StoreOpenError } from '../../../../src/main/store/open-store';
import { salvageLauncher } from '../../../support/test-services';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-store-'));
  file = join(dir, 'propdesk.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

const fixedNow = () => new Date('2025-06-01T12:00:00.000Z');
const remote = {
  id: 'c1',
  name: 'Acme',
  baseUrl: 'https://pm.acme.example',
  webOrigin: 'https://app.acme.example',
  kind: 'remote' as const,
};

function fillAndClose(): void {
  const store = openStore(file);
  for (let i = 0; i < 200; i++)
    store.connections.insert({ ...remote, id: `c${i}`, name: `Connection ${i}`.padEnd(150, '.') });
  store.close();
}

describe('openStore', () => {
  it('creates a WAL database with foreign keys and every migration recorded', () => {
    const store = openStore(file);
    expect(store.recovered).toBeUndefined();
    expect(store.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const rows = store.db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
    store.close();
  });

  it('keeps connections, settings and the active choice across restarts; never a key column', () => {
    const store = openStore(file, { now: fixedNow });
    store.connections.insert(remote);
    store.connections.setActiveId('c1');
    store.settings.set('columns', { leases: ['status'] });
    store.connections.update('c1', { name: 'Acme Lettings' });
    store.close();
    const again = openStore(file);
    expect(again.connections.get('c1')).toMatchObject({
      name: 'Acme Lettings',
      baseUrl: remote.baseUrl,
      createdAt: '2025-06-01T12:00:00.000Z',
    });
    expect(again.connections.activeId()).toBe('c1');
    expect(again.settings.get('columns')).toEqual({ leases: ['status'] });
    const columns = again.db.prepare("SELECT name FROM pragma_table_info('connections')").all() as Array<{
      name: string;
    }>;
    expect(columns.map((c) => c.name).join(' ')).not.toMatch(/key|secret|token/);
    again.close();
  });

  it('removing a connection removes its cached contract and the active choice in one go', () => {
    const store = openStore(file);
    store.connections.insert(remote);
    store.connections.setActiveId('c1');
    const json = '{"openapi":"3.1.0"}';
    store.contracts.put('c1', { json, hash: sha256Hex(json), fetchedAt: '2025-06-01T00:00:00Z' });
    expect(store.contracts.get('c1')?.json).toBe(json);
    store.connections.remove('c1');
    expect(store.contracts.get('c1')).toBeUndefined();
    expect(store.connections.activeId()).toBeNull();
    store.close();
  });

  it('drops a cached contract whose text no longer matches its hash', () => {
    const store = openStore(file);
    store.connections.insert(remote);
    const json = '{"openapi":"3.1.0"}';
    store.contracts.put('c1', { json, hash: sha256Hex(json), fetchedAt: 'now' });
    store.db.prepare('UPDATE contract_cache SET json = \'{"openapi":"3.0.0"}\'').run();
    expect(store.contracts.get('c1')).toBeUndefined();
    expect(() => store.contracts.put('c1', { json, hash: 'a'.repeat(64), fetchedAt: 'now' })).toThrow(/hash/);
    store.close();
  });

  it('a failing multi-row change leaves nothing behind', () => {
    const store = openStore(file);
    expect(() =>
      store.transaction(() => {
        store.connections.insert(remote);
        store.connections.insert(remote); // duplicate id
      }),
    ).toThrow();
    expect(store.connections.all()).toEqual([]);
    store.close();
  });

  it('appends later migrations, each in its own transaction; a failing one changes nothing', () => {
    openStore(file).close();
    const later = [
      ...MIGRATIONS,
      {
        version: LATEST_SCHEMA_VERSION + 1,
        name: 'later',
        sql: 'CREATE TABLE later_things (id TEXT PRIMARY KEY) STRICT;',
      },
    ];
    const store = openStore(file, { migrations: later });
    expect(store.schemaVersion).toBe(LATEST_SCHEMA_VERSION + 1);
    store.close();
    const broken = [
      ...later,
      {
        version: LATEST_SCHEMA_VERSION + 2,
        name: 'broken',
        sql: 'CREATE TABLE outbox_x (id TEXT); CREATE TABLE later_things (x);',
      },
    ];
    expect(() => openStore(file, { migrations: broken })).toThrow(StoreOpenError);
    const check = new Database(file);
    expect(check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'outbox_x'").get()).toEqual({
      n: 0,
    });
    check.close();
  });
});

describe('openStore with a damaged file', () => {
  const recovering = () => openStoreRecovering(file, { now: fixedNow, salvage: salvageLauncher() });

  async function expectMovedAside(reason: RegExp, original: Buffer) {
    const store = await recovering();
    expect(store.recovered?.reason).toMatch(reason);
    expect(store.recovered?.movedTo).toBe(`${file}.damaged-20250601T120000-000Z`);
    expect(readFileSync(store.recovered!.movedTo!)).toEqual(original);
    // The fresh database works.
    store.connections.insert(remote);
    expect(store.connections.all()).toHaveLength(1);
    store.close();
  }

  it('moves a file of random bytes aside and starts fresh', async () => {
    const bytes = randomBytes(8192);
    writeFileSync(file, bytes);
    await expectMovedAside(/not a PropDesk database/, bytes);
  });

  it('moves a truncated database aside, with its -wal and -shm files', async () => {
    fillAndClose();
    const size = statSync(file).size;
    truncateSync(file, Math.floor(size / 2));
    writeFileSync(`${file}-wal`, 'stale wal');
    writeFileSync(`${file}-shm`, 'stale shm');
    const original = readFileSync(file);
    const store = await recovering();
    expect(store.recovered?.reason).toMatch(/damaged|integrity|not a PropDesk database/);
    expect(readFileSync(store.recovered!.movedTo!)).toEqual(original);
    expect(existsSync(`${store.recovered!.movedTo!}-wal`)).toBe(true);
    expect(existsSync(`${store.recovered!.movedTo!}-shm`)).toBe(true);
    store.close();
  });

  it('moves aside a database from a newer PropDesk rather than guessing at its schema', async () => {
    openStore(file).close();
    const db = new Database(file);
    db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', 'x')").run();
    db.close();
    const store = await recovering();
    expect(store.recovered?.reason).toMatch(/newer PropDesk \(schema version 99/);
    store.close();
    expect(readdirSync(dir).filter((f) => f.includes('.damaged-'))).not.toHaveLength(0);
  });

  it('does not move a file it cannot open for other reasons (a folder in its place)', () => {
    const blocked = join(dir, 'is-a-folder');
    openStore(join(blocked, 'x.sqlite')).close();
    expect(() => openStore(blocked)).toThrow(StoreOpenError);
    expect(statSync(blocked).isDirectory()).toBe(true);
  });
});
