// Labels, export label columns and portfolio names under contracts with other field names: Lakeside's
// (display_name, unit_no, given_name + surname, money in minor units) and Harbor's (no links at all),
// read from an offline copy stored as an update would store it. Nothing is asked of the service.
import { CollectionSizes } from '../../../../src/main/labels/collection-sizes';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ContractService } from '../../../../src/main/contract/contract-service';
import { cellOf, writeRecordsCsv } from '../../../../src/main/export/csv-export';
import { SavedFiles } from '../../../../src/main/export/saved-files';
import { LabelService } from '../../../../src/main/labels/label-service';
import { PortfolioService } from '../../../../src/main/portfolio/portfolio-service';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { labelKey } from '../../../../src/shared/label-refs';
import type { LabelRef } from '../../../../src/shared/label-refs';
import { formatMoney } from '../../../../src/shared/money';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { contractFixture, HARBOR, LAKESIDE, storeCopy } from '../contract-copy';

const AS_OF = '2026-05-01T08:00:00.000Z';
let sandbox: Sandbox;
let dir: string;
let store: Store;
let labels: LabelService;
let savePath: string | undefined;
const sent: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'propdesk-other-contracts-'));
  store = openStore(join(dir, 'propdesk.sqlite'));
  for (const id of ['lakeside', 'harbor'])
    store.connections.insert({ id, name: id, baseUrl: sandbox.baseUrl, webOrigin: null, kind: 'remote' });
  storeCopy(store, 'lakeside', contractFixture('lakeside-openapi-3.1.json'), LAKESIDE, AS_OF);
  storeCopy(store, 'harbor', contractFixture('harbor-openapi-3.0.json'), HARBOR, AS_OF);
  const contracts = new ContractService(store.contracts);
  // A real client to a real service: any request it sent would be counted here.
  const client = new ApiClient({
    baseUrl: sandbox.baseUrl,
    getApiKey: () => sandbox.keys[0]!.key,
    fetch: (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    },
  });
  labels = new LabelService({
    contract: async (id) => contracts.compiledCached(id),
    copy: new OfflineReader(store.offlineCopies),
    sizes: new CollectionSizes(() => undefined),
    clientFor: () => client,
    currency: () => 'GBP',
    log: () => undefined,
  });
});

afterAll(async () => {
  store.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

const ref = (collection: LabelRef['collection'], id: string): LabelRef => ({ collection, id });

describe('Lakeside’s contract', () => {
  it('names buildings, flats, residents, tenancies, charges and jobs in its own words', async () => {
    const answer = await labels.resolve('lakeside', [
      ref('properties', 'bld_1'),
      ref('units', 'flt_1'),
      ref('tenants', 'res_1'),
      ref('leases', 'tn_1'),
      ref('payments', 'chg_1'),
      ref('maintenance_requests', 'job_2'),
    ]);
    const due = new Date('2026-03-01T00:00:00Z').toLocaleDateString(undefined, {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    expect(answer).toEqual({
      labels: {
        [labelKey('properties', 'bld_1')]: 'Lakeside Tower',
        [labelKey('units', 'flt_1')]: 'Lakeside Tower · 3B',
        [labelKey('tenants', 'res_1')]: 'Marta Nowak',
        [labelKey('leases', 'tn_1')]: 'Marta Nowak · Lakeside Tower · 3B',
        // 125050 pence is £1,250.50.
        [labelKey('payments', 'chg_1')]:
          `Marta Nowak · Lakeside Tower · 3B · ${due} · ${formatMoney(1250.5, 'GBP')}`,
        [labelKey('maintenance_requests', 'job_2')]: 'Gate sticks · Boathouse Row',
      },
      source: 'copy',
      asOf: AS_OF,
    });
    expect(sent).toEqual([]);
  });

  it('writes each tenancy’s flat and resident beside their IDs in an export', async () => {
    const path = join(dir, 'tenancies.csv');
    async function* pages() {
      yield LAKESIDE.leases!;
    }
    const calls: LabelRef[][] = [];
    await writeRecordsCsv(
      path,
      pages(),
      async (refs) => {
        calls.push(refs);
        return labels.resolve('lakeside', refs);
      },
      () => undefined,
      { description: null, cell: cellOf(new Set()) },
    );
    const lines = readFileSync(path, 'utf8');
    const rows = Papa.parse<Record<string, string>>(lines, { header: true, skipEmptyLines: true });
    expect(rows.meta.fields).toEqual([
      'id',
      'reference',
      'unit_id',
      'Unit (name)',
      'tenant_id',
      'Tenant (name)',
      'rent_minor',
      'status',
    ]);
    expect(rows.data.map((r) => [r['Unit (name)'], r['Tenant (name)']])).toEqual([
      ['Lakeside Tower · 3B', 'Marta Nowak'],
      ['Boathouse Row · 1', 'Idris Bello'],
    ]);
    expect(calls).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('names what a document belongs to, by its entity type', async () => {
    const path = join(dir, 'papers.csv');
    async function* pages() {
      yield LAKESIDE.documents!;
    }
    await writeRecordsCsv(
      path,
      pages(),
      (refs) => labels.resolve('lakeside', refs),
      () => undefined,
      { description: null, cell: cellOf(new Set()) },
    );
    const lines = readFileSync(path, 'utf8');
    const rows = Papa.parse<Record<string, string>>(lines, { header: true, skipEmptyLines: true }).data;
    expect(rows[0]).toMatchObject({
      entity_id: 'tn_1',
      'Record (name)': 'Marta Nowak · Lakeside Tower · 3B',
    });
  });

  it('portfolio views name flats, buildings and residents the same way, and so does their CSV', async () => {
    const contracts = new ContractService(store.contracts);
    const portfolio = new PortfolioService({
      // No Today figure is asked of the service here: every view reads the copy.
      fromService: () => null,
      repo: store.offlineCopies,
      activeId: () => 'lakeside',
      contract: (id) => contracts.compiledCached(id),
      chooseFile: async () => savePath,
      print: () => Promise.reject(new Error('This test prints nothing')),
      locale: () => 'en-GB',
      currency: () => 'GBP',
      connectionName: () => 'Lakeside',
      savedFiles: new SavedFiles({ openPath: async () => '', showItemInFolder: () => undefined }),
    });
    const roll = portfolio.view('rent-roll');
    expect(roll.missing).toEqual([]);
    expect(roll.rows.map((r) => [r.group, r.cells.unit, r.cells.tenant])).toEqual([
      ['Boathouse Row', 'Boathouse Row · 1', 'Idris Bello'],
      ['Lakeside Tower', 'Lakeside Tower · 3B', 'Marta Nowak'],
      ['Lakeside Tower', 'Lakeside Tower · 4A', null],
    ]);
    // Rents kept in pence under the contract's own names (rent_minor, "Asking rent" on a flat) are
    // read in pounds, with no note that a field is missing.
    expect(roll.rows.map((r) => [r.cells.rent, r.cells.market_rent, r.cells.difference])).toEqual([
      [1500, 1500, 0],
      [1250, 1250, 0],
      [null, 980, null],
    ]);
    expect(roll.notes.join(' ')).not.toMatch(/has no “(monthly_rent|market_rent)”/);
    expect(roll.totals).toMatchObject({ rent: 2750, market_rent: 3730 });
    expect(portfolio.view('vacancy').rows.map((r) => [r.group, r.cells.unit])).toEqual([
      ['Lakeside Tower', 'Lakeside Tower · 4A'],
    ]);
    expect(portfolio.view('maintenance').rows.map((r) => [r.group, r.cells.title, r.cells.unit])).toEqual([
      ['Boathouse Row', 'Gate sticks', 'Common area'],
      ['Lakeside Tower', 'Leaking tap', 'Lakeside Tower · 3B'],
    ]);
    savePath = join(dir, 'lakeside-rent-roll.csv');
    await portfolio.exportCsv('rent-roll');
    const csv = Papa.parse<Record<string, string>>(readFileSync(savePath, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(csv.errors).toEqual([]);
    expect(csv.data.map((r) => [r.Property, r.Unit, r.Tenant])).toEqual([
      ['Boathouse Row', 'Boathouse Row · 1', 'Idris Bello'],
      ['Lakeside Tower', 'Lakeside Tower · 3B', 'Marta Nowak'],
      ['Lakeside Tower', 'Lakeside Tower · 4A', ''],
      ['Total', '', ''],
    ]);
  });
});

describe('Harbor’s contract', () => {
  it('names records by their own words where the contract links nothing', async () => {
    const answer = await labels.resolve('harbor', [
      ref('properties', 'b1'),
      ref('units', 's1'),
      ref('tenants', 'o1'),
    ]);
    expect(answer.labels).toEqual({
      [labelKey('properties', 'b1')]: 'Harbour House',
      [labelKey('units', 's1')]: 'A-12',
      [labelKey('tenants', 'o1')]: 'Grace Hopper',
    });
    expect(answer.source).toBe('copy');
    expect(sent).toEqual([]);
  });
});
