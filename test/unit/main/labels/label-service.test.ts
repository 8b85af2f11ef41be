// Labels of referenced records through the app's real main services, against a sandbox over HTTP,
// with every request main sends counted at its network port: a first screen of 100 leases costs one
// read by ID of each tenant and unit on it and then of their properties, the same screen again costs
// nothing, the offline copy costs nothing, and a connection switch or forgotten data forgets what was
// read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/main/ipc/dispatch';
import { labelKey } from '../../../../src/shared/label-refs';
import type { LabelRef } from '../../../../src/shared/label-refs';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
const sent: URL[] = [];
const counting: typeof fetch = (input, init) => {
  sent.push(new URL(input instanceof Request ? input.url : String(input)));
  return fetch(input, init);
};
const data: Partial<Record<Collection, ServiceRecord[]>> = {};
const byId = (c: Collection, id: unknown) => data[c]!.find((r) => r.id === id)!;

/** What a landlord reads, worked out here from the sandbox's own field names. */
const expected = {
  tenant: (id: unknown) => String(byId('tenants', id).name),
  unit: (id: unknown) => {
    const unit = byId('units', id);
    return `${String(byId('properties', unit.property_id).name)} · ${String(unit.unit_number)}`;
  },
  lease: (id: unknown) => {
    const lease = byId('leases', id);
    return `${expected.tenant(lease.tenant_id)} · ${expected.unit(lease.unit_id)}`;
  },
};

/**
 * Requests to the test's sandbox since the last reset (the demo service runs elsewhere), leaving out
 * the suggestions' polls of suggestions, which run on their own schedule.
 */
const requests = () =>
  sent.filter((u) => u.origin === fx.sandbox.baseUrl && !u.pathname.endsWith('/proposals'));
/** The collections listed from their first page, once per listing. */
const walks = () =>
  requests()
    .filter((u) => !u.searchParams.has('cursor') && u.searchParams.has('limit'))
    .map((u) => u.pathname.split('/').at(-1));
/** The records read by ID, as "collection/id". */
const reads = () =>
  requests()
    .filter((u) => !u.searchParams.has('limit'))
    .map((u) => u.pathname.replace(/^.*\/api\/v1\//, ''));
/** What reading a screen's references by ID costs: each record once, then the properties of its units. */
function readsFor(refs: LabelRef[]): string[] {
  const first = [...new Set(refs.map((r) => `${r.collection}/${r.id}`))];
  const properties = new Set(
    refs
      .filter((r) => r.collection === 'units')
      .map((r) => `properties/${String(byId('units', r.id).property_id)}`),
  );
  return [...first, ...properties].sort();
}

/** The references a screen of the first 100 leases shows: each lease's tenant and unit. */
function leaseScreenRefs(): LabelRef[] {
  return data.leases!.slice(0, 100).flatMap((l) => [
    { collection: 'tenants' as const, id: String(l.tenant_id) },
    { collection: 'units' as const, id: String(l.unit_id) },
  ]);
}

const resolve = (refs: LabelRef[]) => fx.services.handlers['labels.resolve']({ refs });

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 7 }, { fetch: counting });
  for (const c of ['properties', 'units', 'tenants', 'leases'] as const)
    data[c] = await cleanListing(fx.sandbox.baseUrl, fx.key, c);
  await fx.services.contract.get(fx.connectionId, () => fx.services.clients.client().openapi());
});

afterAll(() => fx.close());

beforeEach(() => {
  sent.length = 0;
});

describe('labels of a first screen of 100 leases, from the service', () => {
  it('cold: each tenant and unit on screen read by ID, then their properties, and nothing listed', async () => {
    const refs = leaseScreenRefs();
    const before = Date.now();
    const answer = await resolve(refs);
    const after = Date.now();
    expect(walks()).toEqual([]);
    expect(reads().sort()).toEqual(readsFor(refs));
    expect(answer.source).toBe('service');
    // As of this read, however long it took.
    expect(Date.parse(answer.asOf!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(answer.asOf!)).toBeLessThanOrEqual(after);
    for (const ref of refs) {
      const want = ref.collection === 'tenants' ? expected.tenant(ref.id) : expected.unit(ref.id);
      expect(answer.labels[labelKey(ref.collection, ref.id)]).toBe(want);
    }
    expect(answer.labels[labelKey('units', String(data.units![0]!.id))]).toMatch(/^.+ · .+$/);
  });

  it('warm: the same screen again sends nothing', async () => {
    const answer = await resolve(leaseScreenRefs());
    expect(requests()).toEqual([]);
    expect(answer.source).toBe('cache');
    expect(Object.keys(answer.labels)).toHaveLength(new Set(leaseScreenRefs().map((r) => r.id)).size);
  });

  it('leases named by who rents what: each lease read, and what they name that is not held yet', async () => {
    const refs = data.leases!.slice(100, 150).map((l) => ({ collection: 'leases' as const, id: l.id }));
    const answer = await resolve(refs);
    expect(walks()).toEqual([]);
    expect(
      reads()
        .filter((r) => r.startsWith('leases/'))
        .sort(),
    ).toEqual(refs.map((r) => `leases/${r.id}`).sort());
    for (const ref of refs) expect(answer.labels[labelKey('leases', ref.id)]).toBe(expected.lease(ref.id));
  });

  it('leaves out a record that does not exist, so the screen keeps its ID', async () => {
    const answer = await resolve([
      { collection: 'tenants', id: String(data.tenants![0]!.id) },
      { collection: 'tenants', id: 'ten_does_not_exist' },
    ]);
    expect(answer.labels).toEqual({
      [labelKey('tenants', String(data.tenants![0]!.id))]: expected.tenant(data.tenants![0]!.id),
    });
  });
});

describe('what forgets the listed names', () => {
  it('switching connection: the next screen reads again', async () => {
    await resolve(leaseScreenRefs());
    expect(requests()).toEqual([]);
    // Only the labels' requests are counted: neither connection makes its first copy on the switch.
    fx.services.store.offlineCopies.setKeepCopy('demo', false);
    fx.services.store.offlineCopies.setKeepCopy(fx.connectionId, false);
    await fx.services.connections.switchTo('demo');
    await fx.services.connections.switchTo(fx.connectionId);
    fx.services.store.offlineCopies.setKeepCopy(fx.connectionId, true);
    const answer = await resolve(leaseScreenRefs());
    expect(reads().sort()).toEqual(readsFor(leaseScreenRefs()));
    expect(answer.source).toBe('service');
  });

  it('forgetting this connection’s offline data forgets its names too', async () => {
    await resolve(leaseScreenRefs());
    expect(fx.services.labels.held()[fx.connectionId]).toBeGreaterThan(0);
    await fx.services.handlers['offlineCopy.forget']({});
    expect(fx.services.labels.held()[fx.connectionId]).toBeUndefined();
    sent.length = 0;
    await resolve(leaseScreenRefs());
    expect(reads().sort()).toEqual(readsFor(leaseScreenRefs()));
  });
});

describe('a removed connection', () => {
  it('takes what was read for it along', async () => {
    const other = await fx.services.connections.add({
      name: 'Second',
      baseUrl: fx.sandbox.baseUrl,
      apiKey: fx.key,
    });
    await fx.services.contract.get(other.id, () => fx.services.clients.clientFor(other.id).openapi());
    await fx.services.labels.resolve(other.id, leaseScreenRefs());
    expect(fx.services.labels.held()[other.id]).toBeGreaterThan(0);
    await fx.services.connections.remove(other.id);
    expect(fx.services.labels.held()[other.id]).toBeUndefined();
  });
});

describe('labels from the offline copy', () => {
  it('sends nothing, and says the words are the copy’s, as of its time', async () => {
    await offlineCopyToEnd(fx.services);
    fx.services.labels.forget();
    sent.length = 0;
    const refs = [
      ...leaseScreenRefs(),
      ...data.leases!.slice(0, 20).map((l) => ({ collection: 'leases' as const, id: l.id })),
    ];
    const answer = await resolve(refs);
    expect(requests()).toEqual([]);
    expect(answer.source).toBe('copy');
    const status = fx.services.offlineCopy.status();
    const asOfs = status.collections.filter((c) => c.asOf).map((c) => c.asOf!);
    expect(asOfs).toContain(answer.asOf);
    for (const l of data.leases!.slice(0, 20)) {
      expect(answer.labels[labelKey('leases', l.id)]).toBe(expected.lease(l.id));
      expect(answer.labels[labelKey('units', String(l.unit_id))]).toBe(expected.unit(l.unit_id));
    }
    // Read from the copy, nothing was kept in memory.
    expect(fx.services.labels.held()[fx.connectionId] ?? 0).toBe(0);
  });

  it('asks the service for a record the copy lacks before calling it not found', async () => {
    const sample = data.tenants![0]!;
    const made = fx.sandbox.control.createRecord('tenants', 'org_demo', {
      ...sample,
      id: undefined,
      name: 'Ines Okafor-Lund',
    }) as ServiceRecord;
    fx.services.labels.forget();
    sent.length = 0;
    const answer = await resolve([
      { collection: 'tenants', id: String(sample.id) },
      { collection: 'tenants', id: made.id },
      { collection: 'tenants', id: 'ten_does_not_exist' },
    ]);
    expect(answer.labels).toEqual({
      [labelKey('tenants', String(sample.id))]: expected.tenant(sample.id),
      [labelKey('tenants', made.id)]: 'Ines Okafor-Lund',
    });
    // Only the two the copy lacks were asked of the service, each by its ID.
    expect(reads().sort()).toEqual([`tenants/${made.id}`, 'tenants/ten_does_not_exist'].sort());
    expect(answer.source).toBe('service');
  });
});

describe('labels.resolve over IPC', () => {
  const trusted = { isMainFrame: true, url: 'file:///app/index.html' };
  const dispatcher = () =>
    createDispatcher(fx.services.handlers, () => true, fx.services.mapError, {
      warn: () => undefined,
      error: () => undefined,
    });

  it('refuses more than 500 references, or an unknown collection, with a clear message and no request', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ collection: 'units', id: `unit_${i}` }));
    const tooMany = await dispatcher().dispatch(trusted, 'labels.resolve', { refs: many });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(!tooMany.ok && tooMany.error.message).toMatch(/at most 500/);
    const unknown = await dispatcher().dispatch(trusted, 'labels.resolve', {
      refs: [{ collection: 'invoices', id: 'inv_1' }],
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(requests()).toEqual([]);
  });

  it('answers labels keyed “collection/id”', async () => {
    const unit = data.units![3]!;
    const answer = await dispatcher().dispatch(trusted, 'labels.resolve', {
      refs: [{ collection: 'units', id: unit.id }],
    });
    expect(answer).toMatchObject({
      ok: true,
      data: { labels: { [`units/${unit.id}`]: expected.unit(unit.id) } },
    });
  });
});

describe('suggestion targets in suggestions.list', () => {
  it('each proposal keeps its target’s ID and gains its label; a new record has none', async () => {
    const lease = data.leases![5]!;
    const property = data.properties![0]!;
    const draft = fx.services.drafts.create('Targets', [
      { operation: 'update', resourceType: 'lease', resourceId: lease.id, fields: { monthly_rent: 1999 } },
      { operation: 'update', resourceType: 'property', resourceId: property.id, fields: { city: 'Leeds' } },
      {
        operation: 'create',
        resourceType: 'tenant',
        fields: { name: 'New Tenant', email: 'new@example.com', status: 'future', is_active: true },
      },
    ]);
    await fx.services.drafts.submit(draft.id, draft.revision);
    await fx.services.outbox.kick();
    const state = await fx.services.handlers['suggestions.list']({});
    const batch = state.batches.find((b) => b.label === 'Targets')!;
    expect(batch.proposals.map((p) => [p.resourceId, p.resourceLabel])).toEqual([
      [lease.id, expected.lease(lease.id)],
      [property.id, String(property.name)],
      [null, null],
    ]);
    const refreshed = await fx.services.handlers['suggestions.refresh']({});
    const again = refreshed.batches.find((b) => b.label === 'Targets')!;
    expect(again.proposals[0]!.resourceLabel).toBe(expected.lease(lease.id));
  });
});
