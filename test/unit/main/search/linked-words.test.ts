// Search as landlords type under a contract with other field names (Lakeside's display_name and
// unit_no): a unit is found by its property's words and its own ("Lakeside 3B"), in either order, and
// a lease by the words of the unit it names, and a resident by the building of their tenancy. Read
// from an offline copy stored as an update would store it; nothing is asked of the service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractService } from '../../../../src/main/contract/contract-service';
import { SearchService } from '../../../../src/main/search/search-service';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import type { SearchAnswer } from '../../../../src/shared/search';
import { contractFixture, LAKESIDE, storeCopy } from '../contract-copy';

let dir: string;
let store: Store;
let search: SearchService;

const idsIn = (answer: SearchAnswer, collection: string) =>
  answer.groups.find((g) => g.collection === collection)?.hits.map((h) => h.id) ?? [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'propdesk-linked-words-'));
  store = openStore(join(dir, 'propdesk.sqlite'));
  store.connections.insert({
    id: 'lakeside',
    name: 'lakeside',
    baseUrl: 'http://127.0.0.1:9',
    webOrigin: null,
    kind: 'remote',
  });
  storeCopy(
    store,
    'lakeside',
    contractFixture('lakeside-openapi-3.1.json'),
    LAKESIDE,
    '2026-05-01T08:00:00.000Z',
  );
  const contracts = new ContractService(store.contracts);
  search = new SearchService({
    offlineCopies: store.offlineCopies,
    activeId: () => 'lakeside',
    client: () => {
      throw new Error('Search by words asks nothing of the service');
    },
    labels: () => Promise.resolve({ labels: {}, source: 'copy' }),
    places: () => Promise.resolve({}),
    fields: (id, collection) => contracts.compiledCached(id)?.recordFields[collection],
    liveTimeoutMs: 1_000,
    log: () => undefined,
  });
});

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

describe('words from the records a record names, under another contract', () => {
  it('finds a unit by its property’s words and its own, in either order', async () => {
    for (const text of ['Lakeside 3B', 'lakeside tower 3b', '3B Lakeside', 'tow 3'])
      expect(idsIn(await search.query({ text }), 'units'), text).toEqual(['flt_1']);
    expect(idsIn(await search.query({ text: 'Boathouse 1' }), 'units')).toEqual(['flt_3']);
    // Words that no record and the records it names hold together find nothing.
    expect(idsIn(await search.query({ text: 'Boathouse 3B' }), 'units')).toEqual([]);
  });

  it('finds a lease by the words of the unit it names and that unit’s property', async () => {
    expect(idsIn(await search.query({ text: 'Lakeside 3B' }), 'leases')).toEqual(['tn_1']);
    expect(idsIn(await search.query({ text: 'Boathouse 1' }), 'leases')).toEqual(['tn_2']);
  });

  it('finds a resident by their own words with the building their tenancy names, and no one else', async () => {
    expect(idsIn(await search.query({ text: 'nowak lakeside' }), 'tenants')).toEqual(['res_1']);
    expect(idsIn(await search.query({ text: 'Boathouse Idris' }), 'tenants')).toEqual(['res_2']);
    expect(idsIn(await search.query({ text: 'marta 3B' }), 'tenants')).toEqual(['res_1']);
    // Marta's tenancy is in Lakeside Tower, not Boathouse Row.
    expect(idsIn(await search.query({ text: 'nowak boathouse' }), 'tenants')).toEqual([]);
  });
});
