// The demo's payments reach back 25 months by default, so a whole last calendar year exists on any
// day: the older months are settled history that begins no earlier than each lease, and the records of
// the thirteen-month demo (`paymentMonths: 13`) are all still there, unchanged, under the same IDs.
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../../src/shared/service';
import { RECORD_SCHEMAS } from '../../../../src/sandbox/schemas/registry';
import { generateStore } from '../../../../src/sandbox/seed/generate';
import type { RecordStore } from '../../../../src/sandbox/store/record-store';
import type { Json } from '../../../support/helpers';

const NOW = Date.UTC(2026, 10, 28, 9);
const items = (store: RecordStore, c: (typeof COLLECTIONS)[number], org = 'org_demo') =>
  store.table(org, c).items as Json[];
const monthsOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (
    let d = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
    d.toISOString() <= `${to}T`;
    d.setUTCMonth(d.getUTCMonth() + 1)
  )
    out.push(d.toISOString().slice(0, 10));
  return out;
};

/** For each lease charged, the due dates of its charges. */
function chargesByLease(store: RecordStore): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const p of items(store, 'payments')) {
    const dues = out.get(p.lease_id) ?? new Set<string>();
    dues.add(p.due_date);
    out.set(p.lease_id, dues);
  }
  return out;
}

describe('the demo with history', () => {
  const longer = generateStore(1, 1, { nowMs: NOW });
  const shorter = generateStore(1, 1, { nowMs: NOW, paymentMonths: 13 });

  it('keeps every record of the thirteen-month demo, field for field and by ID, in both organisations', () => {
    for (const org of ['org_demo', 'org_other'])
      for (const c of COLLECTIONS) {
        const old = items(shorter, c, org);
        expect(items(longer, c, org).slice(0, old.length), `${org} ${c}`).toEqual(old);
        if (c !== 'payments') expect(items(longer, c, org).length, `${org} ${c}`).toBe(old.length);
      }
    expect(items(longer, 'payments').length).toBeGreaterThan(items(shorter, 'payments').length * 1.3);
  });

  it('adds months before them that are settled: paid, or late with the day the money came', () => {
    const older = items(longer, 'payments').slice(items(shorter, 'payments').length);
    const firstRecent = items(shorter, 'payments').reduce(
      (min: string, p: Json) => (p.due_date < min ? p.due_date : min),
      '9999',
    );
    expect(older.every((p) => p.due_date < firstRecent)).toBe(true);
    expect(new Set(older.map((p) => p.status))).toEqual(new Set(['paid', 'late']));
    for (const p of older) {
      expect(RECORD_SCHEMAS.payments.safeParse(p).success).toBe(true);
      expect(p.paid_date).not.toBeNull();
      if (p.status === 'late') expect(p.paid_date > p.due_date).toBe(true);
      expect(p.updated_at.slice(0, 10) >= p.created_at.slice(0, 10)).toBe(true);
    }
    const lateShare = older.filter((p) => p.status === 'late').length / older.length;
    expect(lateShare).toBeGreaterThan(0.05);
    expect(lateShare).toBeLessThan(0.25);
  });

  it('charges each lease only while it ran, for the rent and tenant of the lease', () => {
    const leases = new Map(items(longer, 'leases').map((l) => [l.id, l]));
    for (const p of items(longer, 'payments')) {
      const lease = leases.get(p.lease_id);
      expect(p.due_date >= lease.start_date, p.id).toBe(true);
      if (lease.end_date) expect(p.due_date <= lease.end_date, p.id).toBe(true);
      expect([p.tenant_id, p.amount]).toEqual([lease.tenant_id, lease.monthly_rent]);
    }
    const pairs = items(longer, 'payments').map((p) => `${p.lease_id} ${p.due_date}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  // Every day of the year: the first and last of each month (December 31st reaches back furthest).
  const days = Array.from({ length: 12 }, (_, m) => [
    Date.UTC(2026, m, 1, 12),
    Date.UTC(2026, m + 1, 0, 12),
  ]).flat();
  it.each(days.map((ms) => [new Date(ms).toISOString().slice(0, 10), ms]))(
    'on %s charges every lease for every month of last calendar year it ran',
    (_day, ms) => {
      const store = generateStore(1, 1, { nowMs: ms as number });
      const year = new Date(ms as number).getUTCFullYear() - 1;
      const charged = chargesByLease(store);
      let expected = 0;
      for (const lease of items(store, 'leases')) {
        if (lease.status === 'pending') continue;
        const from = lease.start_date > `${year}-01-01` ? lease.start_date : `${year}-01-01`;
        const to = lease.end_date && lease.end_date < `${year}-12-31` ? lease.end_date : `${year}-12-31`;
        const dues = monthsOf(from, to).filter((d) => d >= lease.start_date && d >= `${year}-01-01`);
        for (const due of dues)
          expect(charged.get(lease.id)?.has(due), `${lease.lease_number} ${due}`).toBe(true);
        expected += dues.length;
      }
      expect(expected).toBeGreaterThan(1000);
      const january = items(store, 'payments').filter((p) => p.due_date === `${year}-01-01`);
      expect(january.length).toBeGreaterThan(0);
    },
  );
});
