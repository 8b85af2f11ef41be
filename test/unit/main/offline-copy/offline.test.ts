// Offline browsing with the sandbox stopped: collections.list pages through the offline copy with every
// documented filter applied locally, giving exactly what the live service gave for the same filters,
// marked with the copy's as-of time; collections.get reads the copy; drafting and submitting (queued
// for later) keep working.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, COLLECTION_FILTERS } from '../../../../src/shared/service';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { patiently } from '../../../support/patience';

let fx: OfflineCopyFixture;
const cases: Array<{
  collection: Collection;
  filters: Record<string, string>;
  expected: ServiceRecord[];
  limit?: number;
}> = [];

// Combinations of filters, each with the values of one record so that it selects something.
const COMBINATIONS: Array<[Collection, string[]]> = [
  ['payments', ['lease_id', 'status']],
  ['payments', ['status', 'due_date']],
  ['payments', ['tenant_id', 'due_date']],
  ['payments', ['tenant_id', 'lease_id', 'status', 'due_date']],
  ['units', ['property_id', 'status']],
  ['leases', ['tenant_id', 'status']],
  ['leases', ['unit_id', 'end_date']],
  ['maintenance_requests', ['status', 'priority', 'property_id']],
  ['maintenance_requests', ['unit_id', 'status']],
  ['documents', ['entity_type', 'entity_id', 'is_verified']],
  ['documents', ['type', 'is_verified']],
  ['properties', ['city', 'is_active']],
  ['properties', ['state', 'type']],
];

/** A filter value that selects some records: from the data itself, as a user would pick one. */
function sampleValue(collection: Collection, name: string, kind: string, records: ServiceRecord[]): string[] {
  const values = records.map((r) => r[name]).filter((v) => v !== null && v !== undefined);
  if (kind === 'boolean') return ['true', 'false'];
  if (kind === 'date') {
    const sorted = (values as string[]).slice().sort();
    return [sorted[Math.floor(sorted.length / 2)]!];
  }
  const first = String(values[0]);
  // The service matches city and state ignoring case; the copy must too.
  if (collection === 'properties' && (name === 'city' || name === 'state')) return [first.toUpperCase()];
  const last = String(values.at(-1));
  return [...new Set([first, last])];
}

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 11 });
  await offlineCopyToEnd(fx.services);
  for (const collection of COLLECTIONS) {
    const records = fx.services.store.offlineCopies.records(fx.connectionId, collection);
    cases.push({ collection, filters: {}, expected: records });
    for (const [name, def] of Object.entries(COLLECTION_FILTERS[collection])) {
      for (const value of sampleValue(collection, name, def.kind, records)) {
        const filters = { [name]: value };
        cases.push({
          collection,
          filters,
          expected: await cleanListing(fx.sandbox.baseUrl, fx.key, collection, filters),
        });
      }
    }
  }
  // Two filters at once, as the service combines them.
  const leases = fx.services.store.offlineCopies.records(fx.connectionId, 'leases');
  const combined = {
    status: String(leases[0]!.status),
    end_date: String(leases[0]!.end_date ?? '2100-01-01'),
  };
  cases.push({
    collection: 'leases',
    filters: combined,
    expected: await cleanListing(fx.sandbox.baseUrl, fx.key, 'leases', combined),
  });
  for (const [index, [collection, names]] of COMBINATIONS.entries()) {
    const records = fx.services.store.offlineCopies.records(fx.connectionId, collection);
    const pick = records.find((r, i) => i >= records.length / 3 && names.every((n) => r[n] != null))!;
    const filters = Object.fromEntries(names.map((n) => [n, String(pick[n])]));
    const expected = await cleanListing(fx.sandbox.baseUrl, fx.key, collection, filters);
    // Paged with small and large limits, so that pages end inside and across runs of matches.
    cases.push({ collection, filters, expected, limit: [1, 3, 100][index % 3]! });
  }
  await fx.sandbox.close();
});

afterAll(async () => {
  await fx.close();
});

describe('offline browsing', () => {
  it('lists every collection with every filter from the copy, exactly as the service did', async () => {
    expect(cases.length).toBeGreaterThan(40);
    expect(cases.every((c) => Object.keys(c.filters).length === 0 || c.expected.length > 0)).toBe(true);
    const asOf = fx.services.offlineCopy.status().collections;
    for (const c of cases) {
      const { collection, filters, expected } = c;
      const got: ServiceRecord[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 10_000; guard++) {
        const page = await fx.services.handlers['collections.list']({
          collection,
          filters,
          limit: c.limit ?? 37,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.offline?.asOf, collection).toBe(asOf.find((c) => c.collection === collection)!.asOf);
        got.push(...page.data);
        if (!page.hasMore) break;
        cursor = page.nextCursor!;
      }
      expect(got, `${collection} ${JSON.stringify(filters)}`).toEqual(expected);
    }
    // What the lists showed was checked with the service in the background: it is out of reach.
    await vi.waitFor(() => expect(fx.services.connectivity.status().online).toBe(false), patiently);
  });

  it('reads one record from the copy, and says plainly when a record is not in it', async () => {
    const [unit] = fx.services.store.offlineCopies.records(fx.connectionId, 'units');
    const got = await fx.services.handlers['collections.get']({ collection: 'units', id: unit!.id });
    expect(got.record).toEqual(unit);
    expect(got.offline?.asOf).toMatch(/^\d{4}-/);
    await expect(
      fx.services.handlers['collections.get']({ collection: 'units', id: 'unit_missing' }),
    ).rejects.toThrow(/not in the offline copy/);
  });

  it('keeps drafting and queues the submission for when the service is back', async () => {
    const [lease] = fx.services.store.offlineCopies.records(fx.connectionId, 'leases');
    const draft = await fx.services.handlers['drafts.create']({
      label: 'Written on the train',
      changes: [
        { operation: 'update', resourceType: 'lease', resourceId: lease!.id, fields: { monthly_rent: 1999 } },
      ],
    });
    const edited = await fx.services.handlers['drafts.putChange']({
      draftId: draft.id,
      change: {
        id: draft.changes[0]!.id,
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease!.id,
        fields: { monthly_rent: 2050 },
      },
    });
    expect(edited.changes[0]!.fields).toEqual({ monthly_rent: 2050 });
    const submitted = await fx.services.handlers['drafts.submit']({
      id: draft.id,
      revision: edited.revision,
    });
    expect(submitted.state).toBe('submitting');
    expect(fx.services.outbox.waiting()).toBe(1);
  });

  it('previews a bulk rent review from the copy while the service is away', async () => {
    const leases = fx.services.store.offlineCopies
      .records(fx.connectionId, 'leases')
      .filter((l) => l.status === 'active' && typeof l.monthly_rent === 'number');
    const preview = await fx.services.handlers['rentReview.preview']({
      leaseFilters: { status: 'active' },
      rentField: 'monthly_rent',
      rule: { kind: 'flat', amount: 20 },
      neverAboveMarket: false,
      rounding: { step: 1, mode: 'nearest' },
    });
    expect(preview.rows.map((r) => r.leaseId).sort()).toEqual(leases.map((l) => l.id).sort());
    expect(preview.totals.delta).toBe(20 * leases.length);
  });
});
