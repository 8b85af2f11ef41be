// How main's memory of names behaves over time and under its bounds, against a sandbox over HTTP with
// a clock the test moves: names are read by ID, all at once; stale names are served at once while
// they are read again in the background; a record the service does not have is asked again after a
// short wait, not on every call; a failed read is reported and not retried at once; a collection known
// to be short is listed whole instead; the record cap keeps the latest; connections are kept apart and
// the least recently used is dropped.
import { CollectionSizes } from '../../../../src/main/labels/collection-sizes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ContractService } from '../../../../src/main/contract/contract-service';
import { LabelService } from '../../../../src/main/labels/label-service';
import { LABEL_LIMITS } from '../../../../src/main/labels/label-memory';
import type { LabelLimits } from '../../../../src/main/labels/label-memory';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { labelKey } from '../../../../src/shared/label-refs';
import type { LabelRef } from '../../../../src/shared/label-refs';
import type { ServiceRecord } from '../../../../src/shared/service';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { cleanListing } from '../../../support/offline-copy-fixture';
import { patiently } from '../../../support/patience';

let sandbox: Sandbox;
let dir: string;
let store: Store;
let contracts: ContractService;
let units: ServiceRecord[];
let properties: ServiceRecord[];
const sent: URL[] = [];
const keyOf = (name: string) => sandbox.keys.find((k) => k.name === name)!.key;
const keyOrg = (name: string) => sandbox.keys.find((k) => k.name === name)!.organisation;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11 });
  dir = mkdtempSync(join(tmpdir(), 'propdesk-label-memory-'));
  store = openStore(join(dir, 'propdesk.sqlite'));
  for (const id of ['full', 'properties-only', 'other-org'])
    store.connections.insert({ id, name: id, baseUrl: sandbox.baseUrl, webOrigin: null, kind: 'remote' });
  contracts = new ContractService(store.contracts);
  units = await cleanListing(sandbox.baseUrl, keyOf('full'), 'units');
  properties = await cleanListing(sandbox.baseUrl, keyOf('full'), 'properties');
});

afterAll(async () => {
  store.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

beforeEach(() => {
  sent.length = 0;
});

/** A label service whose connections use the sandbox key of the same name, on the test's clock. */
function service(
  clock: { now: number },
  limits: Partial<LabelLimits> = {},
  sizes = new CollectionSizes(() => undefined),
) {
  const clients = new Map<string, ApiClient>();
  const clientFor = (id: string) => {
    let client = clients.get(id);
    if (!client) {
      client = new ApiClient({
        baseUrl: sandbox.baseUrl,
        getApiKey: () => keyOf(id),
        fetch: (input, init) => {
          sent.push(new URL(String(input)));
          return fetch(input, init);
        },
        maxRetries: 0,
      });
      clients.set(id, client);
    }
    return client;
  };
  const logged: string[] = [];
  const labels = new LabelService({
    contract: async (id) => contracts.compile(await contracts.get(id, () => clientFor('full').openapi())),
    copy: new OfflineReader(store.offlineCopies),
    sizes,
    clientFor,
    currency: () => 'USD',
    log: (message) => void logged.push(message),
    now: () => clock.now,
    limits: { ...LABEL_LIMITS, ...limits },
  });
  return { labels, logged };
}

const unitRefs = (n: number, from = 0): LabelRef[] =>
  units.slice(from, from + n).map((u) => ({ collection: 'units', id: u.id }));
const unitLabel = (u: ServiceRecord) =>
  `${String(properties.find((p) => p.id === u.property_id)!.name)} · ${String(u.unit_number)}`;
const listingsOf = (collection: string) =>
  sent.filter((u) => u.pathname.endsWith(`/${collection}`) && !u.searchParams.has('cursor')).length;
const readsOf = (collection: string) => sent.filter((u) => u.pathname.includes(`/${collection}/`)).length;
const propertiesOf = (refs: LabelRef[]) =>
  new Set(refs.map((r) => units.find((u) => u.id === r.id)!.property_id)).size;

describe('reading names by ID', () => {
  it('reads the units on screen, then their properties: one request each, no listing', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock);
    const refs = unitRefs(10);
    const answer = await labels.resolve('full', refs);
    for (const ref of refs)
      expect(answer.labels[labelKey('units', ref.id)]).toBe(unitLabel(units.find((u) => u.id === ref.id)!));
    expect(answer).toMatchObject({ source: 'service', asOf: '2026-06-01T09:00:00.000Z' });
    expect(readsOf('units')).toBe(10);
    expect(readsOf('properties')).toBe(propertiesOf(refs));
    expect(listingsOf('units') + listingsOf('properties')).toBe(0);
  });

  it('lists a collection whole instead where it is known to be a few pages', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const sizes = new CollectionSizes(() => undefined);
    sizes.listed('full', 'properties', properties.length);
    const { labels } = service(clock, {}, sizes);
    const refs = unitRefs(30);
    expect(propertiesOf(refs)).toBeGreaterThan(1);
    const answer = await labels.resolve('full', refs);
    expect(Object.keys(answer.labels)).toHaveLength(30);
    expect(listingsOf('properties')).toBe(1);
    expect(readsOf('properties')).toBe(0);
    expect(readsOf('units')).toBe(30);
  });
});

describe('freshness', () => {
  it('after five minutes, answers at once with the old words while they are read again', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock);
    const first = await labels.resolve('full', unitRefs(10));
    expect(first.asOf).toBe('2026-06-01T09:00:00.000Z');
    clock.now += LABEL_LIMITS.freshMs - 1;
    sent.length = 0;
    expect((await labels.resolve('full', unitRefs(10))).source).toBe('cache');
    expect(sent).toEqual([]);

    clock.now += 2;
    const stale = await labels.resolve('full', unitRefs(10));
    expect(stale).toMatchObject({ source: 'cache', asOf: '2026-06-01T09:00:00.000Z' });
    expect(stale.labels).toEqual(first.labels);
    // Asking again while the background reads are on their way joins them; once they are in, the
    // names are as of now.
    await vi.waitFor(
      async () =>
        expect((await labels.resolve('full', unitRefs(10))).asOf).toBe(new Date(clock.now).toISOString()),
      patiently,
    );
    expect(readsOf('units')).toBe(10);
    expect(readsOf('properties')).toBe(propertiesOf(unitRefs(10)));
  });

  it('names a record added since at once, and asks again for a missing one only after 30 seconds', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock);
    await labels.resolve('full', unitRefs(5));
    const added = sandbox.control.createRecord('units', keyOrg('full'), {
      property_id: properties[0]!.id,
      unit_number: 'NEW-1',
      bedrooms: 1,
      bathrooms: 1,
      square_feet: 500,
      market_rent: 1200,
      status: 'vacant',
    });
    sent.length = 0;
    const ref: LabelRef = { collection: 'units', id: String(added.id) };
    const named = await labels.resolve('full', [ref]);
    expect(named.labels[labelKey('units', ref.id)]).toBe(`${String(properties[0]!.name)} · NEW-1`);
    expect(readsOf('units')).toBe(1);

    const gone: LabelRef = { collection: 'units', id: 'unit_never_was' };
    expect((await labels.resolve('full', [gone])).labels).toEqual({});
    sent.length = 0;
    clock.now += 10_000;
    expect((await labels.resolve('full', [gone])).labels).toEqual({});
    expect(sent).toEqual([]);
    clock.now += LABEL_LIMITS.retryMs;
    await labels.resolve('full', [gone]);
    expect(readsOf('units')).toBe(1);
  });
});

describe('reads under way', () => {
  it('are joined by an answer that asks for the same records', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock);
    const [one, two] = await Promise.all([
      labels.resolve('full', unitRefs(6)),
      labels.resolve('full', unitRefs(6, 3)),
    ]);
    expect(Object.keys(one.labels)).toHaveLength(6);
    expect(Object.keys(two.labels)).toHaveLength(6);
    // Nine units asked for between them, each read once.
    expect(readsOf('units')).toBe(9);
  });
});

describe('failures', () => {
  it('a collection the key may not read is reported in plain words, and not read again at once', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock);
    const refs: LabelRef[] = [
      { collection: 'units', id: units[0]!.id },
      { collection: 'properties', id: properties[0]!.id },
    ];
    const answer = await labels.resolve('properties-only', refs);
    expect(answer.labels).toEqual({ [labelKey('properties', properties[0]!.id)]: properties[0]!.name });
    expect(answer.problems).toHaveLength(1);
    expect(answer.problems![0]).toMatch(/^Names of units could not be read: /);
    sent.length = 0;
    clock.now += 5_000;
    const again = await labels.resolve('properties-only', refs);
    expect(sent).toEqual([]);
    expect(again.problems).toEqual(answer.problems);
  });
});

describe('bounds', () => {
  it('past the record cap, keeps the records read last', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock, { records: 20 });
    await labels.resolve('full', unitRefs(10));
    const later = unitRefs(10, 10);
    const answer = await labels.resolve('full', later);
    expect(Object.keys(answer.labels)).toHaveLength(10);
    expect(labels.held().full).toBeLessThanOrEqual(20);
    sent.length = 0;
    // The last screen's units are still held: only properties dropped for room are read again.
    const again = await labels.resolve('full', later);
    expect(Object.keys(again.labels)).toHaveLength(10);
    expect(readsOf('units')).toBe(0);
  });

  it('keeps connections apart and drops the least recently used one', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock, { connections: 1 });
    const mine = await labels.resolve('full', unitRefs(2));
    // Another organisation's key does not see these units: nothing is borrowed from the first connection.
    const theirs = await labels.resolve('other-org', unitRefs(2));
    expect(Object.keys(mine.labels)).toHaveLength(2);
    expect(theirs.labels).toEqual({});
    expect(Object.keys(labels.held())).toEqual(['other-org']);
  });
});
