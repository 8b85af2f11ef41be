// Every row of a portfolio view, however many: against a service with over a thousand units, the
// views hold all of them, their totals row is the sum of every row (figures this test adds up on its
// own) and agrees with the summary, and the CSV export writes the same rows and figures.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_VIEWS } from '../../../../src/shared/portfolio';
import type { PortfolioTable } from '../../../../src/shared/portfolio';
import type { ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
let csvDir: string;
let savePath: string | undefined;
let units: ServiceRecord[];
const cents = (n: unknown) => (typeof n === 'number' ? Math.round(n * 100) : 0);
const view = (name: PortfolioTable['view']) => fx.services.handlers['portfolio.view']({ view: name });

beforeAll(async () => {
  csvDir = mkdtempSync(join(tmpdir(), 'propdesk-every-row-'));
  // Records-scale 5: about 1,300 units in the demo organisation.
  fx = await offlineCopyFixture({ seed: 3, recordsScale: 5 }, { chooseSaveFile: async () => savePath });
  units = await cleanListing(fx.sandbox.baseUrl, fx.key, 'units');
  await offlineCopyToEnd(fx.services);
});

afterAll(async () => {
  await fx.close();
  rmSync(csvDir, { recursive: true, force: true, maxRetries: 10 });
});

describe('every row of a portfolio view', () => {
  it('rent roll: one row per unit, past a thousand, with totals of every row', async () => {
    const t = await view('rent-roll');
    expect(units.length).toBeGreaterThan(1_000);
    expect(t.rows.length).toBe(units.length);
    expect(new Set(t.rows.map((r) => r.id))).toEqual(new Set(units.map((u) => u.id)));
    const rent = t.rows.reduce((sum, r) => sum + cents(r.cells.rent), 0);
    const market = t.rows.reduce((sum, r) => sum + cents(r.cells.market_rent), 0);
    expect(rent).toBeGreaterThan(0);
    expect(cents(t.totals.rent)).toBe(rent);
    expect(cents(t.totals.market_rent)).toBe(market);
    expect(cents(t.summary.find((s) => s.label === 'Monthly rent')?.value)).toBe(rent);
    expect(cents(t.summary.find((s) => s.label === 'Market rent')?.value)).toBe(market);
    expect(t.summary.find((s) => s.label === 'Units')?.value).toBe(units.length);
  });

  it('each view totals every money column over all its rows, and nothing else', async () => {
    for (const name of PORTFOLIO_VIEWS) {
      const t = await view(name);
      const money = t.columns.filter((c) => c.kind === 'money').map((c) => c.key);
      expect(Object.keys(t.totals).sort(), name).toEqual([...money].sort());
      for (const key of money)
        expect(cents(t.totals[key]), `${name} ${key}`).toBe(
          t.rows.reduce((sum, r) => sum + cents(r.cells[key]), 0),
        );
    }
  });

  it('the CSV export writes the same rows and figures, the totals row last', async () => {
    const t = await view('rent-roll');
    savePath = join(csvDir, 'rent-roll.csv');
    expect(await fx.services.handlers['portfolio.export']({ view: 'rent-roll' })).toEqual({
      saved: true,
      savedId: expect.any(String),
      name: 'rent-roll.csv',
      rows: t.rows.length,
    });
    const lines = Papa.parse<string[]>(readFileSync(savePath, 'utf8'), { skipEmptyLines: true }).data;
    const header = lines.findIndex((l) => l[0] === t.groupLabel);
    const body = lines.slice(header + 1);
    expect(body.length).toBe(t.rows.length + 1);
    const rentAt = 1 + t.columns.findIndex((c) => c.key === 'rent');
    t.rows.forEach((row, i) => {
      expect(body[i]![0]).toBe(row.group);
      expect(body[i]![rentAt]).toBe(row.cells.rent === null ? '' : String(row.cells.rent));
    });
    const total = body.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(Number(total[rentAt])).toBe(t.totals.rent);
  });
});
