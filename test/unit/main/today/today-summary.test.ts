// Today's figures, computed by main from a real offline copy of the sandbox, against figures this
// test computes itself from the service's records; each figure against the rows of the view it links
// to; and, before any copy exists, no figure at all rather than zeros.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRecord } from '../../../../src/shared/service';
import type { TodaySummary } from '../../../../src/shared/today';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
const data: Record<string, ServiceRecord[]> = {};
const today = new Date().toISOString().slice(0, 10);
const days = (to: unknown) =>
  Math.round((Date.parse(String(to).slice(0, 10)) - Date.parse(today)) / 86_400_000);
const cents = (n: number) => Math.round(n * 100);
let before: TodaySummary;

async function suggest(leaseId: string, rent: number): Promise<string> {
  const res = await fetch(`${fx.sandbox.baseUrl}/api/v1/proposals`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${fx.key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `today-${leaseId}-${rent}`,
    },
    body: JSON.stringify({
      changes: [
        { operation: 'update', resourceType: 'lease', resourceId: leaseId, fields: { monthly_rent: rent } },
      ],
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { proposals: Array<{ id: string }> } }).data.proposals[0]!.id;
}

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 7 });
  before = await fx.services.handlers['portfolio.today']({});
  for (const c of ['leases', 'payments', 'maintenance_requests', 'documents'] as const)
    data[c] = await cleanListing(fx.sandbox.baseUrl, fx.key, c);
  await fx.services.contract.get(fx.connectionId, () => fx.services.clients.client().openapi());
  await offlineCopyToEnd(fx.services);
});

afterAll(() => fx.close());

describe('Today from the offline copy (the sandbox’s contract)', () => {
  it('shows no figure before a copy exists, and says which collections are missing', () => {
    expect(before.missing).toEqual(['leases', 'payments', 'maintenance_requests', 'documents']);
    expect(before.endingLeases).toBeNull();
    expect(before.latePayments).toBeNull();
    expect(before.urgentMaintenance).toBeNull();
    expect(before.unverifiedDocuments).toBeNull();
    expect(before.sample).toBe(false);
  });

  it('counts leases ending in the next 30 and 60 days with their rent, as the expirations view lists them', async () => {
    const t = await fx.services.handlers['portfolio.today']({});
    expect(t.missing).toEqual([]);
    for (const window of [30, 60] as const) {
      const ending = data.leases!.filter(
        (l) =>
          l.status !== 'month_to_month' && l.end_date && days(l.end_date) >= 0 && days(l.end_date) <= window,
      );
      const figure = t.endingLeases!.find((e) => e.days === window)!;
      expect(figure.count).toBe(ending.length);
      expect(cents(figure.rent!)).toBe(ending.reduce((s, l) => s + cents(Number(l.monthly_rent)), 0));
      const view = await fx.services.handlers['portfolio.view']({
        view: 'expirations',
        focus: { kind: 'ending', days: window },
      });
      expect(view.rows.map((r) => r.id).sort()).toEqual(ending.map((l) => l.id).sort());
      expect(view.summary.find((s) => s.label === 'Monthly rent ending')?.value).toBe(figure.rent);
    }
    expect(t.endingLeases![1]!.count).toBeGreaterThan(t.endingLeases![0]!.count);
  });

  it('counts late payments and their amount as the delinquency view adds them up', async () => {
    const t = await fx.services.handlers['portfolio.today']({});
    const late = data.payments!.filter((p) => p.paid_date == null && String(p.due_date) < today);
    expect(late.length).toBeGreaterThan(0);
    expect(t.latePayments).toEqual({
      count: late.length,
      amount: late.reduce((s, p) => s + cents(Number(p.amount)), 0) / 100,
    });
    const view = await fx.services.handlers['portfolio.view']({ view: 'delinquency' });
    expect(view.rows.reduce((s, r) => s + Number(r.cells.payments), 0)).toBe(late.length);
    expect(view.summary.find((s) => s.label === 'Total outstanding')?.value).toBe(t.latePayments!.amount);
  });

  it('counts open emergency and high requests, each the rows of the maintenance view narrowed to it', async () => {
    const t = await fx.services.handlers['portfolio.today']({});
    expect(t.urgentMaintenance!.map((m) => m.priority)).toEqual(['emergency', 'high']);
    for (const { priority, count } of t.urgentMaintenance!) {
      const open = data.maintenance_requests!.filter(
        (r) => r.priority === priority && !['completed', 'cancelled'].includes(String(r.status)),
      );
      expect(count).toBe(open.length);
      const view = await fx.services.handlers['portfolio.view']({
        view: 'maintenance',
        focus: { kind: 'priority', priority },
      });
      expect(view.rows.map((r) => r.id).sort()).toEqual(open.map((r) => r.id).sort());
    }
  });

  it('counts documents not verified as the service’s is_verified=false filter lists them', async () => {
    const t = await fx.services.handlers['portfolio.today']({});
    const listed = await cleanListing(fx.sandbox.baseUrl, fx.key, 'documents', { is_verified: 'false' });
    expect(listed.length).toBeGreaterThan(0);
    expect(t.unverifiedDocuments).toBe(listed.length);
    expect(t.unverifiedDocuments).toBe(data.documents!.filter((d) => d.is_verified === false).length);
  });

  it('counts suggestions waiting and those decided in the last seven days, from the suggestions service', async () => {
    const [first, second] = data.leases!;
    const applied = await suggest(first!.id, 1_111);
    await suggest(second!.id, 2_222);
    // Both seen waiting, then one approved in the service's web application.
    await fx.services.handlers['suggestions.refresh']({});
    expect((await fx.services.handlers['portfolio.today']({})).suggestions.waiting).toBe(2);
    expect(fx.sandbox.control.approve(applied, 'admin').ok).toBe(true);
    await fx.services.handlers['suggestions.refresh']({});
    const t = await fx.services.handlers['portfolio.today']({});
    expect(t.suggestions).toMatchObject({ waiting: 1, applied: 1, dismissed: 0, expired: 0 });
    expect(days(t.suggestions.decidedSince)).toBe(-7);
  });
});
