// A damaged cache costs the cache, through the app's own wiring. 64 bytes of one page of the database
// are overwritten between two runs, as a failing disk or a stray program might: in one table of the
// offline copy, only that part of the copy goes and everything else stays as it was; elsewhere, the
// connections, the drafts and the queued submission are carried into a fresh database row by row.
// Either way the start-up notice names what was kept and what was lost.
import Database from 'better-sqlite3';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import {
  connectWithCopy,
  createTestServices,
  openTestServices,
  serviceGone,
} from '../../../support/test-services';

/** Overwrites the first 64 bytes (header and cell pointers) of one page of `table`, found through dbstat. */
function damagePageOf(file: string, table: string): void {
  const db = new Database(file, { readonly: true });
  const page = db
    .prepare<[string], { pageno: number; size: number }>(
      `SELECT pageno, (SELECT page_size FROM pragma_page_size) AS size FROM dbstat
       WHERE name = ? AND pagetype IN ('leaf', 'overflow') ORDER BY pageno LIMIT 1 OFFSET 1`,
    )
    .get(table);
  db.close();
  if (!page) throw new Error(`${table} has no page to damage`);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, (page.pageno - 1) * page.size);
  closeSync(fd);
}

describe('a damaged database', () => {
  let dataDir: string;
  let sandbox: Sandbox;
  let services: AppServices;
  let connectionId: string;
  let drafts: string[];
  const file = () => join(dataDir, 'propdesk.sqlite');

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-damaged-cache-'));
    sandbox = await startSandbox({ port: 0, seed: 7 });
    services = createTestServices(dataDir);
    connectionId = await connectWithCopy(services, {
      name: 'Office',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
    });
    await services.contract.get(connectionId, () => services.connections.client().openapi());
    const leases = (await services.connections.client().list('leases', { limit: 2 })).data;
    await serviceGone(services, sandbox);
    // Two drafts; the second submitted while the service is away, so it waits in the outbox.
    drafts = leases.map(
      (lease, i) =>
        services.drafts.create(`Rent ${i + 1}`, [
          {
            operation: 'update',
            resourceType: 'lease',
            resourceId: lease.id,
            fields: { monthly_rent: 1000 + i },
            snapshot: lease,
          },
        ]).id,
    );
    const second = services.drafts.detail(drafts[1]!);
    await services.drafts.submit(second.id, second.revision);
    await services.stop();
  });
  afterEach(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const liveListingOf = (collection: string) => {
    const db = new Database(file(), { readonly: true });
    const listing = db
      .prepare('SELECT live_listing FROM offline_copy_collections WHERE collection = ?')
      .pluck()
      .get(collection) as number;
    db.close();
    return listing;
  };

  it('in the offline copy: only that part of the copy goes, everything else stays', async () => {
    damagePageOf(file(), `listing_rows_${liveListingOf('tenants')}`);
    services = await openTestServices(dataDir);
    const [notice] = (await services.handlers['app.info']({})).notices;
    expect(notice?.message).toMatch(
      /^Part of PropDesk's database was damaged .* PropDesk deleted the offline copy of tenants \(update the offline copy to read it again\) and kept everything else\.$/,
    );
    expect((await services.connections.list()).connections.map((c) => c.name)).toContain('Office');
    expect(services.store.drafts.list(connectionId).map((d) => d.label)).toEqual(
      expect.arrayContaining(['Rent 1', 'Rent 2']),
    );
    // Still waiting to be sent with its key (the outbox may be trying it already).
    expect(['queued', 'sending']).toContain(services.drafts.detail(drafts[1]!).submission?.state);
    expect(services.store.offlineCopies.records(connectionId, 'tenants')).toEqual([]);
    expect(services.store.offlineCopies.records(connectionId, 'leases').length).toBeGreaterThan(0);
  });

  it('elsewhere: connections, drafts and the queued submission are carried into a fresh database', async () => {
    damagePageOf(file(), 'contract_cache');
    services = await openTestServices(dataDir);
    const [notice] = (await services.handlers['app.info']({})).notices;
    expect(notice?.message).toMatch(
      /^PropDesk's database was damaged .* carried over what it could read\. Kept: 1 connection, 2 drafts, 2 changes in drafts and 1 submission waiting to be sent\. Lost: the service's list of fields \(read again when PropDesk connects\) and the offline copy \(PropDesk makes it again\)\. The damaged file was moved aside to \S+ and is kept for support\.$/,
    );
    expect((await services.connections.list()).connections.map((c) => c.name)).toContain('Office');
    const kept = services.store.drafts.list(connectionId);
    expect(kept.map((d) => d.label)).toEqual(expect.arrayContaining(['Rent 1', 'Rent 2']));
    expect(services.drafts.detail(drafts[0]!).changes).toHaveLength(1);
    // Still waiting to be sent with its key (the outbox may be trying it already).
    expect(['queued', 'sending']).toContain(services.drafts.detail(drafts[1]!).submission?.state);
  });
});
