// The records that point to a record, read through the service's filters, against a real sandbox and
// checked against every record of each collection listed whole and joined here by hand: every
// relation of every kind of page, first rows with full counts, and a property's documents of its own,
// its units', leases' and tenants'. Then the same reading over an offline copy of another service
// whose contract names its records' fields in its own words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { relatedRecords, SHOWN_ROWS } from '../../../../src/main/records/related-records';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { COLLECTIONS } from '../../../../src/shared/service';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { cleanListing } from '../../../support/offline-copy-fixture';
import { contractFixture, LAKESIDE, storeCopy } from '../contract-copy';

let sandbox: Sandbox;
let client: ApiClient;
const all = {} as Record<Collection, ServiceRecord[]>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  client = new ApiClient({ baseUrl: sandbox.baseUrl, getApiKey: () => key, fetch });
  for (const c of COLLECTIONS) all[c] = await cleanListing(sandbox.baseUrl, key, c);
});

afterAll(async () => {
  await sandbox.close();
});

const ids = (rows: ServiceRecord[]) => rows.map((r) => r.id).sort();
const where = (c: Collection, field: string, id: string) => all[c].filter((r) => r[field] === id);
const docsOf = (type: string, id: string) =>
  all.documents.filter((d) => d.entity_type === type && d.entity_id === id);

/** The record of a collection with the most records pointing at it through `field`. */
function busiest(c: Collection, pointing: Collection, field: string): ServiceRecord {
  const counts = new Map<string, number>();
  for (const r of all[pointing]) counts.set(String(r[field]), (counts.get(String(r[field])) ?? 0) + 1);
  return [...all[c]].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0))[0]!;
}

function expectList(
  answer: Awaited<ReturnType<typeof relatedRecords>>,
  collection: Collection,
  filter: string,
  expected: ServiceRecord[],
) {
  const list = answer.lists.find((l) => l.collection === collection)!;
  expect(list.filters).toEqual({ [filter]: answer.record.id });
  expect(list.total).toBe(expected.length);
  expect(list.rows.length).toBe(Math.min(SHOWN_ROWS, expected.length));
  for (const row of list.rows) expect(ids(expected)).toContain(row.id);
}

describe('related records from the service', () => {
  it('a tenant: their leases, payments and documents', async () => {
    const tenant = busiest('tenants', 'payments', 'tenant_id');
    const answer = await relatedRecords(client, 'tenants', tenant.id);
    expect(answer.record).toEqual(tenant);
    expect(answer.lists.map((l) => l.collection)).toEqual(['leases', 'payments']);
    expectList(answer, 'leases', 'tenant_id', where('leases', 'tenant_id', tenant.id));
    const payments = where('payments', 'tenant_id', tenant.id);
    expect(payments.length).toBeGreaterThan(SHOWN_ROWS);
    expectList(answer, 'payments', 'tenant_id', payments);
    expect(ids(answer.documents!.map((d) => d.document))).toEqual(ids(docsOf('tenant', tenant.id)));
    expect(answer.documents!.every((d) => d.ownerType === 'tenant' && d.ownerId === tenant.id)).toBe(true);
  });

  it('a unit: its leases, maintenance requests and documents', async () => {
    const unit = busiest('units', 'maintenance_requests', 'unit_id');
    const answer = await relatedRecords(client, 'units', unit.id);
    expect(answer.lists.map((l) => l.collection)).toEqual(['leases', 'maintenance_requests']);
    expectList(answer, 'leases', 'unit_id', where('leases', 'unit_id', unit.id));
    const requests = where('maintenance_requests', 'unit_id', unit.id);
    expect(requests.length).toBeGreaterThan(0);
    expectList(answer, 'maintenance_requests', 'unit_id', requests);
    expect(ids(answer.documents!.map((d) => d.document))).toEqual(ids(docsOf('unit', unit.id)));
  });

  it('a lease: its payments and documents', async () => {
    const lease = busiest('leases', 'documents', 'entity_id');
    const answer = await relatedRecords(client, 'leases', lease.id);
    expect(answer.lists.map((l) => l.collection)).toEqual(['payments']);
    expectList(answer, 'payments', 'lease_id', where('payments', 'lease_id', lease.id));
    expect(answer.documents!.length).toBeGreaterThan(0);
    expect(ids(answer.documents!.map((d) => d.document))).toEqual(ids(docsOf('lease', lease.id)));
  });

  it('a property: its units, maintenance, and the documents of it, its units, leases and tenants', async () => {
    const property = busiest('properties', 'units', 'property_id');
    const answer = await relatedRecords(client, 'properties', property.id);
    const units = where('units', 'property_id', property.id);
    expectList(answer, 'units', 'property_id', units);
    const requests = where('maintenance_requests', 'property_id', property.id);
    expectList(answer, 'maintenance_requests', 'property_id', requests);
    // Open requests come first among the rows shown.
    const shown = answer.lists.find((l) => l.collection === 'maintenance_requests')!.rows;
    const closedAt = shown.findIndex((r) =>
      /^(completed?|cancel+ed|closed|resolved|done)$/i.test(String(r.status)),
    );
    if (closedAt >= 0)
      expect(
        shown
          .slice(closedAt)
          .every((r) => /^(completed?|cancel+ed|closed|resolved|done)$/i.test(String(r.status))),
      ).toBe(true);

    const leases = all.leases.filter((l) => units.some((u) => u.id === l.unit_id));
    const tenants = [...new Set(leases.map((l) => String(l.tenant_id)))];
    const expected = [
      ...docsOf('property', property.id),
      ...units.flatMap((u) => docsOf('unit', u.id)),
      ...leases.flatMap((l) => docsOf('lease', l.id)),
      ...tenants.flatMap((t) => docsOf('tenant', t)),
    ];
    const got = answer.documents!;
    expect(ids(got.map((d) => d.document))).toEqual(ids(expected));
    // More than the property's own: the Documents list filtered by it would show fewer.
    expect(got.length).toBeGreaterThan(docsOf('property', property.id).length);
    expect(new Set(got.map((d) => d.ownerType))).toEqual(new Set(['property', 'unit', 'lease', 'tenant']));
    for (const d of got) {
      expect(d.document.entity_type).toBe(d.ownerType);
      expect(d.document.entity_id).toBe(d.ownerId);
    }
  });

  it('reads within a budget of requests, and says what it left out', async () => {
    const property = busiest('properties', 'units', 'property_id');
    const units = where('units', 'property_id', property.id);
    expect(units.length).toBeGreaterThan(6);
    sandbox.control.resetRequestCount();
    const answer = await relatedRecords(client, 'properties', property.id, { budget: 6 });
    // The record itself, then at most six pages of listings.
    expect(sandbox.control.requestCount()).toBeLessThanOrEqual(7);
    expect(answer.record).toEqual(property);
    expect(answer.partial).toEqual([
      expect.stringMatching(/^Documents of .* are shown only in part: reading them all would take more than/),
    ]);
    const full = await relatedRecords(client, 'properties', property.id);
    expect(full.partial).toBeUndefined();
    expect(answer.documents!.length).toBeLessThan(full.documents!.length);
  });

  it('records nothing points to: a payment has no related lists and no documents', async () => {
    const payment = all.payments[0]!;
    const answer = await relatedRecords(client, 'payments', payment.id);
    expect(answer).toEqual({ collection: 'payments', record: payment, lists: [], documents: null });
  });

  it('a record that does not exist is the service’s not-found answer', async () => {
    await expect(relatedRecords(client, 'tenants', 'ten_missing')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('related records under another contract', () => {
  let dir: string;
  let store: Store;
  let copy: Parameters<typeof relatedRecords>[0];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'propdesk-related-'));
    store = openStore(join(dir, 'propdesk.sqlite'));
    store.connections.insert({
      id: 'lakeside',
      name: 'Lakeside',
      baseUrl: sandbox.baseUrl,
      webOrigin: null,
      kind: 'remote',
    });
    const records = {
      ...LAKESIDE,
      documents: [
        ...LAKESIDE.documents!,
        { id: 'pp_2', title: 'Floor plan', entity_type: 'unit', entity_id: 'flt_1', is_verified: false },
        { id: 'pp_3', title: 'Photo ID', entity_type: 'tenant', entity_id: 'res_1', is_verified: false },
        { id: 'pp_4', title: 'Title deed', entity_type: 'property', entity_id: 'bld_1', is_verified: true },
        { id: 'pp_5', title: 'Other building', entity_type: 'property', entity_id: 'bld_2' },
      ],
    };
    storeCopy(
      store,
      'lakeside',
      contractFixture('lakeside-openapi-3.1.json'),
      records,
      '2026-05-01T08:00:00.000Z',
    );
    const reader = new OfflineReader(store.offlineCopies);
    copy = {
      get: async (c, id) => reader.get('lakeside', c, id).record,
      list: async (c, q) => reader.list('lakeside', c, q.filters ?? {}, q.cursor, q.limit ?? 100),
    };
  });

  afterAll(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('a building: its flats, jobs, and the papers of it, its flats, tenancies and residents', async () => {
    const answer = await relatedRecords(copy, 'properties', 'bld_1');
    expect(answer.record.display_name).toBe('Lakeside Tower');
    expect(ids(answer.lists[0]!.rows)).toEqual(['flt_1', 'flt_2']);
    expect(ids(answer.lists[1]!.rows)).toEqual(['job_1']);
    expect(answer.documents!.map((d) => [d.document.title, d.ownerType, d.ownerId]).sort()).toEqual([
      ['Floor plan', 'unit', 'flt_1'],
      ['Gas safety certificate', 'lease', 'tn_1'],
      ['Photo ID', 'tenant', 'res_1'],
      ['Title deed', 'property', 'bld_1'],
    ]);
  });

  it('a resident: their tenancy and papers; the tenancy: its charges', async () => {
    const answer = await relatedRecords(copy, 'tenants', 'res_1');
    expect(ids(answer.lists.find((l) => l.collection === 'leases')!.rows)).toEqual(['tn_1']);
    expect(answer.documents!.map((d) => d.document.title)).toEqual(['Photo ID']);
    const tenancy = await relatedRecords(copy, 'leases', 'tn_1');
    expect(ids(tenancy.lists[0]!.rows)).toEqual(['chg_1']);
  });
});
