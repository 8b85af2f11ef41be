// Benchmark: search everything over the offline copy at about 200,000 and 1,000,000 records. For each
// size the sandbox runs in its own process and the app's OfflineCopyService copies it over HTTP through
// ApiClient twice: into a store that indexes every record for search, and into one that does not
// (same code, no text per record), so the index's cost is the difference; rounds alternate, and go
// size by size in turn. Then names are typed letter by letter into the search.query handler (hits
// labelled as in the app, its answer checked by the IPC result schema), side by side with a plain
// LIKE '%…%' scan of the same copy; then tenants typed as their name and their lease's property
// ("walsh maple"). Goals: per keystroke at 200k ≤ 30 ms median and ≤ 60 ms p95, at 1M ≤ 50 ms median; index
// ≤ 25 % on top of a full update; file ≤ 1.2 GB at 1M; the update's time per 100,000 records at 1M no
// worse than at 200k.
// Run: npx tsx test/bench/search.bench.ts   (SEARCH_BENCH_SIZES=200000 for the smaller one only)
import { CollectionSizes } from '../../src/main/labels/collection-sizes';
import { freeBytesIn } from '../../src/main/offline-copy/disk-room';
import { DEFAULT_COPY_BUDGET } from '../../src/main/offline-copy/copy-budget';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/main/api/api-client';
import { nodeProcessLauncher } from '../../src/main/connections/node-process-launcher';
import { ContractService } from '../../src/main/contract/contract-service';
import { createSearchHandlers } from '../../src/main/handlers/search-handlers';
import { LabelService } from '../../src/main/labels/label-service';
import { TenantPlaces } from '../../src/main/labels/tenant-places';
import { SearchService } from '../../src/main/search/search-service';
import { sha256Hex } from '../../src/main/store/contract-cache-repo';
import { openStore } from '../../src/main/store/open-store';
import type { Store } from '../../src/main/store/open-store';
import { OfflineCopyRepository } from '../../src/main/store/offline-copy/offline-copy-repo';
import { ListingTables, rowsTable } from '../../src/main/store/offline-copy/listing-tables';
import { SchemaObjects } from '../../src/main/store/offline-copy/schema-objects';
import { SearchRepository } from '../../src/main/store/offline-copy/search-repo';
import { StatementCache } from '../../src/main/store/offline-copy/statement-cache';
import { OfflineReader } from '../../src/main/offline-copy/offline-reader';
import { OfflineCopyService } from '../../src/main/offline-copy/offline-copy-service';
import { CHANNELS } from '../../src/shared/ipc';
import { COLLECTIONS } from '../../src/shared/service';
import type { ServiceRecord } from '../../src/shared/service';
import { benchPaymentMonthsArgs } from './payment-span';
import { median, writeSection } from './report';
import type { BenchRow } from './report';
import { TODAY_NEEDS } from '../../src/main/portfolio/today-figures';

// Records a unit of --records-scale adds (demo organisation, 13 months of payments; the second
// organisation is fixed).
const PER_SCALE = 3_671;
const SIZES = (process.env.SEARCH_BENCH_SIZES ?? '200000,1000000').split(',').map(Number);
const NAMES_TYPED = 12;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`;

interface OfflineCopyRun {
  wallMs: number;
  cpuMs: number;
  records: number;
  fileBytes: number;
}

async function offlineCopyInto(
  store: Store,
  repo: OfflineCopyRepository,
  client: ApiClient,
): Promise<OfflineCopyRun> {
  const offlineCopy = new OfflineCopyService({
    firstCollections: TODAY_NEEDS,
    freeBytes: freeBytesIn(tmpdir()),
    budget: DEFAULT_COPY_BUDGET,
    repo,
    activeId: () => 'bench',
    clientFor: () => client,
    log: (message, error) => console.error(message, error),
    // What the app's ContractService does before an update: the contract tells which fields are text.
    loadContract: async (id) => {
      const json = JSON.stringify(await client.openapi());
      store.contracts.put(id, { json, hash: sha256Hex(json), fetchedAt: new Date().toISOString() });
    },
  });
  const cpu = process.cpuUsage();
  const start = performance.now();
  offlineCopy.start();
  const status = await offlineCopy.whenIdle();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (status.state !== 'done') throw new Error(`update ended ${status.state}: ${status.message}`);
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    records: status.collections.reduce((n, c) => n + c.count, 0),
    fileBytes: statSync(store.file).size,
  };
}

function newStore(dir: string, name: string): Store {
  const store = openStore(join(dir, `${name}.sqlite`));
  store.connections.insert({
    id: 'bench',
    name: 'Bench',
    baseUrl: 'http://x.test',
    webOrigin: null,
    kind: 'remote',
  });
  return store;
}

/** Every prefix of a name as it is typed, spaces included, e.g. "M", "Ma", … "Maria Lo". */
function keystrokes(name: string): string[] {
  return Array.from({ length: name.length }, (_, i) => name.slice(0, i + 1)).filter((t) => !t.endsWith(' '));
}

/**
 * Tenants spread over the copy who hold a lease, each typed as their name and the first word of
 * their lease's property's name.
 */
function placesTyped(store: Store, count: number): Array<{ text: string; tenantId: string }> {
  const records = (c: 'tenants' | 'leases' | 'units' | 'properties') =>
    store.offlineCopies.records('bench', c);
  const units = new Map(records('units').map((u) => [u.id, u]));
  const properties = new Map(records('properties').map((p) => [p.id, p]));
  const leaseOf = new Map<string, ServiceRecord>();
  for (const lease of records('leases'))
    if (!leaseOf.has(String(lease.tenant_id))) leaseOf.set(String(lease.tenant_id), lease);
  const housed = records('tenants').filter((t) => leaseOf.has(t.id));
  return Array.from({ length: count }, (_, i) => {
    const tenant = housed[Math.floor(((i + 0.5) * housed.length) / count)]!;
    const unit = units.get(String(leaseOf.get(tenant.id)!.unit_id));
    const place = String(properties.get(String(unit?.property_id))?.name ?? '').split(' ')[0]!;
    return { text: `${String(tenant.name)} ${place}`, tenantId: tenant.id };
  });
}

/** The baseline: each collection's copy scanned with LIKE '%word%' for every word, first 5 rows. */
function likeScan(store: Store, text: string): number {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const where = words.map(() => 'json LIKE ?').join(' AND ');
  let hits = 0;
  for (const listing of store.offlineCopies.liveListings('bench')) {
    const rows = store.db
      .prepare(`SELECT json FROM ${rowsTable(listing.listing)} WHERE ${where} LIMIT 5`)
      .all(...words.map((w) => `%${w}%`)) as Array<{ json: string }>;
    hits += rows.map((r) => JSON.parse(r.json) as unknown).length;
  }
  return hits;
}

/** One size's sandbox, and the fastest update of each kind so far. */
interface SizeRun {
  target: number;
  scale: number;
  server: ReturnType<ReturnType<typeof nodeProcessLauncher>['launch']>;
  dir: string;
  client: ApiClient;
  indexed?: OfflineCopyRun;
  withoutIndex?: OfflineCopyRun;
  /** The last store updated with the index, kept open for the keystrokes. */
  store?: Store;
}

async function startSize(target: number): Promise<SizeRun> {
  const scale = Math.max(1, Math.ceil(target / PER_SCALE));
  const server = nodeProcessLauncher(process.execPath, [
    '--max-old-space-size=8192',
    '--import',
    'tsx',
    'src/sandbox/cli.ts',
  ]).launch({
    args: [
      '--port',
      '0',
      '--json',
      '--seed',
      '3',
      '--records-scale',
      String(scale),
      ...benchPaymentMonthsArgs(),
    ],
    env: {},
  });
  const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-search-'));
  const sandbox = JSON.parse(await server.firstLine) as {
    baseUrl: string;
    keys: Array<{ name: string; key: string }>;
  };
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const client = new ApiClient({ baseUrl: sandbox.baseUrl, getApiKey: () => key, fetch });
  for await (const page of client.listAll('properties', { limit: 100 })) void page; // warm-up
  return { target, scale, server, dir, client };
}

const faster = (a: OfflineCopyRun | undefined, b: OfflineCopyRun) => (a && a.wallMs <= b.wallMs ? a : b);

/** One round at a size: an update with the index and one without, in alternating order. */
async function updateRound(size: SizeRun, round: number): Promise<void> {
  for (const withIndex of round % 2 === 0 ? [false, true] : [true, false]) {
    const next = newStore(size.dir, `${withIndex ? 'indexed' : 'plain'}-${round}`);
    if (withIndex) {
      size.store?.close();
      size.store = next;
      size.indexed = faster(size.indexed, await offlineCopyInto(next, next.offlineCopies, size.client));
    } else {
      const schema = new SchemaObjects(next.db);
      const statements = new StatementCache(next.db);
      const repo = new OfflineCopyRepository(
        next.db,
        () => new Date(),
        new ListingTables(next.db, schema),
        new SearchRepository(next.db, schema, statements),
        () => () => '',
        statements,
        next.since,
      );
      size.withoutIndex = faster(size.withoutIndex, await offlineCopyInto(next, repo, size.client));
      next.close();
    }
  }
}

async function measureSize(size: SizeRun): Promise<{ rows: BenchRow[]; perHundredK: number }> {
  const { target, scale, server, dir, client, store, indexed, withoutIndex } = size;
  try {
    if (!store || !indexed || !withoutIndex) throw new Error('no update ran');

    // Hits are labelled as in the app: from the copy, by the stored contract's label rule.
    const contracts = new ContractService(store.contracts);
    const log = (message: string, error?: unknown) => console.error(message, error);
    const labels = new LabelService({
      contract: async (id) => contracts.compiledCached(id),
      copy: new OfflineReader(store.offlineCopies),
      sizes: new CollectionSizes(() => undefined),
      clientFor: () => client,
      currency: () => 'USD',
      log,
    });
    // Tenants found carry where they rent, read from the copy as in the app.
    const tenantPlaces = new TenantPlaces({
      contract: async (id) => contracts.compiledCached(id),
      copy: new OfflineReader(store.offlineCopies),
      clientFor: () => client,
      labels: (id, refs) => labels.resolve(id, refs),
      log,
    });
    const search = new SearchService({
      offlineCopies: store.offlineCopies,
      activeId: () => 'bench',
      client: () => client,
      labels: (id, refs) => labels.resolve(id, refs),
      places: (id, tenantIds) => tenantPlaces.of(id, tenantIds),
      fields: (id, collection) => contracts.compiledCached(id)?.recordFields[collection],
      liveTimeoutMs: 3_000,
      log,
    });
    const handler = createSearchHandlers(search)['search.query'];
    const check = CHANNELS['search.query'].result;
    const tenants = store.offlineCopies.records('bench', 'tenants');
    const names = Array.from({ length: NAMES_TYPED }, (_, i) =>
      String(tenants[Math.floor(((i + 0.5) * tenants.length) / NAMES_TYPED)]!.name),
    );
    const typed: number[] = [];
    const scanned: number[] = [];
    let found = 0;
    for (const name of names) await handler({ text: name }); // warm-up
    for (const name of names) {
      for (const text of keystrokes(name)) {
        let start = performance.now();
        const answer = check.parse(await handler({ text }));
        typed.push(performance.now() - start);
        start = performance.now();
        likeScan(store, text);
        scanned.push(performance.now() - start);
        if (text === name && answer.groups.some((g) => g.hits.some((h) => h.record.name === name))) found++;
      }
    }
    // A tenant by their name and their lease's property ("sofia walsh maple"): words of records that
    // name the tenant, joined as the search runs.
    const linkedTyped: number[] = [];
    let linkedFound = 0;
    const places = placesTyped(store, NAMES_TYPED);
    for (const { text: phrase } of places) await handler({ text: phrase }); // warm-up
    for (const { text: phrase, tenantId } of places) {
      for (const text of keystrokes(phrase)) {
        const start = performance.now();
        const answer = check.parse(await handler({ text }));
        linkedTyped.push(performance.now() - start);
        if (text === phrase && answer.groups.some((g) => g.hits.some((h) => h.id === tenantId)))
          linkedFound++;
      }
    }
    store.close();

    const per100k = (run: OfflineCopyRun) => (run.wallMs / run.records) * 100_000;
    const label = indexed.records.toLocaleString('en');
    const overhead = indexed.wallMs / withoutIndex.wallMs - 1;
    const overheadCpu = indexed.cpuMs / withoutIndex.cpuMs - 1;
    const goal = target >= 1_000_000 ? { median: 50, p95: undefined } : { median: 30, p95: 60 };
    const rows: BenchRow[] = [
      { measure: `[${label}] records copied over HTTP (records-scale ${scale})`, value: label },
      {
        measure: `[${label}] search per keystroke through the handler, median (${typed.length} keystrokes, ${names.length} names)`,
        value: ms(median(typed)),
        target: `≤ ${goal.median} ms`,
        met: median(typed) <= goal.median,
      },
      {
        measure: `[${label}] search per keystroke, 95th percentile`,
        value: ms(percentile(typed, 95)),
        ...(goal.p95 ? { target: `≤ ${goal.p95} ms`, met: percentile(typed, 95) <= goal.p95 } : {}),
      },
      { measure: `[${label}] whole names found among their hits`, value: `${found} of ${names.length}` },
      {
        measure: `[${label}] a tenant by name and property ("sofia walsh maple"), per keystroke, median / 95th percentile (${linkedTyped.length} keystrokes)`,
        value: `${ms(median(linkedTyped))} / ${ms(percentile(linkedTyped, 95))}`,
        target: `≤ ${goal.median} ms`,
        met: median(linkedTyped) <= goal.median,
      },
      {
        measure: `[${label}] those tenants found among their hits`,
        value: `${linkedFound} of ${places.length}`,
      },
      {
        measure: `[${label}] baseline: LIKE '%…%' scan of the same copy, median / 95th percentile`,
        value: `${ms(median(scanned))} / ${ms(percentile(scanned, 95))}`,
      },
      {
        measure: `[${label}] full update with the search index / without (wall)`,
        value: `${(indexed.wallMs / 1000).toFixed(1)} s / ${(withoutIndex.wallMs / 1000).toFixed(1)} s`,
      },
      {
        measure: `[${label}] index build on top of a full update (wall; this process's CPU)`,
        value: `${(overhead * 100).toFixed(0)} %; ${(overheadCpu * 100).toFixed(0)} %`,
        target: '≤ 25 %',
        met: overhead <= 0.25,
      },
      {
        measure: `[${label}] update time per 100,000 records (with the index)`,
        value: `${(per100k(indexed) / 1000).toFixed(2)} s`,
      },
      {
        measure: `[${label}] this process's CPU per 100,000 records (with the index)`,
        value: `${((indexed.cpuMs / indexed.records) * 100).toFixed(2)} s`,
      },
      {
        measure: `[${label}] database file with the index / without`,
        value: `${(indexed.fileBytes / 2 ** 20).toFixed(0)} MiB / ${(withoutIndex.fileBytes / 2 ** 20).toFixed(0)} MiB`,
        ...(target >= 1_000_000 ? { target: '≤ 1.2 GB', met: indexed.fileBytes <= 1.2e9 } : {}),
      },
    ];
    return { rows, perHundredK: per100k(indexed) };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  }
}

// Every sandbox runs from the start and the rounds go size by size in turn, so a slow spell of the
// machine falls on both sizes alike; the faster run of each kind is kept (the first update of a large
// copy also warms its sandbox, and the machine's noise is larger than the difference measured).
const ROUNDS = 3;
const sizes: SizeRun[] = [];
for (const target of SIZES) sizes.push(await startSize(target));
try {
  for (let round = 0; round < ROUNDS; round++) for (const size of sizes) await updateRound(size, round);
} catch (error) {
  for (const size of sizes) await size.server.stop();
  throw error;
}
const rows: BenchRow[] = [];
const per100k: number[] = [];
for (const size of sizes) {
  const measured = await measureSize(size);
  per100k.push(measured.perHundredK);
  rows.push(...measured.rows);
}
if (per100k.length === 2) {
  rows.push({
    measure: 'update time per 100,000 records, largest copy against smallest',
    value: `${(per100k[1]! / 1000).toFixed(2)} s vs ${(per100k[0]! / 1000).toFixed(2)} s`,
    target: 'no worse',
    met: per100k[1]! <= per100k[0]! * 1.05,
  });
}
writeSection(
  'Search everything (offline copy)',
  rows,
  `Sandbox in its own process (seed 3), copied by OfflineCopyService through ApiClient over HTTP (limit 100, 25,000 records a transaction). "Without" is the same update into a store that gives no record any text. Keystrokes: ${NAMES_TYPED} tenant names from the copy typed letter by letter, and ${NAMES_TYPED} tenants' names with their lease's property's first word ("sofia walsh maple"), each prefix through the search.query handler (up to 5 hits a collection, the answer checked by the IPC result schema). The baseline runs LIKE '%word%' on each collection's stored JSON for every word, up to 5 rows a collection. Collections: ${COLLECTIONS.length}. "no worse" allows 5 % for noise.`,
);
