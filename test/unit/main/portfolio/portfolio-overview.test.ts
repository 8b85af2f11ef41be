// The overview's charts computed by main from the sandbox's offline copy, checked against figures this
// test computes on its own from the sandbox's data read with plain fetch, against the portfolio views'
// own tables, and each mark's narrowed view against the mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioOverview } from '../../../../src/shared/portfolio-overview';
import type { ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
let o: PortfolioOverview;
const data: Record<string, ServiceRecord[]> = {};
const today = new Date().toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100);
const days = (from: string, to: string) =>
  Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000);

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 33 });
  for (const c of ['properties', 'units', 'leases', 'payments', 'maintenance_requests'] as const)
    data[c] = await cleanListing(fx.sandbox.baseUrl, fx.key, c);
  await fx.services.contract.get(fx.connectionId, () => fx.services.clients.client().openapi());
  await offlineCopyToEnd(fx.services);
  o = await fx.services.handlers['portfolio.overview']({});
});

afterAll(async () => {
  await fx.close();
});

const view = (args: Parameters<OfflineCopyFixture['services']['handlers']['portfolio.view']>[0]) =>
  fx.services.handlers['portfolio.view'](args);

describe('portfolio overview over the sandbox', () => {
  it('is computed from the copy with its as-of time, and every chart has figures', () => {
    expect(o.missing).toEqual([]);
    expect(o.asOf).toMatch(/^\d{4}-/);
    expect(o.today).toBe(today);
    expect(o.ladder.months.some((m) => m.count > 0)).toBe(true);
    expect(o.occupancy.properties.some((p) => p.vacant > 0)).toBe(true);
    expect(o.rentGap.units).toBeGreaterThan(0);
    expect(o.aging.total).toBeGreaterThan(0);
    expect(o.maintenance.byPriority.some((p) => p.count > 0)).toBe(true);
  });

  it('ladder: leases ending in each of the next 18 months; month-to-month leases apart', () => {
    const [y, m] = today.split('-').map(Number) as [number, number];
    const expected = new Map<string, number>();
    let mtm = 0;
    for (const lease of data.leases!) {
      if (
        lease.status === 'month_to_month' ||
        (lease.end_date === null && String(lease.start_date) <= today)
      ) {
        mtm += 1;
        continue;
      }
      if (typeof lease.end_date !== 'string' || lease.end_date < today) continue;
      const [ly, lm] = lease.end_date.split('-').map(Number) as [number, number];
      if ((ly - y) * 12 + lm - m >= 18) continue;
      const key = lease.end_date.slice(0, 7);
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(mtm).toBeGreaterThan(0);
    expect(o.ladder.monthToMonth.count).toBe(mtm);
    expect(new Map(o.ladder.months.filter((x) => x.count).map((x) => [x.month, x.count]))).toEqual(expected);
  });

  it('ladder: the stand-out rule against the rent roll’s monthly rent', async () => {
    const roll = await view({ view: 'rent-roll' });
    const rent = roll.summary.find((s) => s.label === 'Monthly rent')!.value;
    expect(cents(o.ladder.portfolioRent!)).toBe(cents(rent));
    for (const month of o.ladder.months)
      expect(month.standsOut, month.month).toBe((month.rent ?? 0) / rent > 0.15);
  });

  it('occupancy: each property’s vacant count is the vacancy board’s; let + vacant + other its units', async () => {
    const board = await view({ view: 'vacancy' });
    for (const p of o.occupancy.properties) {
      expect(p.vacant, p.name).toBe(board.rows.filter((r) => r.group === p.name).length);
      expect(p.let + p.vacant + p.other).toBe(
        data.units!.filter((u) => u.property_id === p.propertyId).length,
      );
    }
    // Let units on notice are "other" in the sandbox's data.
    expect(o.occupancy.properties.some((p) => p.other > 0)).toBe(true);
  });

  it('rent against market: loss-to-lease over the running leases, and every let unit binned', async () => {
    const roll = await view({ view: 'rent-roll' });
    const diffs = roll.rows.filter((r) => !r.flag).map((r) => r.cells.difference as number);
    const loss = diffs.filter((d) => d < 0).reduce((s, d) => s - cents(d), 0);
    expect(cents(o.rentGap.lossToLease)).toBe(loss);
    expect(o.rentGap.units + o.rentGap.leftOut).toBe(diffs.length);
    expect(o.rentGap.bins.reduce((s, b) => s + b.count, 0)).toBe(o.rentGap.units);
    expect(o.rentGap.bins.some((b) => b.from === 0 || b.to === 0)).toBe(true);
  });

  it('aging: unpaid payments past due by age, equal to the delinquency worklist’s buckets', async () => {
    const sums = [0, 0, 0, 0];
    for (const p of data.payments!) {
      if (p.paid_date !== null || String(p.due_date) >= today) continue;
      const age = days(String(p.due_date), today);
      sums[age <= 30 ? 0 : age <= 60 ? 1 : age <= 90 ? 2 : 3]! += cents(p.amount as number);
    }
    expect(o.aging.buckets.map((b) => cents(b.amount!))).toEqual(sums);
    const worklist = await view({ view: 'delinquency' });
    for (const b of o.aging.buckets)
      expect(cents(worklist.summary.find((s) => s.label === b.label)!.value)).toBe(cents(b.amount!));
    expect(o.aging.notes[0]).toMatch(/estimate/i);
  });

  it('open maintenance by priority and by age, as the triage view counts them', async () => {
    const open = data.maintenance_requests!.filter(
      (m) => !['completed', 'cancelled'].includes(String(m.status)),
    );
    expect(o.maintenance.byPriority.map((p) => p.label)).toEqual(['emergency', 'high', 'medium', 'low']);
    for (const p of o.maintenance.byPriority)
      expect(p.count, p.label).toBe(open.filter((m) => m.priority === p.priority).length);
    expect(o.maintenance.byAge.reduce((s, b) => s + b.count, 0)).toBe(open.length);
    const triage = await view({ view: 'maintenance' });
    expect(triage.rows.length).toBe(open.length);
  });

  it('each mark’s narrowed view lists its rows, and says what it is narrowed to', async () => {
    for (const m of o.ladder.months.filter((x) => x.count)) {
      const t = await view({ view: 'expirations', focus: { kind: 'month', month: m.month } });
      expect(t.rows.map((r) => r.id).sort()).toEqual([...m.leaseIds].sort());
      expect(t.focus).toEqual({ label: m.month, shown: m.count });
    }
    const p = o.occupancy.properties.find((x) => x.vacant > 0)!;
    const vacant = await view({ view: 'vacancy', focus: { kind: 'property', propertyId: p.propertyId } });
    expect(vacant.focus).toEqual({ label: p.name, shown: p.vacant });
    const bucket = o.aging.buckets.find((b) => b.count > 0)!;
    const owed = await view({ view: 'delinquency', focus: { kind: 'overdue', bucket: bucket.key } });
    expect(cents(owed.summary.find((s) => s.label === 'Total outstanding')!.value)).toBe(
      cents(bucket.amount!),
    );
    const high = o.maintenance.byPriority.find((x) => x.priority === 'high')!;
    const requests = await view({ view: 'maintenance', focus: { kind: 'priority', priority: 'high' } });
    expect(requests.rows.length).toBe(high.count);
    await expect(view({ view: 'vacancy', focus: { kind: 'priority', priority: 'high' } })).rejects.toThrow(
      /cannot be narrowed/,
    );
  });

  it('says which collections have no copy yet, chart by chart, instead of showing zeros as fact', async () => {
    await fx.services.handlers['offlineCopy.forget']({});
    const empty = await fx.services.handlers['portfolio.overview']({});
    expect(empty.asOf).toBeNull();
    expect(empty.ladder.missing).toEqual(['leases']);
    expect(empty.aging.missing).toEqual(['payments']);
    expect(empty.occupancy.properties).toEqual([]);
  });
});
