// How main's memory of listed names behaves over time and under its bounds, against a sandbox over
// HTTP with a clock the test moves: stale names are served at once while one listing refreshes them;
// a record added since is named after a short wait, not by listing on every call; a failed listing is
// reported and not retried at once; the record cap keeps what was asked for; connections are kept
// apart and the least recently used is dropped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  sent.length = 0;
});

/** A label service whose connections use the sandbox key of the same name, on the test's clock. */
function service(clock: { now: number }, limits: Partial<LabelLimits> = {}) {
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
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('freshness', () => {
  it('after five minutes, answers at once with the old words while one listing refreshes them', async () => {
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
    await settle();
    expect(listingsOf('units')).toBe(1);
    expect(listingsOf('properties')).toBe(1);
    const refreshed = await labels.resolve('full', unitRefs(10));
    expect(refreshed.asOf).toBe(new Date(clock.now).toISOString());
  });

  it('names a record added since the listing after 30 seconds, without listing on every call', async () => {
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
    const ref: LabelRef = { collection: 'units', id: String(added.id) };
    sent.length = 0;
    clock.now += 10_000;
    const soon = await labels.resolve('full', [ref]);
    expect(soon.labels).toEqual({});
    expect(sent).toEqual([]);
    clock.now += LABEL_LIMITS.retryMs;
    const later = await labels.resolve('full', [ref]);
    expect(later.labels[labelKey('units', ref.id)]).toBe(`${String(properties[0]!.name)} · NEW-1`);
    expect(later.source).toBe('service');
    expect(listingsOf('units')).toBe(1);
  });
});

describe('a refresh under way', () => {
  it('is waited for by an answer that asks for a record it may bring', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock);
    await labels.resolve('full', unitRefs(3));
    const added = sandbox.control.createRecord('units', keyOrg('full'), {
      property_id: properties[1]!.id,
      unit_number: 'NEW-2',
      bedrooms: 2,
      bathrooms: 1,
      square_feet: 700,
      market_rent: 1500,
      status: 'vacant',
    });
    clock.now += LABEL_LIMITS.freshMs;
    sent.length = 0;
    // The stale screen starts a refresh in the background; the next answer joins it.
    const [stale, joined] = await Promise.all([
      labels.resolve('full', unitRefs(3)),
      labels.resolve('full', [{ collection: 'units', id: String(added.id) }]),
    ]);
    expect(stale.source).toBe('cache');
    expect(joined.labels[labelKey('units', String(added.id))]).toBe(`${String(properties[1]!.name)} · NEW-2`);
    expect(listingsOf('units')).toBe(1);
  });
});

describe('failures', () => {
  it('a collection the key may not read is reported in plain words, and not listed again at once', async () => {
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
  it('past the record cap, keeps the records asked for and stops listing once it has them', async () => {
    const clock = { now: Date.parse('2026-06-01T09:00:00Z') };
    const { labels } = service(clock, { records: 60 });
    const asked = unitRefs(3, 10);
    const answer = await labels.resolve('full', asked);
    for (const ref of asked)
      expect(answer.labels[labelKey('units', ref.id)]).toBe(unitLabel(units.find((u) => u.id === ref.id)!));
    // 25 properties fit; of the units only the 3 asked for are kept, and the listing stopped early.
    expect(labels.held().full).toBe(properties.length + 3);
    const unitPages = sent.filter((u) => u.pathname.endsWith('/units')).length;
    expect(unitPages).toBeLessThan(Math.ceil(units.length / 100));
    sent.length = 0;
    expect(Object.keys((await labels.resolve('full', asked)).labels)).toHaveLength(3);
    expect(sent).toEqual([]);
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
