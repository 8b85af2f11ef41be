// A damaged cache costs the cache, through the app's own wiring. 64 bytes of one page of the database
// are overwritten between two runs, as a failing disk or a stray program might: in one table of the
// offline copy, only that part of the copy goes and everything else stays as it was; elsewhere, the
// connections, the drafts and the queued submission are carried into a fresh database row by row.
// Either way the start-up notice names what was kept and what was lost. A lost outbox row leaves its
// draft editable and marked as possibly sent, never "submitting" for ever nor sent again unasked.
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
  portRecord,
  serviceGone,
} from '../../../support/test-services';
import { damagePage, pagesOf } from '../../../support/damage';

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
    await services.contract.get(connectionId, () => services.clients.client().openapi());
    const leases = (await services.clients.client().list('leases', { limit: 2 })).data;
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
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
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

describe('a damaged database that lost a submission waiting to be sent', () => {
  let dataDir: string;
  let services: AppServices;
  afterEach(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('reopens its draft marked as possibly sent, sends it again only with the user’s word, and links the batch the poll finds', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-lost-outbox-'));
    const sandbox = await startSandbox({ port: 0, seed: 7 });
    services = createTestServices(dataDir);
    const { id: connectionId } = await services.connections.add({
      name: 'Office',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
    });
    await services.connections.switchTo(connectionId);
    await services.contract.get(connectionId, () => services.clients.client().openapi());
    const [lease] = (await services.clients.client().list('leases', { limit: 1 })).data;
    await serviceGone(services, sandbox);
    const change = {
      operation: 'update' as const,
      resourceType: 'lease' as const,
      resourceId: lease!.id,
      fields: { monthly_rent: 1500 },
      snapshot: lease!,
    };
    const id = services.drafts.create('Rent for June', [change]).id;
    await services.drafts.submit(id, services.drafts.detail(id).revision);
    await services.stop();
    const [page] = pagesOf(join(dataDir, 'propdesk.sqlite'), 'submissions');
    damagePage(join(dataDir, 'propdesk.sqlite'), page!.pageno, page!.size);

    const record = portRecord();
    services = await openTestServices(dataDir, {}, record);
    const [notice] = (await services.handlers['app.info']({})).notices;
    expect(notice?.message).toContain(
      'Lost: at least 1 submission waiting to be sent (their drafts can be edited again and are marked: each may already have been sent)',
    );
    expect(notice?.message).toContain('Kept: 1 connection, 1 draft and 1 change in drafts.');
    const reopened = services.drafts.detail(id);
    expect(reopened).toMatchObject({ state: 'editing', submission: null, maybeSent: { batchId: null } });

    record.answers.push(false);
    await expect(services.drafts.submit(id, reopened.revision)).rejects.toThrow(/^Not sent/);
    expect(record.questions.map((q) => q.title)).toEqual(['This draft may already have been sent']);
    expect(services.store.outbox.pending()).toEqual([]);

    // The poll finds a batch made with the draft's label: it is named beside the draft.
    services.store.suggestions.record(connectionId, [
      {
        id: 'p-found',
        batchId: 'b-found',
        batchLabel: 'Rent for June',
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease!.id,
        summary: 'Rent to 1500',
        status: 'proposed',
        flags: [],
        expiresAt: '2099-01-01T00:00:00.000Z',
        decidedBy: null,
      },
    ]);
    expect(services.drafts.detail(id).maybeSent?.batchId).toBe('b-found');

    record.answers.push(true);
    const sent = await services.drafts.submit(id, reopened.revision);
    expect(record.questions[1]?.detail).toMatch(/The service has a batch with this draft's name \(b-found\)/);
    expect(sent).toMatchObject({ state: 'submitting', maybeSent: null });
    expect(services.store.outbox.pending().map((p) => p.draftId)).toEqual([id]);
  });
});
