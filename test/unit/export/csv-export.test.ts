// CSV export against a real sandbox: a complete file with every matching record, and a cancelled
// export that leaves neither the file nor a partial one behind.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/api/api-client';
import { CsvExporter } from '../../../src/main/export/csv-export';
import type { ExportProgress } from '../../../src/main/export/csv-export';
import { readAll } from '../../../src/main/properties/read-all';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';

describe('CSV export', () => {
  let sandbox: Sandbox;
  let slow: Sandbox;
  let dir: string;
  beforeAll(async () => {
    [sandbox, slow] = await Promise.all([
      startSandbox({ port: 0 }),
      startSandbox({ port: 0, latencyMs: 150 }),
    ]);
    dir = mkdtempSync(join(tmpdir(), 'propdesk-export-'));
  });
  afterAll(async () => {
    await Promise.all([sandbox.close(), slow.close()]);
    rmSync(dir, { recursive: true, force: true });
  });
  const clientFor = (s: Sandbox) =>
    new ApiClient({ baseUrl: s.baseUrl, getApiKey: () => s.keys.find((k) => k.name === 'full')!.key, fetch });

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

  it('writes every matching record after a header that records the filters and the time', async () => {
    const progress: ExportProgress[] = [];
    const path = join(dir, 'payments.csv');
    const exporter = new CsvExporter({
      chooseFile: async () => path,
      onProgress: (p) => progress.push(p),
      now: () => new Date('2026-11-22T10:00:00Z'),
    });
    const client = clientFor(sandbox);
    const filters = { status: 'late' };
    const started = await exporter.start(client, 'payments', filters);
    expect(started?.path).toBe(path);
    const done = await run(exporter, progress);
    const expected = await readAll(client, 'payments', filters);
    expect(done).toMatchObject({ state: 'done', written: expected.length, path });
    const lines = readFileSync(path, 'utf8').split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'PropDesk export of payments',
      'Filters: status=late',
      'As of: 2026-11-22T10:00:00.000Z',
    ]);
    const rows = Papa.parse<Record<string, string>>(lines.slice(3).join('\r\n'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(Number(rows[0]!.amount)).toBe(expected[0]!.amount);
  });

  it('leaves no file behind when the user cancels', async () => {
    const progress: ExportProgress[] = [];
    const path = join(dir, 'cancelled.csv');
    const exporter = new CsvExporter({ chooseFile: async () => path, onProgress: (p) => progress.push(p) });
    const started = await exporter.start(clientFor(slow), 'payments', {});
    await new Promise((r) => setTimeout(r, 400));
    expect(exporter.cancel(started!.exportId)).toBe(true);
    const last = await run(exporter, progress);
    expect(last.state).toBe('cancelled');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('cancelled'))).toEqual([]);
  });

  it('does nothing when the save dialog is dismissed', async () => {
    const exporter = new CsvExporter({ chooseFile: async () => undefined, onProgress: () => undefined });
    expect(await exporter.start(clientFor(sandbox), 'units', {})).toBeNull();
  });
});
