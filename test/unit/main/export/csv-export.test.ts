// CSV export against a real sandbox: a complete file an accounting program imports (byte-order mark,
// the header on the first line, statuses in words) with every matching record and, beside every
// reference, the referenced record's label (read once per page, the referenced collections listed once
// for the whole export), named for what it holds; and a cancelled export that leaves neither the file
// nor a partial one behind.
import { CollectionSizes } from '../../../../src/main/labels/collection-sizes';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ContractService } from '../../../../src/main/contract/contract-service';
import { CsvExporter } from '../../../../src/main/export/csv-export';
import type { CsvExportOptions, ExportProgress } from '../../../../src/main/export/csv-export';
import { SavedFiles } from '../../../../src/main/export/saved-files';
import type { SaveFileRequest } from '../../../../src/main/export/save-target';
import type { CompiledContract } from '../../../../src/shared/contract';
import type { Collection } from '../../../../src/shared/service';
import { LabelService } from '../../../../src/main/labels/label-service';
import { readAll } from '../../../../src/main/api/read-listing';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import type { LabelRef } from '../../../../src/shared/label-refs';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { patiently } from '../../../support/patience';

describe('CSV export', () => {
  let sandbox: Sandbox;
  let slow: Sandbox;
  let dir: string;
  let store: Store;
  const sent: URL[] = [];
  const counting: typeof fetch = (input, init) => {
    sent.push(new URL(String(input)));
    return fetch(input, init);
  };
  beforeAll(async () => {
    [sandbox, slow] = await Promise.all([
      startSandbox({ port: 0 }),
      startSandbox({ port: 0, latencyMs: 150 }),
    ]);
    dir = mkdtempSync(join(tmpdir(), 'propdesk-export-'));
    store = openStore(join(dir, 'propdesk.sqlite'));
    store.connections.insert({
      id: 'export-test',
      name: 'Export test',
      baseUrl: sandbox.baseUrl,
      webOrigin: null,
      kind: 'remote',
    });
  });
  afterAll(async () => {
    store.close();
    await Promise.all([sandbox.close(), slow.close()]);
    rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  });
  const clientFor = (s: Sandbox) =>
    new ApiClient({
      baseUrl: s.baseUrl,
      getApiKey: () => s.keys.find((k) => k.name === 'full')!.key,
      fetch: counting,
    });

  /** Main's label service for one sandbox, its contract fetched once; the calls it gets are kept. */
  function labelsFor(s: Sandbox, calls: LabelRef[][]) {
    const client = clientFor(s);
    const contracts = new ContractService(store.contracts);
    const service = new LabelService({
      contract: async (id) => contracts.compile(await contracts.get(id, () => client.openapi())),
      copy: new OfflineReader(store.offlineCopies),
      sizes: new CollectionSizes(() => undefined),
      clientFor: () => client,
      currency: () => 'USD',
      log: () => undefined,
    });
    return (connectionId: string, refs: LabelRef[]) => {
      calls.push(refs);
      return service.resolve(connectionId, refs, 'listing');
    };
  }
  const source = (s: Sandbox) => ({ connectionId: 'export-test', name: 'Export test', client: clientFor(s) });
  const opened: string[] = [];
  const savedFiles = new SavedFiles({
    openPath: async (path) => {
      opened.push(path);
      return '';
    },
    showItemInFolder: () => undefined,
  });
  let contract: CompiledContract | undefined;
  beforeAll(async () => {
    const contracts = new ContractService(store.contracts);
    contract = contracts.compile(await contracts.get('export-test', () => clientFor(sandbox).openapi()));
  });
  /** An exporter as main builds it: the sandbox's contract says which fields are statuses. */
  const exporterWith = (o: Pick<CsvExportOptions, 'chooseFile' | 'labels' | 'now'>) =>
    new CsvExporter({
      ...o,
      fields: (_id, collection: Collection) => contract?.recordFields[collection],
      savedFiles,
    });

  function run(exporter: CsvExporter, progress: ExportProgress[]) {
    return new Promise<ExportProgress>((resolve) => {
      const timer = setInterval(() => {
        const last = progress.at(-1);
        if (last && last.state !== 'running') {
          clearInterval(timer);
          resolve(last);
        }
      }, 10);
    });
  }

  /** The file as an accounting program reads it: papaparse with `header: true` on the whole text. */
  const parse = (path: string, skip = 0) => {
    const text = readFileSync(path, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    const parsed = Papa.parse<Record<string, string>>(lines.slice(skip).join('\r\n'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    return { lines, rows: parsed.data, fields: parsed.meta.fields ?? [] };
  };

  it('writes every matching record under a header on the first line, and names the file for what it holds', async () => {
    const progress: ExportProgress[] = [];
    const asked: SaveFileRequest[] = [];
    const path = join(dir, 'payments.csv');
    const exporter = exporterWith({
      chooseFile: async (request) => {
        asked.push(request);
        return path;
      },
      labels: labelsFor(sandbox, []),
      now: () => new Date('2026-11-22T10:00:00Z'),
    });
    exporter.progress.subscribe((p) => progress.push(p));
    const client = clientFor(sandbox);
    const filters = { status: 'late' };
    const started = await exporter.start(source(sandbox), 'payments', { filters, onOrAfter: {} }, false);
    expect(started?.name).toBe('payments.csv');
    expect(asked[0]?.suggestedName).toBe('Payments – with status late – Export test – as of 2026-11-22.csv');
    const done = await run(exporter, progress);
    const expected = await readAll(client, 'payments', filters);
    expect(done).toMatchObject({ state: 'done', written: expected.length, name: 'payments.csv' });
    const { lines, rows } = parse(path);
    expect(lines[0]!.startsWith('id,')).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(Number(rows[0]!.amount)).toBe(expected[0]!.amount);
    // "Open" reaches the file just written, by the ID the window was told.
    await savedFiles.open(done.savedId!);
    expect(opened.at(-1)).toBe(path);
  });

  it('writes statuses as the screen says them', async () => {
    const progress: ExportProgress[] = [];
    const path = join(dir, 'make-ready.csv');
    const exporter = exporterWith({ chooseFile: async () => path, labels: labelsFor(sandbox, []) });
    exporter.progress.subscribe((p) => progress.push(p));
    await exporter.start(
      source(sandbox),
      'units',
      { filters: { status: 'make_ready' }, onOrAfter: {} },
      false,
    );
    expect(await run(exporter, progress)).toMatchObject({ state: 'done' });
    const { rows } = parse(path);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['make ready']));
  });

  it('exports exactly the leases ending between two dates, and says so in the line asked for before the header', async () => {
    const progress: ExportProgress[] = [];
    const path = join(dir, 'leases-between.csv');
    const exporter = exporterWith({
      chooseFile: async () => path,
      labels: labelsFor(sandbox, []),
      now: () => new Date('2026-11-22T10:00:00Z'),
    });
    exporter.progress.subscribe((p) => progress.push(p));
    const client = clientFor(sandbox);
    const ends = (await readAll(client, 'leases', {}))
      .map((r) => r.end_date)
      .filter((d): d is string => typeof d === 'string')
      .sort();
    const from = ends[Math.floor(ends.length / 3)]!;
    const to = ends[Math.floor((ends.length * 2) / 3)]!;
    const expected = (await readAll(client, 'leases', { end_date: to })).filter(
      (r) => typeof r.end_date === 'string' && r.end_date >= from,
    );
    expect(expected.length).toBeGreaterThan(1);
    const query = { filters: { end_date: to }, onOrAfter: { end_date: from } };
    await exporter.start(source(sandbox), 'leases', query, true);
    const done = await run(exporter, progress);
    expect(done).toMatchObject({ state: 'done', written: expected.length });
    const { lines, rows } = parse(path, 1);
    expect(Papa.parse<string[]>(lines[0]!).data[0]).toEqual([
      `PropDesk export of leases · Export test · filters: end date ${to}, end date on or after ${from} · read 2026-11-22 10:00 UTC`,
    ]);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('puts each reference’s label beside it, one label call per page and one listing per collection', async () => {
    const progress: ExportProgress[] = [];
    const calls: LabelRef[][] = [];
    const path = join(dir, 'leases.csv');
    const exporter = exporterWith({ chooseFile: async () => path, labels: labelsFor(sandbox, calls) });
    exporter.progress.subscribe((p) => progress.push(p));
    const client = clientFor(sandbox);
    const [leases, tenants, units, properties] = await Promise.all([
      readAll(client, 'leases', {}),
      readAll(client, 'tenants', {}),
      readAll(client, 'units', {}),
      readAll(client, 'properties', {}),
    ]);
    sent.length = 0;
    await exporter.start(source(sandbox), 'leases', { filters: {}, onOrAfter: {} }, false);
    expect(await run(exporter, progress)).toMatchObject({ state: 'done', written: leases.length });

    const { rows, fields } = parse(path);
    expect(fields.slice(fields.indexOf('unit_id'), fields.indexOf('unit_id') + 2)).toEqual([
      'unit_id',
      'Unit (name)',
    ]);
    expect(fields[fields.indexOf('tenant_id') + 1]).toBe('Tenant (name)');
    const name = (list: typeof tenants, id: unknown) => String(list.find((r) => r.id === id)!.name);
    for (const row of rows) {
      const unit = units.find((u) => u.id === row.unit_id)!;
      expect(row['Unit (name)']).toBe(`${name(properties, unit.property_id)} · ${String(unit.unit_number)}`);
      expect(row['Tenant (name)']).toBe(name(tenants, row.tenant_id));
    }
    const pages = Math.ceil(leases.length / 100);
    expect(calls).toHaveLength(pages);
    // The export's own pages, the contract once, and one listing each of tenants, units and properties.
    const firstPages = sent
      .filter((u) => !u.searchParams.has('cursor'))
      .map((u) => u.pathname.split('/').at(-1));
    expect(firstPages.sort()).toEqual(['leases', 'openapi.json', 'properties', 'tenants', 'units']);
    const listed = (n: number) => Math.ceil(n / 100);
    expect(sent).toHaveLength(
      1 + pages + listed(tenants.length) + listed(units.length) + listed(properties.length),
    );
  });

  it('still exports when no name can be read, leaving those cells empty and saying why', async () => {
    const progress: ExportProgress[] = [];
    const path = join(dir, 'unnamed-units.csv');
    // No contract was ever stored for this connection, so nothing says which fields name a record.
    const contracts = new ContractService(store.contracts);
    const labels = new LabelService({
      contract: async (id) => contracts.compiledCached(id),
      copy: new OfflineReader(store.offlineCopies),
      sizes: new CollectionSizes(() => undefined),
      clientFor: () => clientFor(sandbox),
      currency: () => 'USD',
      log: () => undefined,
    });
    const exporter = exporterWith({
      chooseFile: async () => path,
      labels: (connectionId, refs) => labels.resolve(connectionId, refs),
    });
    exporter.progress.subscribe((p) => progress.push(p));
    const never = { connectionId: 'never-read', name: 'Never read', client: clientFor(sandbox) };
    await exporter.start(never, 'units', { filters: {}, onOrAfter: {} }, false);
    const units = await readAll(clientFor(sandbox), 'units', {});
    const done = await run(exporter, progress);
    expect(done).toMatchObject({ state: 'done', written: units.length });
    // Said on screen, beside the file's name; the file itself stays header first.
    expect(done.message).toMatch(/^Names could not be read: PropDesk cannot name records yet/);
    const { rows } = parse(path);
    expect(rows.map((r) => r.id)).toEqual(units.map((u) => u.id));
    expect(rows.every((r) => r.property_id && r['Property (name)'] === '')).toBe(true);
  });

  it('leaves no file behind when the user cancels', async () => {
    const progress: ExportProgress[] = [];
    const path = join(dir, 'cancelled.csv');
    const exporter = exporterWith({ chooseFile: async () => path, labels: labelsFor(slow, []) });
    exporter.progress.subscribe((p) => progress.push(p));
    const started = await exporter.start(source(slow), 'payments', { filters: {}, onOrAfter: {} }, false);
    // Cancelled part way, once some rows are in the file.
    await vi.waitFor(() => expect(progress.some((p) => p.written > 0)).toBe(true), patiently);
    expect(exporter.cancel(started!.exportId)).toBe(true);
    const last = await run(exporter, progress);
    expect(last.state).toBe('cancelled');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('cancelled'))).toEqual([]);
  });

  it('does nothing when the save dialog is dismissed', async () => {
    const exporter = exporterWith({ chooseFile: async () => undefined, labels: labelsFor(sandbox, []) });
    expect(await exporter.start(source(sandbox), 'units', { filters: {}, onOrAfter: {} }, false)).toBeNull();
  });
});
