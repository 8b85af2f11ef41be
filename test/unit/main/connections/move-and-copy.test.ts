// A connection moved to another server while its offline copy is being made, or after it was made,
// through the app's own wiring. The old server is a small service on 127.0.0.1 whose pages never end
// (or an honest one); it counts every request and the key it carried. After the move, nothing more
// reaches it, never with the new server's key, and none of its records stays in the copy or the
// search index, unless the user said in main's own message box that the new address is the same
// service.
import type { Database } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { endlessPages, fewRecords, startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';
import { createTestServices, portRecord } from '../../../support/test-services';
import type { PortRecord } from '../../../support/test-services';
import { patiently } from '../../../support/patience';

const KEY_A = 'pdk_ServerAKeyAAAAAAAAAAAAAAAAAAAA';
const KEY_B = 'pdk_ServerBKeyBBBBBBBBBBBBBBBBBBBB';

/** How many text values in any table of the database mention `text`. */
function mentions(db: Database, text: string): number {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  let found = 0;
  for (const table of tables)
    for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][])
      for (const value of row) if (typeof value === 'string' && value.includes(text)) found++;
  return found;
}

describe('a move and the offline copy', () => {
  let dataDir: string;
  let services: AppServices;
  let record: PortRecord;
  /** Every address the app sent a request to, in the order it sent them. */
  let sent: string[];
  const servers: ListingService[] = [];
  const serve = async (...args: Parameters<typeof startListingService>) => {
    const server = await startListingService(...args);
    servers.push(server);
    return server;
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-move-copy-'));
    record = portRecord();
    sent = [];
    const recording: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    services = createTestServices(dataDir, { fetch: recording }, record);
  });
  afterEach(async () => {
    await services.stop();
    await Promise.all(servers.splice(0).map((s) => s.close()));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('a move during a copy from an endless server stops it: no request with the new key reaches the old server, none of its records stays', async () => {
    const a = await serve(endlessPages('From-A'));
    const b = await serve(fewRecords('From-B'));
    const { connections, offlineCopy, store } = services;
    const conn = await connections.add({ name: 'Office', baseUrl: a.baseUrl, apiKey: KEY_A });
    await connections.switchTo(conn.id);
    await vi.waitFor(() => expect(a.requests.length).toBeGreaterThan(30), patiently);

    await connections.update({ id: conn.id, baseUrl: b.baseUrl, apiKey: KEY_B });
    const sentToA = () => sent.filter((url) => url.startsWith(a.baseUrl)).length;
    const sentBeforeMove = sentToA();
    await offlineCopy.whenIdle(conn.id);
    await vi.waitFor(() => expect(offlineCopy.status(conn.id).state).toBe('done'), patiently);

    // A request already on its way when the move began may still arrive; nothing is sent after it.
    expect(sentToA()).toBe(sentBeforeMove);
    expect(a.requests.length).toBeLessThanOrEqual(sentBeforeMove);
    expect(a.withKey(KEY_B)).toBe(0);
    expect(b.withKey(KEY_A)).toBe(0);
    expect(mentions(store.db, 'From-A')).toBe(0);
    // The connection's copy is now the new server's.
    expect(store.offlineCopies.records(conn.id, 'tenants').map((r) => r.name)).toEqual([
      'From-B record 0',
      'From-B record 1',
    ]);
  });

  it('a finished copy of the old server is dropped with its search index unless the user says the new address is the same service', async () => {
    const a = await serve(fewRecords('From-A'));
    const b = await serve(fewRecords('From-B'));
    const { connections, offlineCopy, store } = services;
    const conn = await connections.add({ name: 'Office', baseUrl: a.baseUrl, apiKey: KEY_A });
    await connections.switchTo(conn.id);
    await vi.waitFor(() => expect(offlineCopy.status(conn.id).state).toBe('done'), patiently);
    expect(mentions(store.db, 'From-A')).toBeGreaterThan(0);

    // Declined (as Escape answers): the copy goes.
    await connections.update({ id: conn.id, baseUrl: b.baseUrl, apiKey: KEY_B });
    expect(record.questions).toHaveLength(1);
    expect(record.questions[0]).toMatchObject({
      message: `Is ${b.baseUrl} the same service as ${a.baseUrl}?`,
      cancel: 'Delete the copy',
    });
    expect(mentions(store.db, 'From-A')).toBe(0);
    expect((await services.handlers['search.query']({ text: 'From-A' })).groups).toEqual([]);
    await vi.waitFor(() => expect(offlineCopy.status(conn.id).state).toBe('done'), patiently);
    expect(mentions(store.db, 'From-B')).toBeGreaterThan(0);

    // Agreed: the same service under a new address keeps its copy.
    const c = await serve(fewRecords('From-C'));
    record.answers.push(true);
    await connections.update({ id: conn.id, baseUrl: c.baseUrl, apiKey: KEY_A });
    expect(record.questions).toHaveLength(2);
    expect(mentions(store.db, 'From-B')).toBeGreaterThan(0);
    expect(c.requests).toHaveLength(0);
  });

  it('a copy kept across a move starts the new server’s listings from their beginning, without the old server’s unfinished pass', async () => {
    const a = await serve(fewRecords('From-A'));
    const { connections, offlineCopy, store } = services;
    const conn = await connections.add({ name: 'Office', baseUrl: a.baseUrl, apiKey: KEY_A });
    await connections.switchTo(conn.id);
    await vi.waitFor(() => expect(offlineCopy.status(conn.id).state).toBe('done'), patiently);
    // An update of the tenants from A stopped part way: 1,500 of A's tenants fetched, A's position kept.
    const listing = store.offlineCopies.beginListing(conn.id, 'tenants', new Date().toISOString());
    const stale = Array.from({ length: 1_500 }, (_, i) => ({ id: `old_${i}`, name: `Unfinished-A ${i}` }));
    store.offlineCopies.storePage(conn.id, 'tenants', listing, stale, 'a-position-1500');

    const c = await serve(fewRecords('From-C'));
    record.answers.push(true);
    await connections.update({ id: conn.id, baseUrl: c.baseUrl, apiKey: KEY_B });
    expect(mentions(store.db, 'Unfinished-A')).toBe(0);
    expect(mentions(store.db, 'From-A')).toBeGreaterThan(0);

    offlineCopy.start();
    await offlineCopy.whenIdle(conn.id);
    await vi.waitFor(() => expect(offlineCopy.status(conn.id).state).toBe('done'), patiently);
    const tenantsAsked = c.requests.filter((r) => r.path.includes('/tenants'));
    expect(tenantsAsked.length).toBeGreaterThan(0);
    expect(tenantsAsked.some((r) => r.path.includes('a-position'))).toBe(false);
    expect(store.offlineCopies.records(conn.id, 'tenants').map((r) => r.name)).toEqual([
      'From-C record 0',
      'From-C record 1',
    ]);
  });

  it('a move with no copy asks nothing', async () => {
    const a = await serve(fewRecords('From-A'));
    const b = await serve(fewRecords('From-B'));
    const conn = await services.connections.add({ name: 'Office', baseUrl: a.baseUrl, apiKey: KEY_A });
    await services.connections.update({ id: conn.id, baseUrl: b.baseUrl, apiKey: KEY_B });
    expect(record.questions).toEqual([]);
  });
});
