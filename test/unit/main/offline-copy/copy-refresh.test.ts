// An approved suggestion reaches the offline copy without a full update: the suggestions service sees it applied,
// main re-reads the records it touched from a real sandbox and rewrites them in the SQLite copy, so
// the rent roll, the search index and the names read from the copy all show the new values. Each
// record is read once (the live check's read is the copy's), only a suggestion PropDesk made counts,
// and an answer about another record is never written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { createLogger } from '../../../../src/main/log/logger';
import { CopyRefresh } from '../../../../src/main/offline-copy/copy-refresh';
import type { CopyRefreshed } from '../../../../src/main/offline-copy/copy-refresh';
import type { DraftChangeInput } from '../../../../src/shared/drafts';
import type { ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
let lease: ServiceRecord;
let tenant: ServiceRecord;

/** Reads of single records that reached the service, by path. */
const recordReads: string[] = [];
/** While set, the service's answer for the first lease is the second lease's. */
let swapped: { asked: string; answered: string } | undefined;
const logged: string[] = [];

const watchingFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  if (/\/api\/v1\/\w+\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('openapi.json'))
    recordReads.push(url.pathname.replace('/api/v1/', ''));
  if (swapped && url.pathname.endsWith(`/leases/${swapped.asked}`))
    url.pathname = url.pathname.replace(swapped.asked, swapped.answered);
  return fetch(url, init);
};

/** Suggests the changes from PropDesk, as a landlord would submit a draft; resolves with the proposals' IDs. */
async function propose(changes: DraftChangeInput[]): Promise<string[]> {
  const { services } = fx;
  const label = `Refresh ${Math.random()}`;
  const draft = services.drafts.create(label, changes);
  const sent = new Promise<void>((resolve) => {
    const off = services.outbox.settled.subscribe(({ draftId, outcome }) => {
      if (draftId !== draft.id) return;
      off();
      expect(outcome).toBe('sent');
      resolve();
    });
  });
  await services.drafts.submit(draft.id, draft.revision);
  await sent;
  const batch = services.suggestions.state().batches.find((b) => b.label === label)!;
  return batch.proposals.map((p) => p.id);
}

/** Suggests the changes straight to the service, as another tool would. */
async function proposeElsewhere(changes: unknown[]): Promise<string[]> {
  const res = await fetch(`${fx.sandbox.baseUrl}/api/v1/proposals`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${fx.key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `copy-refresh-${Math.random()}`,
    },
    body: JSON.stringify({ label: 'Made elsewhere', changes }),
  });
  expect(res.status).toBe(201);
  const json = (await res.json()) as { data: { proposals: Array<{ id: string }> } };
  return json.data.proposals.map((p) => p.id);
}

const nextRefresh = () =>
  new Promise<CopyRefreshed>((resolve) => {
    const off = fx.services.copyRefresh.refreshed.subscribe((value) => {
      off();
      resolve(value);
    });
  });

const rentRow = async (unitId: string) =>
  (await fx.services.handlers['portfolio.view']({ view: 'rent-roll' })).rows.find((r) => r.id === unitId);
const searchIds = async (text: string) =>
  (await fx.services.handlers['search.query']({ text })).groups.flatMap((g) => g.hits.map((h) => h.id));

beforeAll(async () => {
  fx = await offlineCopyFixture(
    { seed: 7 },
    {
      fetch: watchingFetch,
      logger: {
        ...createLogger({ console: false }),
        warn: (message: string, error?: unknown) =>
          void logged.push(`${message}: ${error instanceof Error ? error.message : ''}`),
      },
    },
  );
  await fx.services.contract.get(fx.connectionId, () => fx.services.clients.client().openapi());
  await offlineCopyToEnd(fx.services);
  const rows = (await fx.services.handlers['portfolio.view']({ view: 'rent-roll' })).rows;
  const leases = await cleanListing(fx.sandbox.baseUrl, fx.key, 'leases', { status: 'active' });
  lease = leases.find((l) => rows.some((r) => r.id === l.unit_id && r.cells.rent === l.monthly_rent))!;
  const tenants = await cleanListing(fx.sandbox.baseUrl, fx.key, 'tenants');
  tenant = tenants.find((t) => t.id === lease.tenant_id)!;
});

afterAll(async () => {
  await fx.close();
});

describe('an applied suggestion in the offline copy', () => {
  it('re-reads the records it touched: the rent roll, search and names show the new values', async () => {
    const oldRent = lease.monthly_rent as number;
    const newRent = oldRent + 137;
    const before = await rentRow(String(lease.unit_id));
    expect(before?.cells.rent).toBe(oldRent);
    expect(await searchIds('Quillon')).not.toContain(tenant.id);

    const ids = await propose([
      { operation: 'update', resourceType: 'lease', resourceId: lease.id, fields: { monthly_rent: newRent } },
      { operation: 'update', resourceType: 'tenant', resourceId: tenant.id, fields: { name: 'Ada Quillon' } },
    ]);
    await fx.services.suggestions.pollOnce();
    for (const id of ids) expect(fx.sandbox.control.approve(id, 'property_manager').ok).toBe(true);
    // Approved at the service, but not seen yet: the copy still holds what it had.
    expect((await rentRow(String(lease.unit_id)))?.cells.rent).toBe(oldRent);

    recordReads.length = 0;
    const refreshed = nextRefresh();
    await fx.services.suggestions.pollOnce();
    expect((await refreshed).collections.sort()).toEqual(['leases', 'tenants']);
    // Each record read once: the live check's read is what the copy keeps.
    expect(recordReads.sort()).toEqual([`leases/${lease.id}`, `tenants/${tenant.id}`]);
    const checked = fx.services.suggestions
      .state()
      .batches.flatMap((b) => b.proposals)
      .filter((p) => ids.includes(p.id));
    expect(checked.map((p) => p.live?.live)).toEqual([true, true]);

    const after = await rentRow(String(lease.unit_id));
    expect(after?.cells.rent).toBe(newRent);
    expect(after?.cells.tenant).toBe('Ada Quillon');
    // The search index follows in the same transaction: the new name is found, the old one is not.
    expect(await searchIds('Quillon')).toContain(tenant.id);
    const oldWord = String(tenant.name).split(' ').at(-1)!;
    expect(await searchIds(oldWord)).not.toContain(tenant.id);
    // Names read from the copy follow too.
    const named = await fx.services.handlers['labels.resolve']({
      refs: [{ collection: 'tenants', id: tenant.id }],
    });
    expect(named.labels[`tenants/${tenant.id}`]).toBe('Ada Quillon');
    // Rewritten in place: the copy keeps its size and its order.
    const state = fx.services.store.offlineCopies.state(fx.connectionId, 'leases')!;
    expect(state.liveCount).toBe((await cleanListing(fx.sandbox.baseUrl, fx.key, 'leases')).length);
  });

  it('a record an approved suggestion created joins the end of the copy, found by search', async () => {
    const before = fx.services.store.offlineCopies.state(fx.connectionId, 'tenants')!.liveCount;
    const [id] = await propose([
      {
        operation: 'create',
        resourceType: 'tenant',
        fields: { name: 'Odile Vantongeren', email: 'odile@example.com', status: 'current', is_active: true },
      },
    ]);
    await fx.services.suggestions.pollOnce();
    expect(fx.sandbox.control.approve(id!, 'landlord').ok).toBe(true);
    const refreshed = nextRefresh();
    await fx.services.suggestions.pollOnce();
    expect((await refreshed).collections).toEqual(['tenants']);
    expect(fx.services.store.offlineCopies.state(fx.connectionId, 'tenants')!.liveCount).toBe(before + 1);
    const found = await searchIds('Vantongeren');
    expect(found).toHaveLength(1);
    const all = fx.services.store.offlineCopies.records(fx.connectionId, 'tenants');
    expect(all.at(-1)!.id).toBe(found[0]);
  });

  it('an approved suggestion PropDesk never made reads nothing and leaves the copy as it was', async () => {
    const rent = (await rentRow(String(lease.unit_id)))?.cells.rent as number;
    const [id] = await proposeElsewhere([
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { monthly_rent: rent + 3 },
      },
    ]);
    await fx.services.suggestions.pollOnce();
    expect(fx.sandbox.control.approve(id!, 'property_manager').ok).toBe(true);
    let refreshes = 0;
    const off = fx.services.copyRefresh.refreshed.subscribe(() => void refreshes++);
    recordReads.length = 0;
    await fx.services.suggestions.pollOnce();
    off();
    expect(recordReads).toEqual([]);
    expect(refreshes).toBe(0);
    expect((await rentRow(String(lease.unit_id)))?.cells.rent).toBe(rent);
  });

  it('a re-read answered with another record is refused: logged, checked as a problem, never written', async () => {
    const leases = await cleanListing(fx.sandbox.baseUrl, fx.key, 'leases', { status: 'active' });
    const other = leases.find((l) => l.id !== lease.id && l.unit_id !== lease.unit_id)!;
    const rent = (await rentRow(String(lease.unit_id)))?.cells.rent as number;
    const otherRent = (await rentRow(String(other.unit_id)))?.cells.rent;
    const [id] = await propose([
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { monthly_rent: rent + 7 },
      },
    ]);
    await fx.services.suggestions.pollOnce();
    expect(fx.sandbox.control.approve(id!, 'property_manager').ok).toBe(true);
    let refreshes = 0;
    const off = fx.services.copyRefresh.refreshed.subscribe(() => void refreshes++);
    swapped = { asked: lease.id, answered: other.id };
    try {
      await fx.services.suggestions.pollOnce();
    } finally {
      swapped = undefined;
      off();
    }
    expect(refreshes).toBe(0);
    fx.services.portfolio.clear();
    expect((await rentRow(String(lease.unit_id)))?.cells.rent).toBe(rent);
    expect((await rentRow(String(other.unit_id)))?.cells.rent).toBe(otherRent);
    const proposal = fx.services.suggestions
      .state()
      .batches.flatMap((b) => b.proposals)
      .find((p) => p.id === id)!;
    expect(proposal.live?.live).toBe(false);
    expect(proposal.live?.problem).toMatch(/answered a request for leases .* with another record/);
    expect(logged.some((l) => l.startsWith('A re-read after approval was refused'))).toBe(true);
  });

  it('a dismissed suggestion leaves the copy as it was', async () => {
    const rent = (await rentRow(String(lease.unit_id)))?.cells.rent as number;
    const [id] = await propose([
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { monthly_rent: rent + 1 },
      },
    ]);
    await fx.services.suggestions.pollOnce();
    expect(fx.sandbox.control.dismiss(id!, 'property_manager').ok).toBe(true);
    let refreshes = 0;
    const off = fx.services.copyRefresh.refreshed.subscribe(() => void refreshes++);
    await fx.services.suggestions.pollOnce();
    off();
    expect(refreshes).toBe(0);
    expect((await rentRow(String(lease.unit_id)))?.cells.rent).toBe(rent);
  });

  it('a record that cannot be read now is read when the service is back; no copy, nothing to do', async () => {
    const unreachable = new ApiClient({
      baseUrl: 'http://127.0.0.1:9',
      getApiKey: () => fx.key,
      fetch,
      maxRetries: 0,
    });
    let reachable = false;
    const refresh = new CopyRefresh({
      records: fx.services.store.offlineCopies,
      clientFor: () => (reachable ? fx.services.clients.clientFor(fx.connectionId) : unreachable),
      log: () => undefined,
    });
    const rent = (await rentRow(String(lease.unit_id)))?.cells.rent as number;
    const [id] = await proposeElsewhere([
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { monthly_rent: rent + 50 },
      },
    ]);
    expect(fx.sandbox.control.approve(id!, 'property_manager').ok).toBe(true);
    const ref = { collection: 'leases' as const, id: lease.id };
    expect(await refresh.refresh(fx.connectionId, [ref])).toBe(0);
    expect(refresh.waiting(fx.connectionId)).toBe(1);
    reachable = true;
    await refresh.retry();
    expect(refresh.waiting(fx.connectionId)).toBe(0);
    fx.services.portfolio.clear();
    expect((await rentRow(String(lease.unit_id)))?.cells.rent).toBe(rent + 50);
    // A connection with no copy of the collection has nothing to refresh, and asks the service nothing.
    expect(await refresh.refresh('no-such-connection', [ref])).toBe(0);
    expect(refresh.waiting('no-such-connection')).toBe(0);
  });
});
