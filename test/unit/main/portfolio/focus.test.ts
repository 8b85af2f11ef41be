// Every overview mark leads to its rows: a view narrowed by a focus lists exactly the records the mark
// counted (a month's leases, a property's vacant units, a bucket's payments, a priority's requests).
import { describe, expect, it } from 'vitest';
import { delinquency } from '../../../../src/main/portfolio/delinquency';
import { expirations } from '../../../../src/main/portfolio/expirations';
import { applyFocus } from '../../../../src/main/portfolio/focus';
import { maintenanceTriage } from '../../../../src/main/portfolio/maintenance';
import { computeOverview } from '../../../../src/main/portfolio/portfolio-overview';
import { rentRoll } from '../../../../src/main/portfolio/rent-roll';
import { vacancy } from '../../../../src/main/portfolio/vacancy';
import type { PortfolioFocus } from '../../../../src/shared/portfolio-focus';
import { contextOf, dataOf, lease, payment, property, request, unit } from './chart-fixture';

const ctx = contextOf();
const props = [property('Alder'), property('Beech')];
const units = Array.from({ length: 9 }, (_, i) =>
  unit({ property_id: props[i % 2]!.id, market_rent: 1000 + (i % 4) * 100 }),
);
const ends = ['2027-01-20', '2027-03-05', '2027-03-28', '2027-09-30', null, '2028-02-01'];
const leases = units
  .slice(0, 6)
  .map((u, i) => lease({ unit_id: u.id, end_date: ends[i], monthly_rent: 900 + i * 60 }));
const payments = leases.flatMap((l, i) =>
  ['2026-09-01', '2026-11-01', '2026-12-01', '2027-01-01'].map((due, j) =>
    payment({ lease_id: l.id, tenant_id: `t${i}`, due_date: due, paid_date: (i + j) % 3 ? null : due }),
  ),
);
const requests = ['low', 'high', 'high', 'emergency', 'medium'].map((priority, i) =>
  request({ priority, reported_at: ['2027-01-14', '2026-12-01', '2026-09-01', '2027-01-01', 'x'][i] }),
);
const data = dataOf({ properties: props, units, leases, payments, maintenance_requests: requests });
const overview = computeOverview(data, ctx, []);

const narrowed = (view: Parameters<typeof applyFocus>[0], focus: PortfolioFocus) =>
  applyFocus(view, focus, data, ctx);

describe('a focus narrows a view to one mark’s rows', () => {
  it('a ladder month lists that month’s leases; month-to-month lists the open-ended ones', () => {
    const withLeases = overview.ladder.months.filter((m) => m.count);
    expect(withLeases.map((m) => m.month)).toEqual(['2027-01', '2027-03', '2027-09', '2028-02']);
    for (const m of withLeases) {
      const f = narrowed('expirations', { kind: 'month', month: m.month });
      const t = expirations(f.data, ctx, f.selection);
      expect(t.rows.map((r) => r.id).sort(), m.month).toEqual([...m.leaseIds].sort());
      expect(t.summary.at(-1)?.value).toBe(m.rent);
    }
    const f = narrowed('expirations', { kind: 'month-to-month' });
    const t = expirations(f.data, ctx, f.selection);
    expect(t.rows.map((r) => r.id)).toEqual(overview.ladder.monthToMonth.leaseIds);
    expect(t.rows[0]!.flag).toBe('month-to-month');
  });

  it('a property’s occupancy bar lists its vacant units on the vacancy board', () => {
    for (const row of overview.occupancy.properties) {
      const f = narrowed('vacancy', { kind: 'property', propertyId: row.propertyId });
      expect(f.label).toBe(row.name);
      expect(vacancy(f.data, ctx).rows.length, row.name).toBe(row.vacant);
      expect(rentRoll(f.data, ctx).rows.length).toBe(row.let + row.vacant + row.other);
    }
  });

  it('a rent-gap bin lists the let units in that range on the rent roll', () => {
    expect(overview.rentGap.bins.some((b) => b.count > 1)).toBe(true);
    for (const bin of overview.rentGap.bins) {
      const f = narrowed('rent-roll', { kind: 'rent-gap', from: bin.from, to: bin.to });
      const rows = rentRoll(f.data, ctx).rows;
      expect(rows.length).toBe(bin.count);
      for (const r of rows) {
        expect(r.cells.difference as number).toBeGreaterThanOrEqual(bin.from);
        expect(r.cells.difference as number).toBeLessThan(bin.to);
      }
    }
  });

  it('an aging bucket lists its payments on the delinquency worklist, with the same total', () => {
    for (const b of overview.aging.buckets) {
      const t = delinquency(narrowed('delinquency', { kind: 'overdue', bucket: b.key }).data, ctx);
      expect(
        t.rows.reduce((s, r) => s + (r.cells.payments as number), 0),
        b.label,
      ).toBe(b.count);
      expect(t.summary.find((s) => s.label === 'Total outstanding')?.value).toBe(b.amount);
    }
  });

  it('a priority or age bar lists those open requests in the triage view', () => {
    for (const p of overview.maintenance.byPriority) {
      const t = maintenanceTriage(
        narrowed('maintenance', { kind: 'priority', priority: p.priority }).data,
        ctx,
      );
      expect(t.rows.length, p.label).toBe(p.count);
    }
    for (const b of overview.maintenance.byAge) {
      const t = maintenanceTriage(narrowed('maintenance', { kind: 'open-age', bucket: b.key }).data, ctx);
      expect(t.rows.length, b.label).toBe(b.count);
    }
  });
});
