// Benchmark: what labelling a first screen of 100 leases costs (each lease's tenant and unit, and each
// unit's property): extra requests and time, cold and warm, from the service through main's label
// memory and from the offline copy. The demo organisation (in process) and a large one (records-scale
// 48, its own process) over HTTP, a real SQLite copy taken by the OfflineCopyService. Goals: cold, with
// no collection's size known, no listing walked and one read by ID per record named (the tenants and
// units, then their properties); warm and from the copy, no request at all. Cold with the sizes known
// (an earlier walk, or the copy's counts), a collection of a few pages is walked whole instead.
// Run: npm run bench -- labels
import { CollectionSizes } from '../../src/main/labels/collection-sizes';
import { freeBytesIn } from '../../src/main/offline-copy/disk-room';
import { DEFAULT_COPY_BUDGET } from '../../src/main/offline-copy/copy-budget';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/main/api/api-client';
import { ContractService } from '../../src/main/contract/contract-service';
import { LabelService } from '../../src/main/labels/label-service';
import { openStore } from '../../src/main/store/open-store';
import { OfflineReader } from '../../src/main/offline-copy/offline-reader';
import { OfflineCopyService } from '../../src/main/offline-copy/offline-copy-service';
import type { LabelRef } from '../../src/shared/label-refs';
import { startSandbox } from '../../src/sandbox';
import { startLargeSandbox } from './large-sandbox';
import { BENCH_PAYMENT_MONTHS } from './payment-span';
import { median, writeSection } from './report';
import type { BenchRow } from './report';
import { TODAY_NEEDS } from '../../src/main/portfolio/today-figures';

interface Service {
  name: string;
  baseUrl: string;
  key: string;
}

const sent: URL[] = [];
const counting: typeof fetch = (input, init) => {
  sent.push(new URL(String(input)));
  return fetch(input, init);
};
const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};

async function measure(service: Service, coldRounds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-labels-'));
  const store = openStore(join(dir, 'propdesk.sqlite'));
  try {
    for (const id of ['service', 'copy'])
      store.connections.insert({ id, name: id, baseUrl: service.baseUrl, webOrigin: null, kind: 'remote' });
    const client = new ApiClient({ baseUrl: service.baseUrl, getApiKey: () => service.key, fetch: counting });
    const contracts = new ContractService(store.contracts);
    for (const id of ['service', 'copy']) await contracts.get(id, () => client.openapi());
    const offlineCopy = new OfflineCopyService({
      firstCollections: TODAY_NEEDS,
      freeBytes: freeBytesIn(tmpdir()),
      budget: DEFAULT_COPY_BUDGET,
      repo: store.offlineCopies,
      activeId: () => 'copy',
      clientFor: () => client,
      log: () => undefined,
      loadContract: async () => undefined,
    });
    offlineCopy.start();
    const copied = await offlineCopy.whenIdle('copy');
    if (copied.state !== 'done') throw new Error(`update ended ${copied.state}: ${copied.message}`);
    const counts = new Map(copied.collections.map((c) => [c.collection as string, c.count]));
    const fresh = (sizesKnown = false) =>
      new LabelService({
        contract: async (id) => contracts.compiledCached(id),
        copy: new OfflineReader(store.offlineCopies),
        sizes: new CollectionSizes((_, collection) => (sizesKnown ? counts.get(collection) : undefined)),
        clientFor: () => client,
        currency: () => 'USD',
        log: () => undefined,
      });

    // The screen: the first page of leases at the largest page size, as the Leases list shows it.
    const leases = (await client.list('leases', { limit: 100 })).data;
    const refs: LabelRef[] = leases.flatMap((l) => [
      { collection: 'tenants', id: String(l.tenant_id) },
      { collection: 'units', id: String(l.unit_id) },
    ]);
    const reader = new OfflineReader(store.offlineCopies);
    const properties = new Set(
      leases.map((l) => String(reader.get('copy', 'units', String(l.unit_id)).record.property_id)),
    );
    const named =
      new Set(leases.map((l) => String(l.tenant_id))).size +
      new Set(leases.map((l) => String(l.unit_id))).size +
      properties.size;
    const timed = async (labels: LabelService, connectionId: string) => {
      sent.length = 0;
      const start = performance.now();
      const answer = await labels.resolve(connectionId, refs);
      const ms = performance.now() - start;
      if (Object.keys(answer.labels).length === 0) throw new Error('nothing was labelled');
      // A walk starts with a listing's first page: a collection's path, no record ID, no cursor.
      const walks = sent.filter(
        (u) => /\/(tenants|units|properties)$/.test(u.pathname) && !u.searchParams.has('cursor'),
      ).length;
      return { ms, requests: sent.length, walks, source: answer.source };
    };

    const cold: Array<Awaited<ReturnType<typeof timed>>> = [];
    let kept = 0;
    let bytesPerRecord = 0;
    let warmService: LabelService | undefined;
    for (let round = 0; round < coldRounds; round++) {
      const before = heap();
      const labels = fresh();
      cold.push(await timed(labels, 'service'));
      kept = labels.held().service ?? 0;
      bytesPerRecord = (heap() - before) / kept;
      warmService = labels;
    }
    const warm = [];
    for (let round = 0; round < 50; round++) warm.push(await timed(warmService!, 'service'));
    const copy = [];
    for (let round = 0; round < 20; round++) copy.push(await timed(fresh(), 'copy'));
    const known = [];
    for (let round = 0; round < coldRounds; round++) known.push(await timed(fresh(true), 'service'));

    const coldWalks = Math.max(...cold.map((c) => c.walks));
    const coldRequests = Math.max(...cold.map((c) => c.requests));
    const warmRequests = Math.max(...warm.map((w) => w.requests));
    const copyRequests = Math.max(...copy.map((c) => c.requests));
    const at = service.name;
    return [
      {
        measure: `${at}: cold, no size known: reads by ID (walks)`,
        value: `${coldRequests} (${coldWalks} walks)`,
        target: `0 walks, ≤ ${named} reads (one per record named)`,
        met: coldWalks === 0 && coldRequests <= named && cold.every((c) => c.source === 'service'),
      },
      {
        measure: `${at}: cold, no size known, median of ${coldRounds}`,
        value: `${median(cold.map((c) => c.ms)).toFixed(1)} ms`,
      },
      {
        measure: `${at}: cold, sizes known: walks (requests)`,
        value: `${Math.max(...known.map((c) => c.walks))} (${known[0]!.requests})`,
      },
      {
        measure: `${at}: cold, sizes known, median of ${coldRounds}`,
        value: `${median(known.map((c) => c.ms)).toFixed(1)} ms`,
      },
      {
        measure: `${at}: warm from memory, requests (max of 50)`,
        value: String(warmRequests),
        target: '0',
        met: warmRequests === 0 && warm.every((w) => w.source === 'cache'),
      },
      {
        measure: `${at}: warm from memory, median of 50`,
        value: `${median(warm.map((w) => w.ms)).toFixed(2)} ms`,
      },
      {
        measure: `${at}: from the offline copy, requests (max of 20)`,
        value: String(copyRequests),
        target: '0',
        met: copyRequests === 0 && copy.every((c) => c.source === 'copy'),
      },
      {
        measure: `${at}: from the offline copy, median of 20`,
        value: `${median(copy.map((c) => c.ms)).toFixed(2)} ms`,
      },
      {
        measure: `${at}: records kept in memory after the cold screen (heap per record)`,
        value: `${kept.toLocaleString('en')} (${gc ? `≈ ${Math.round(bytesPerRecord)} B` : 'run with --expose-gc'})`,
      },
    ];
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  }
}

const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
const demo = await startSandbox({ port: 0, paymentMonths: BENCH_PAYMENT_MONTHS });
const rows: BenchRow[] = [];
try {
  const key = demo.keys.find((k) => k.name === 'full')!.key;
  rows.push(...(await measure({ name: 'demo', baseUrl: demo.baseUrl, key }, 5)));
} finally {
  await demo.close();
}
// The same small organisation at 120 ms a request: what the reads by ID cost a user on a slow network,
// against a walk of a few pages once the sizes are known.
const slowDemo = await startSandbox({ port: 0, paymentMonths: BENCH_PAYMENT_MONTHS, latencyMs: 120 });
try {
  const key = slowDemo.keys.find((k) => k.name === 'full')!.key;
  rows.push(...(await measure({ name: 'demo at 120 ms', baseUrl: slowDemo.baseUrl, key }, 3)));
} finally {
  await slowDemo.close();
}
const large = await startLargeSandbox();
try {
  rows.push(...(await measure({ name: 'records-scale 48', baseUrl: large.baseUrl, key: large.key }, 3)));
} finally {
  await large.stop();
}
writeSection(
  'Labels of a first screen of 100 leases',
  rows,
  `The screen shows each lease’s tenant and unit; a unit reads “<property> · <unit>”, so properties are named too. Cold: a new LabelService with the contract stored; with no collection’s size known it reads each record named by ID through the scheduler (tenants and units, then their properties); with the sizes known (here the copy’s counts), a collection of a few pages is listed whole at 100 a page (a walk) and a larger one read by ID; kept cut down to the fields labels read. Warm: the same screen again. Offline copy: a new LabelService reading each record by ID through the copy’s index. The demo sandbox runs in process, on loopback and with 120 ms added to each answer; records-scale 48 (1,200 properties, about 16,000 tenants) in a process of its own. Load average (1 / 5 / 15 min) when it began: ${load}; on a shared machine the loopback figures move with the load, the 120 ms ones little.`,
);
if (rows.some((r) => r.met === false)) process.exitCode = 1;
