// Salvage of a damaged database on real files, with the salvage program as the app runs it (a process
// of its own): every table a freshly migrated database has is carried, rows are read one by one around
// a damaged page, a view in a table's place is never run, a salvage stopped at its time limit or
// killed part way never leaves a half-made database in use, and a draft whose submission was lost is
// editable, marked and linked to the batch the poll finds.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkOf } from '../../../../src/main/drafts/parts/links';
import { OFFLINE_COPY_STATE } from '../../../../src/main/store/salvage/carried-tables';
import { DamagedStoreError, openStore, openStoreRecovering } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { damagePage, endlessDraftsView, pagesOf } from '../../../support/damage';
import { salvageLauncher } from '../../../support/test-services';
import { bundledProgram } from '../../../support/bundled-program';

const CRASH_CHILD = 'test/support/salvage-crash-child.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-salvage-'));
  file = join(dir, 'propdesk.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

const at = '2025-06-01T12:00:00.000Z';
const fixedNow = () => new Date(at);
const recovering = (timeLimitMs?: number) =>
  openStoreRecovering(file, { salvage: salvageLauncher(), now: fixedNow, timeLimitMs });

/** One row for every table the migrations create, each pointing at the others where a key says so. */
const ONE_OF_EACH: Record<string, Record<string, unknown>> = {
  connections: {
    id: 'c1',
    name: 'Acme',
    base_url: 'https://pm.acme.example',
    web_origin: 'https://app.acme.example',
    kind: 'remote',
    created_at: at,
    updated_at: at,
    currency: 'USD',
  },
  contract_cache: { connection_id: 'c1', json: '{}', hash: 'a'.repeat(64), fetched_at: at },
  settings: { key: 'columns', value: '{"leases":["status"]}', updated_at: at },
  drafts: {
    id: 'd1',
    connection_id: 'c1',
    label: 'New tenancy',
    state: 'submitting',
    revision: 3,
    created_at: at,
    updated_at: at,
  },
  draft_changes: {
    id: 'ch1',
    draft_id: 'd1',
    position: 0,
    operation: 'create',
    resource_type: 'lease',
    fields: '{"monthly_rent":1200}',
    updated_at: at,
  },
  submissions: {
    id: 's1',
    draft_id: 'd1',
    connection_id: 'c1',
    idempotency_key: 'propdesk-key-1',
    body: '{"changes":[]}',
    state: 'queued',
    created_at: at,
    updated_at: at,
    made_for: 'https://pm.acme.example',
  },
  tracked_batches: { connection_id: 'c1', batch_id: 'b1', origin: 'app', draft_id: 'd0', label: 'Rent' },
  tracked_proposals: {
    connection_id: 'c1',
    proposal_id: 'p1',
    batch_id: 'b1',
    position: 0,
    operation: 'update',
    resource_type: 'lease',
    resource_id: 'l1',
    summary: 'Raise the rent',
    status: 'proposed',
    flags: '[]',
    expires_at: at,
    updated_at: at,
  },
  proposal_events: { seq: 7, connection_id: 'c1', proposal_id: 'p1', status: 'proposed', at },
  trusted_origins: { connection_id: 'c1', origin: 'https://app.acme.example', trusted_at: at },
  offline_copy_listings: { listing: 4, connection_id: 'c1', collection: 'leases', searchable: 1 },
  offline_copy_collections: {
    connection_id: 'c1',
    collection: 'leases',
    live_listing: 4,
    complete: 1,
    updated_at: at,
  },
  offline_copy_settings: { connection_id: 'c1', keep_copy: 0, updated_at: at },
  keychain_pending: {
    account: 'c1@https://pm.acme.example',
    connection_id: 'c1',
    operation: 'write',
    since: at,
  },
  keys_to_confirm: { connection_id: 'c1', since: at },
  since_marks: { connection_id: 'c1', marked_at: at },
  since_changes: {
    connection_id: 'c1',
    collection: 'payments',
    record_id: 'pay1',
    before: '{"id":"pay1"}',
    settled: 1,
    settled_at: at,
  },
  since_told: { connection_id: 'c1', record_id: 'mr1', told_at: at },
  change_links: {
    draft_id: 'd1',
    change_id: 'ch1',
    field: 'tenant_id',
    source_draft_id: 'd0',
    source_change_id: 'ch0',
  },
  awaited_records: {
    draft_id: 'd0',
    change_id: 'ch0',
    connection_id: 'c1',
    resource_type: 'tenant',
    fields: '{"name":"Ada"}',
    proposal_id: 'p0',
    state: 'waiting',
    updated_at: at,
  },
  permission_refusals: {
    connection_id: 'c1',
    resource_type: 'payment',
    message: 'This key may not suggest payments.',
    refused_at: at,
  },
};

/** The tables of a freshly migrated database, as salvage must know them too. */
function tablesOf(db: Database.Database): string[] {
  return db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT IN ('schema_migrations', 'sqlite_sequence') ORDER BY name",
    )
    .pluck()
    .all() as string[];
}

function insert(db: Database.Database, table: string, row: Record<string, unknown>): void {
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  ).run(row);
}

function rowsOf(path: string, table: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM "${table}"`).all();
  } finally {
    db.close();
  }
}

/** Damages the one page of an index of the drafts: only an index, so every row can still be read. */
function damageAnIndex(): void {
  const [page] = pagesOf(file, 'drafts_by_connection');
  damagePage(file, page!.pageno, page!.size);
}

describe('salvage of a damaged database', () => {
  let store: Store | undefined;
  afterEach(() => store?.close());

  it('carries a row of every table a freshly migrated database has; the offline copy goes whole', async () => {
    const fresh = openStore(file, { now: fixedNow });
    // A table a later migration adds fails here until it has a row above and salvage carries it.
    expect(Object.keys(ONE_OF_EACH).sort()).toEqual(tablesOf(fresh.db));
    fresh.db.pragma('foreign_keys = OFF');
    for (const [table, row] of Object.entries(ONE_OF_EACH)) insert(fresh.db, table, row);
    fresh.close();
    const before = Object.fromEntries(Object.keys(ONE_OF_EACH).map((t) => [t, rowsOf(file, t)]));
    damageAnIndex();

    store = await recovering();
    expect(store.recovered?.movedTo).toBe(`${file}.damaged-20250601T120000-000Z`);
    for (const table of Object.keys(ONE_OF_EACH)) {
      if (OFFLINE_COPY_STATE.includes(table)) continue;
      expect({ table, rows: rowsOf(file, table) }).toEqual({ table, rows: before[table] });
    }
    // Neither the listings nor the collections that use them: the copy is made again, whole.
    for (const table of OFFLINE_COPY_STATE) expect(rowsOf(file, table)).toEqual([]);
    expect(store.recovered?.kept).toEqual([
      '1 connection',
      '1 draft',
      '1 change in drafts',
      '1 submission waiting to be sent',
      '1 tracked suggestion',
    ]);
    expect(store.recovered?.lost).toEqual(['the offline copy (PropDesk makes it again)']);
  });

  it('a salvaged draft keeps its links to the records it waits for', async () => {
    const fresh = openStore(file, { now: fixedNow });
    fresh.db.pragma('foreign_keys = OFF');
    for (const [table, row] of Object.entries(ONE_OF_EACH)) insert(fresh.db, table, row);
    const links = fresh.parts.ofDraft('d1').map(linkOf);
    expect(links).toHaveLength(1);
    fresh.close();
    damageAnIndex();

    store = await recovering();
    expect(store.parts.ofDraft('d1').map(linkOf)).toEqual(links);
    // Still waiting for the tenant another change creates, not a link that points at nothing.
    expect(store.parts.ofDraft('d1').map(linkOf)[0]).toMatchObject({
      field: 'tenant_id',
      resourceType: 'tenant',
      state: 'waiting',
    });
  });
});

const remote = {
  id: 'c1',
  name: 'Acme',
  baseUrl: 'https://pm.acme.example',
  webOrigin: null,
  kind: 'remote' as const,
};

/** A database of `n` drafts with one change each, closed. */
function draftsDatabase(n: number): void {
  const store = openStore(file, { now: fixedNow });
  store.connections.insert(remote);
  for (let i = 0; i < n; i++)
    store.drafts.create('c1', `Rent review ${String(i).padStart(3, '0')} `.padEnd(60, '.'), [
      { operation: 'create', resourceType: 'tenant', fields: { name: `Tenant ${i}` } },
    ]);
  store.close();
}

describe('salvage around damage', () => {
  let store: Store | undefined;
  afterEach(() => store?.close());

  it('keeps every draft not on the damaged page', async () => {
    draftsDatabase(305);
    const leaves = pagesOf(file, 'drafts', ['leaf']);
    const damaged = leaves[Math.floor(leaves.length / 2)]!;
    damagePage(file, damaged.pageno, damaged.size);

    store = await recovering();
    expect(store.drafts.list('c1')).toHaveLength(305 - damaged.cells);
    expect(store.recovered?.kept).toEqual([
      '1 connection',
      `${305 - damaged.cells} drafts`,
      `${305 - damaged.cells} changes in drafts`,
    ]);
    // The drafts on the damaged page are counted by the changes they left behind, never hidden.
    expect(store.recovered?.lost).toEqual([
      `at least ${damaged.cells} drafts`,
      `${damaged.cells} changes in drafts`,
      'the offline copy (PropDesk makes it again)',
    ]);
  });

  it('says changes in drafts were lost when only they were, never only the offline copy', async () => {
    draftsDatabase(305);
    const leaves = pagesOf(file, 'draft_changes', ['leaf']);
    const damaged = leaves[Math.floor(leaves.length / 2)]!;
    damagePage(file, damaged.pageno, damaged.size);

    store = await recovering();
    expect(store.drafts.list('c1')).toHaveLength(305);
    const changes = store.drafts.list('c1').reduce((n, d) => n + d.changeCount, 0);
    expect(changes).toBe(305 - damaged.cells);
    expect(store.recovered?.lost).toEqual([
      'some changes in drafts that could not be read',
      'the offline copy (PropDesk makes it again)',
    ]);
  });

  it('never runs a view put in a table’s place: the rest is carried and the drafts said lost', async () => {
    draftsDatabase(3);
    endlessDraftsView(file, 'c1');

    store = await recovering();
    expect(store.recovered?.reason).toMatch(/what a PropDesk database never has \(view "drafts"\)/);
    expect(store.recovered?.kept).toEqual(['1 connection']);
    expect(store.recovered?.lost).toEqual([
      'some drafts that could not be read',
      'the offline copy (PropDesk makes it again)',
    ]);
    expect(store.connections.get('c1')?.name).toBe('Acme');
  });

  it('a salvage past its time limit is stopped, said, and the app opens on what it carried', async () => {
    draftsDatabase(3);
    damageAnIndex();
    store = await recovering(0);
    expect(store.recovered?.lost).toContain(
      'what could not be read within 0 seconds (the salvage was stopped then)',
    );
    expect(existsSync(store.recovered!.movedTo!)).toBe(true);
    // The database in place is a usable one.
    store.connections.insert({ ...remote, id: 'c2' });
    expect(store.connections.get('c2')).toBeDefined();
  });

  it('a start killed while salvaging leaves nothing half made in use: the next salvages again from the damaged file', async () => {
    draftsDatabase(400);
    damageAnIndex();
    const child = spawn(process.execPath, [bundledProgram(CRASH_CHILD), file], {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('salvaging')) resolve();
      });
      child.once('exit', () => reject(new Error(`The start ended before it salvaged: ${said}`)));
    });
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    expect(existsSync(`${file}.salvage.json`)).toBe(true);
    expect(() => openStore(file)).toThrow(DamagedStoreError);
    store = await recovering();
    expect(store.drafts.list('c1')).toHaveLength(400);
    expect(store.recovered?.kept).toEqual(['1 connection', '400 drafts', '400 changes in drafts']);
    expect(existsSync(`${file}.salvage.json`)).toBe(false);
    expect(existsSync(`${file}.salvage`)).toBe(false);
  });
});

describe('a marker left by a start that stopped before moving the damaged file', () => {
  it('names nothing: the database is checked again and salvaged as it is', async () => {
    draftsDatabase(5);
    damageAnIndex();
    writeFileSync(
      `${file}.salvage.json`,
      JSON.stringify({ damaged: `${file}.damaged-never-moved`, reason: 'r', detail: 'd' }),
    );
    const store = await recovering();
    try {
      expect(store.drafts.list('c1')).toHaveLength(5);
      expect(store.recovered?.kept).toEqual(['1 connection', '5 drafts', '5 changes in drafts']);
      expect(existsSync(`${file}.salvage.json`)).toBe(false);
    } finally {
      store.close();
    }
  });
});
