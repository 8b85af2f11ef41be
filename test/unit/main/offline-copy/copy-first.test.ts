// With a complete offline copy, the copy answers first: a list, a record, a record's page and the rent
// review preview come from the copy at once, saying how old it is, and what was shown is read again
// from the service in the background, so a change made at the service arrives in the copy (and the
// window hears of it) without the landlord waiting for the service. Against a real sandbox, counting
// what reaches it at the app's network port; order and counts, no durations.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CopyRefreshed } from '../../../../src/main/offline-copy/copy-refresh';
import type { ServiceRecord } from '../../../../src/shared/service';
import { offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { patiently } from '../../../support/patience';

let fx: OfflineCopyFixture;
const sent: URL[] = [];
const counting: typeof fetch = (input, init) => {
  sent.push(new URL(String(input)));
  return fetch(input, init);
};
/** Requests to the test's service for records, leaving out the suggestions' own polls. */
const requests = () =>
  sent.filter((u) => u.origin === fx.sandbox.baseUrl && !u.pathname.endsWith('/proposals'));

let lease: ServiceRecord;
/** What main told the window, as the shipped wiring emits it. */
const told: Array<{ name: string; payload: unknown }> = [];

/** Changes a lease's rent at the service, as a person approving a suggestion made elsewhere would. */
async function changeAtService(record: ServiceRecord, rent: number): Promise<void> {
  const res = await fetch(`${fx.sandbox.baseUrl}/api/v1/proposals`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${fx.key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `copy-first-${Math.random()}`,
    },
    body: JSON.stringify({
      changes: [
        { operation: 'update', resourceType: 'lease', resourceId: record.id, fields: { monthly_rent: rent } },
      ],
    }),
  });
  const answer = (await res.json()) as { data: { proposals: Array<{ id: string }> } };
  expect(fx.sandbox.control.approve(answer.data.proposals[0]!.id, 'landlord').ok).toBe(true);
}

const nextRefresh = () =>
  new Promise<CopyRefreshed>((resolve) => {
    const off = fx.services.copyRefresh.refreshed.subscribe((value) => {
      off();
      resolve(value);
    });
  });

beforeAll(async () => {
  fx = await offlineCopyFixture(
    { seed: 5 },
    { fetch: counting, emit: (name, payload) => void told.push({ name, payload }) },
  );
  await fx.services.contract.get(fx.connectionId, () => fx.services.clients.client().openapi());
  await offlineCopyToEnd(fx.services);
  lease = fx.services.store.offlineCopies
    .records(fx.connectionId, 'leases')
    .find((l) => l.status === 'active' && typeof l.monthly_rent === 'number')!;
});

afterAll(async () => {
  await fx.close();
});

describe('the copy answers first', () => {
  it('a list shows the copy at once, and a change made at the service arrives by itself', async () => {
    const asOf = fx.services.offlineCopy.status().collections.find((c) => c.collection === 'leases')!.asOf;
    const newRent = Number(lease.monthly_rent) + 211;
    await changeAtService(lease, newRent);
    const list = () =>
      fx.services.handlers['collections.list']({
        collection: 'leases',
        filters: { unit_id: String(lease.unit_id) },
      });

    const refreshed = nextRefresh();
    sent.length = 0;
    told.length = 0;
    const before = new Date().toISOString();
    const shown = await list();
    expect(shown.offline).toEqual({ asOf, first: true });
    expect(shown.data.find((l) => l.id === lease.id)?.monthly_rent).toBe(lease.monthly_rent);
    // The page shown is read again from the service, once, with its filter, and the change goes in.
    expect(await refreshed).toEqual({ connectionId: fx.connectionId, collections: ['leases'] });
    expect(requests().map((u) => [u.pathname.split('/').at(-1), u.searchParams.get('unit_id')])).toEqual([
      ['leases', String(lease.unit_id)],
    ]);
    // The window hears when the screen was checked, so it says "checked just now" rather than the copy's age.
    const checked = told.filter((t) => t.name === 'copy.checked').map((t) => t.payload);
    expect(checked).toEqual([
      { connectionId: fx.connectionId, collection: 'leases', at: expect.any(String) },
    ]);
    expect((checked[0] as { at: string }).at >= before).toBe(true);
    const again = await list();
    expect(again.data.find((l) => l.id === lease.id)?.monthly_rent).toBe(newRent);
    // Shown again so soon, it is not read again.
    expect(requests()).toHaveLength(1);
  });

  it('a record and a record page read the copy first and are read again in the background', async () => {
    const newRent = Number(lease.monthly_rent) + 500;
    await changeAtService(lease, newRent);
    const refreshed = nextRefresh();
    sent.length = 0;
    const record = await fx.services.handlers['collections.get']({ collection: 'leases', id: lease.id });
    expect(record.offline).toMatchObject({ first: true });
    await refreshed;
    expect(requests().map((u) => u.pathname.split('/').slice(-2).join('/'))).toEqual([`leases/${lease.id}`]);
    const page = await fx.services.handlers['records.related']({ collection: 'leases', id: lease.id });
    expect(page.offline).toMatchObject({ first: true });
    expect(page.record.monthly_rent).toBe(newRent);
    // The page's own reads: the record and the first rows of its payments.
    await vi.waitFor(() => expect(requests()).toHaveLength(3), patiently);
    expect(
      requests()
        .slice(1)
        .map((u) => u.pathname.split('/').slice(-2).join('/'))
        .sort(),
    ).toEqual([`leases/${lease.id}`, 'v1/payments']);
  });

  it('a record the copy lacks is asked of the service', async () => {
    sent.length = 0;
    await expect(
      fx.services.handlers['collections.get']({ collection: 'leases', id: 'lease_not_in_copy' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(requests().map((u) => u.pathname.split('/').at(-1))).toEqual(['lease_not_in_copy']);
  });

  it('the rent review previews from the copy, saying so and how old it is', async () => {
    const status = fx.services.offlineCopy.status().collections;
    const asOf = ['leases', 'units'].map((c) => status.find((s) => s.collection === c)!.asOf!).sort()[0];
    sent.length = 0;
    const preview = await fx.services.handlers['rentReview.preview']({
      leaseFilters: { status: 'active' },
      rentField: 'monthly_rent',
      rule: { kind: 'percent', percent: 3 },
      neverAboveMarket: false,
      rounding: { step: 1, mode: 'nearest' },
    });
    expect(preview).toMatchObject({ fromCopy: true, asOf });
    const active = fx.services.store.offlineCopies
      .records(fx.connectionId, 'leases')
      .filter((l) => l.status === 'active');
    expect(preview.rows).toHaveLength(active.length);
    // Only the first page of each list is checked with the service, in the background.
    await vi.waitFor(() => expect(requests()).toHaveLength(2), patiently);
    expect(requests().every((u) => !u.searchParams.has('cursor'))).toBe(true);
  });

  it('Reload reads the list from the service and answers with what it holds now', async () => {
    const current = fx.services.store.offlineCopies
      .records(fx.connectionId, 'leases')
      .find((l) => l.id === lease.id)!;
    const newRent = Number(current.monthly_rent) + 97;
    await changeAtService(lease, newRent);
    sent.length = 0;
    const reloaded = await fx.services.handlers['collections.list']({
      collection: 'leases',
      filters: { unit_id: String(lease.unit_id) },
      fresh: true,
    });
    expect(reloaded.data.find((l) => l.id === lease.id)?.monthly_rent).toBe(newRent);
    expect(requests().map((u) => u.pathname)).toEqual(['/api/v1/leases']);
    expect(requests()[0]!.searchParams.get('unit_id')).toBe(String(lease.unit_id));
  });

  it('without a complete copy of a collection, its list is asked of the service', async () => {
    fx.services.store.offlineCopies.forget(fx.connectionId);
    sent.length = 0;
    const live = await fx.services.handlers['collections.list']({ collection: 'units', filters: {} });
    expect(live.offline).toBeUndefined();
    expect(requests()).toHaveLength(1);
  });
});
