// Demo rent payments of the last thirteen months and the coming month: one charge per month of each
// lease, mostly paid on time, some late and some unpaid. Older months are settled history, seeded apart
// (older-payments.ts) so that these stay the same whatever span the demo is started with.
import type { StoredRecord } from '../store/record-store';
import { addSeeded, type SeedContext, type Stamp } from './context';
import { addMonths, dayString, nextMonthFirst } from './dates';
import type { SeededLease } from './leases';

/** How far back, in days, the recent payments reach: their first charge is the first due on or after. */
export const RECENT_PAYMENT_DAYS = 395;

/** A lease's charge due on `due`, paid on `paidDay` (null: not paid), written as one literal. */
export function chargeOf(
  s: Stamp,
  lease: StoredRecord,
  due: number,
  paidDay: number | null,
  status: string,
): StoredRecord {
  return {
    id: s.id,
    created_at: s.created_at,
    updated_at: s.updated_at,
    updated_by: s.updated_by,
    lease_id: lease.id,
    tenant_id: lease.tenant_id,
    amount: lease.monthly_rent,
    due_date: dayString(due),
    paid_date: paidDay === null ? null : dayString(paidDay),
    status,
  };
}

export function seedPayments(ctx: SeedContext, leases: SeededLease[]): void {
  const { rng, today } = ctx;
  for (const { lease, startDay, endDay } of leases) {
    if (lease.status === 'pending') continue;
    const from = Math.max(startDay, today - RECENT_PAYMENT_DAYS);
    const until = Math.min(endDay ?? today + 31, today + 31);
    let due = addMonths(from, 0, 1);
    if (due < from) due = nextMonthFirst(from);
    while (due <= until) {
      const r = rng.next();
      let status: string;
      let paidDay: number | null = null;
      if (due > today) status = 'pending';
      else if (r < 0.85) {
        paidDay = Math.min(due + rng.int(-3, 4), today);
        status = 'paid';
      } else if (r < 0.93) {
        paidDay = due + rng.int(6, 20);
        if (paidDay > today) paidDay = null;
        status = 'late';
      } else status = today - due >= 30 ? 'unpaid' : 'late';
      addSeeded(ctx, 'payments', Math.min(due - 25, today - 1), (s) =>
        chargeOf(s, lease, due, paidDay, status),
      );
      due = nextMonthFirst(due);
    }
  }
}
