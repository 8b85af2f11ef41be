// The portfolio views and Today over a real offline copy of a service that names its dates, statuses
// and priority otherwise (Lakeside: commences/expires, due_on/settled_on, urgency, rents in pence):
// each figure against what this test works out itself from Lakeside's records; and, once the contract
// offers two fields that could each be a lease's end, a note naming both instead of a guess.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { ServiceRecord } from '../../../../src/shared/service';
import { startLakesideService } from '../../../support/lakeside-service';
import type { LakesideService } from '../../../support/lakeside-service';
import { cleanListing } from '../../../support/offline-copy-fixture';
import { createTestServices } from '../../../support/test-services';

let dataDir: string;
let services: AppServices;
let lakeside: LakesideService;
let connectionId: string;
const records: Record<string, ServiceRecord[]> = {};
const today = new Date().toISOString().slice(0, 10);
const days = (to: unknown) =>
  Math.round((Date.parse(String(to).slice(0, 10)) - Date.parse(today)) / 86_400_000);
/** The app's amounts (pounds) back in Lakeside's whole pence, to compare exactly. */
const pence = (n: unknown) => Math.round(Number(n) * 100);
const sum = (list: ServiceRecord[], field: string) => list.reduce((s, r) => s + Number(r[field]), 0);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-lakeside-views-'));
  lakeside = await startLakesideService();
  services = createTestServices(dataDir);
  const connection = await services.connections.add({
    name: 'Lakeside',
    baseUrl: lakeside.baseUrl,
    apiKey: lakeside.apiKey,
  });
  connectionId = connection.id;
  await services.connections.switchTo(connection.id);
  expect((await services.offlineCopy.whenIdle()).state).toBe('done');
  for (const c of ['units', 'leases', 'payments', 'maintenance_requests'] as const)
    records[c] = await cleanListing(lakeside.baseUrl, lakeside.apiKey, c);
});

afterAll(async () => {
  await services.stop();
  await lakeside.close();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

/** Lakeside's running tenancy of each flat: commenced, not expired, the latest-commencing one. */
function runningByFlat(): Map<string, ServiceRecord> {
  const out = new Map<string, ServiceRecord>();
  for (const t of records.leases!) {
    if (days(t.commences) > 0 || (t.expires != null && days(t.expires) < 0)) continue;
    const seen = out.get(String(t.unit_id));
    if (!seen || String(t.commences) > String(seen.commences)) out.set(String(t.unit_id), t);
  }
  return out;
}

describe('portfolio views on Lakeside’s contract', () => {
  it('rent roll: each flat’s running tenancy with its commencement, expiry and rent', async () => {
    const view = await services.handlers['portfolio.view']({ view: 'rent-roll' });
    expect(view.notes.join(' ')).not.toMatch(/contract has no/);
    const running = runningByFlat();
    expect(running.size).toBeGreaterThan(0);
    expect(view.rows).toHaveLength(records.units!.length);
    for (const row of view.rows) {
      const t = running.get(row.id);
      expect(row.cells.lease_start).toBe(t ? t.commences : null);
      expect(row.cells.lease_end).toBe(t ? (t.expires ?? null) : null);
      expect(row.cells.rent === null ? null : pence(row.cells.rent)).toBe(t ? t.rent_minor : null);
    }
    const rent = view.summary.find((s) => s.label === 'Monthly rent')!.value;
    expect(pence(rent)).toBe(sum([...running.values()], 'rent_minor'));
    expect(view.summary.find((s) => s.label === 'Vacant')!.value).toBe(records.units!.length - running.size);
  });

  it('expirations: the tenancies expiring within 120 days, soonest first', async () => {
    const view = await services.handlers['portfolio.view']({ view: 'expirations' });
    const ending = records.leases!.filter(
      (t) => t.expires != null && days(t.expires) >= 0 && days(t.expires) <= 120,
    );
    expect(ending.length).toBeGreaterThan(0);
    expect(view.rows.map((r) => r.id).sort()).toEqual(ending.map((t) => t.id).sort());
    expect(view.rows.map((r) => r.cells.days_left)).toEqual(
      ending.map((t) => days(t.expires)).sort((a, b) => a - b),
    );
    const rent = view.summary.find((s) => s.label === 'Monthly rent ending')!.value;
    expect(pence(rent)).toBe(sum(ending, 'rent_minor'));
  });

  it('delinquency: charges not settled whose due day has passed', async () => {
    const view = await services.handlers['portfolio.view']({ view: 'delinquency' });
    const late = records.payments!.filter((p) => p.settled_on == null && days(p.due_on) < 0);
    expect(late.length).toBeGreaterThan(0);
    expect(view.rows.reduce((s, r) => s + Number(r.cells.payments), 0)).toBe(late.length);
    const total = view.summary.find((s) => s.label === 'Total outstanding')!.value;
    expect(pence(total)).toBe(sum(late, 'amount'));
    const oldest = Math.max(...late.map((p) => -days(p.due_on)));
    expect(Math.max(...view.rows.map((r) => Number(r.cells.oldest_days)))).toBe(oldest);
  });

  it('income by property: last year’s charges settled, by the day in “settled_on”, in pence read as pounds', async () => {
    const year = String(Number(today.slice(0, 4)) - 1);
    const flat = new Map(records.units!.map((u) => [u.id, u.property_id]));
    const tenancy = new Map(records.leases!.map((l) => [l.id, l.unit_id]));
    const expected = new Map<string, number>();
    for (const p of records.payments!) {
      if (typeof p.settled_on !== 'string' || !p.settled_on.startsWith(year)) continue;
      const property = String(flat.get(String(tenancy.get(String(p.lease_id)))));
      expected.set(property, (expected.get(property) ?? 0) + Number(p.amount));
    }
    expect(expected.size).toBeGreaterThan(0);
    const view = await services.handlers['portfolio.view']({ view: 'income' });
    expect(view.notes[0]).toContain('“settled_on”');
    expect(new Map(view.rows.map((r) => [r.id, pence(r.cells.total)]))).toEqual(expected);
    expect(pence(view.totals.total)).toBe([...expected.values()].reduce((a, b) => a + b, 0));
  });

  it('Today: tenancies expiring, late charges and open urgent jobs, as the records say', async () => {
    const t = await services.handlers['portfolio.today']({});
    expect(t.missing).toEqual([]);
    for (const window of [30, 60] as const) {
      const ending = records.leases!.filter(
        (l) => l.expires != null && days(l.expires) >= 0 && days(l.expires) <= window,
      );
      const figure = t.endingLeases!.find((e) => e.days === window)!;
      expect(figure.count).toBe(ending.length);
      expect(pence(figure.rent)).toBe(sum(ending, 'rent_minor'));
    }
    const late = records.payments!.filter((p) => p.settled_on == null && days(p.due_on) < 0);
    expect(t.latePayments!.count).toBe(late.length);
    expect(pence(t.latePayments!.amount)).toBe(sum(late, 'amount'));
    const open = records.maintenance_requests!.filter(
      (r) => !['completed', 'cancelled', 'done'].includes(String(r.status)),
    );
    const urgent = ['emergency', 'high'].map((priority) => ({
      priority,
      count: open.filter((r) => r.urgency === priority).length,
    }));
    expect(urgent.some((u) => u.count > 0)).toBe(true);
    expect(t.urgentMaintenance).toEqual(urgent);
  });

  it('says which fields could each be a tenancy’s end, and counts none, when the contract offers two', async () => {
    const doc = JSON.parse(
      readFileSync(
        resolve(import.meta.dirname, '../../../fixtures/contracts/lakeside-openapi-3.1.json'),
        'utf8',
      ),
    ) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    doc.components.schemas.TenancyWritable!.properties.ends_on = { type: 'string', format: 'date' };
    await services.contract.get(connectionId, () => Promise.resolve(doc), { refresh: true });

    const t = await services.handlers['portfolio.today']({});
    expect(t.endingLeases).toBeNull();
    expect(t.notes.join(' ')).toMatch(
      /several fields on leases that could be the “end_date” \(“expires”, “ends_on”\), so leases ending soon cannot be counted/,
    );
    // What does not rest on the end date is still known.
    expect(t.latePayments!.count).toBeGreaterThan(0);
    const view = await services.handlers['portfolio.view']({ view: 'expirations' });
    expect(view.rows).toEqual([]);
    expect(view.notes.join(' ')).toMatch(/could be the “end_date”/);
  });
});
