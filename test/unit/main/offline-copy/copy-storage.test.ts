// How the offline copy stores what it reads: in batches by count and by size (large records are stored
// long before 25,000 of them are held in memory), only while the disk has room; a full disk stops the
// update, drops what it had read and keeps the copy in use. Against a small service in the test whose
// documents are 120 KB each; the other collections are empty.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { STORE_EVERY, STORE_EVERY_BYTES } from '../../../../src/main/offline-copy/collection-copy';
import { DEFAULT_COPY_BUDGET } from '../../../../src/main/offline-copy/copy-budget';
import { OfflineCopyService } from '../../../../src/main/offline-copy/offline-copy-service';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { patiently } from '../../../support/patience';
import { TODAY_NEEDS } from '../../../../src/main/portfolio/today-figures';

const PAGES = 4;
const RECORD_BYTES = 120_000;
const KEY = 'pdk_StorageKey0123456789abcdefgh';

let server: Server;
let baseUrl: string;
let dir: string;
let store: Store;
let release: () => void;
let held: Promise<void>;

beforeEach(async () => {
  held = new Promise((resolve) => (release = resolve));
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const collection = url.pathname.split('/').at(-1);
    const page = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
    const answer = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (collection !== 'documents') return answer({ data: [], nextCursor: null, hasMore: false });
    const data = Array.from({ length: 100 }, (_, i) => ({
      id: `doc_${page}_${i}`,
      name: 'x'.repeat(RECORD_BYTES),
    }));
    const more = page + 1 < PAGES;
    const send = () => answer({ data, nextCursor: more ? `p${page + 1}` : null, hasMore: more });
    // The last page waits for the test, so it can look at what was stored before it.
    if (page === PAGES - 1) void held.then(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'propdesk-copy-storage-'));
  store = openStore(join(dir, 'propdesk.sqlite'));
  store.connections.insert({ id: 'c1', name: 'Big', baseUrl, webOrigin: null, kind: 'remote' });
});

afterEach(async () => {
  release();
  store.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

function copyService(free: () => number) {
  const client = new ApiClient({ baseUrl, getApiKey: () => KEY, fetch });
  return new OfflineCopyService({
    firstCollections: TODAY_NEEDS,
    repo: store.offlineCopies,
    activeId: () => 'c1',
    clientFor: () => client,
    log: () => undefined,
    loadContract: async () => undefined,
    freeBytes: async () => free(),
    budget: DEFAULT_COPY_BUDGET,
  });
}

const documents = () => store.offlineCopies.state('c1', 'documents');

describe('the offline copy on disk', () => {
  it('stores a batch once its records pass a size, long before the count', async () => {
    expect(3 * 100 * RECORD_BYTES).toBeGreaterThan(STORE_EVERY_BYTES);
    expect(PAGES * 100).toBeLessThan(STORE_EVERY);
    const service = copyService(() => 100 * 1024 ** 3);
    service.start();
    // Three pages are past the size: they are stored, with the position of the fourth, before it comes.
    await vi.waitFor(() => expect(documents()?.stagingCount).toBe(300), patiently);
    expect(documents()?.stagingCursor).toBe('p3');
    release();
    const done = await service.whenIdle();
    expect(done.state).toBe('done');
    expect(documents()?.liveCount).toBe(PAGES * 100);
  });

  it('stops before the disk is full, drops what the update read and keeps the copy in use', async () => {
    release();
    let free = 100 * 1024 ** 3;
    const service = copyService(() => free);
    service.start();
    expect((await service.whenIdle()).state).toBe('done');
    const before = documents()!;

    // Room for the empty collections, not for a batch of documents.
    free = 300 * 1024 ** 2;
    service.start();
    const stopped = await service.whenIdle();
    expect(stopped.state).toBe('failed');
    expect(stopped.message).toMatch(
      /^The offline copy could not be finished while reading documents: There is not enough room on this computer's disk: it has 300 MB free and the next part needs about [\d,]+ MB\. .*Free some space on the disk, then choose “Update the offline copy”\.$/,
    );
    expect(stopped.message).not.toMatch(/online/);
    const after = documents()!;
    expect(after.stagingListing).toBeNull();
    expect(after.stagingCount).toBe(0);
    expect([after.liveListing, after.liveCount, after.asOf]).toEqual([
      before.liveListing,
      before.liveCount,
      before.asOf,
    ]);
    expect(stopped.collections.find((c) => c.collection === 'documents')?.pending).toBeNull();
    // The other collections, with nothing to store, were brought up to date.
    expect(stopped.collections.filter((c) => c.run?.state === 'done')).toHaveLength(6);
  });

  it('a database that can grow no more (SQLite full) is said as a full disk, and what was read goes', async () => {
    release();
    const service = copyService(() => 100 * 1024 ** 3);
    // SQLite's own limit on the file gives a real SQLITE_FULL once the documents are stored.
    const pages = Number(store.db.pragma('page_count', { simple: true }));
    store.db.pragma(`max_page_count = ${pages + 2_000}`);
    service.start();
    const stopped = await service.whenIdle();
    expect(stopped.state).toBe('failed');
    expect(stopped.message).toMatch(
      /while reading documents: There is not enough room on this computer's disk: PropDesk could not store more of documents\./,
    );
    expect(documents()?.stagingListing ?? null).toBeNull();
  });
});
