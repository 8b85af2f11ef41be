// Demo rent payments older than the recent thirteen months: settled history, every charge paid, most
// on time and some late (status `late` with the day it was received). They come from a random stream
// of their own and are added after every other record, so the records and IDs of the thirteen-month
// demo stay exactly as they were whatever span is asked for.
import { addSeeded, type SeedContext } from './context';
import { addMonths, nextMonthFirst } from './dates';
import type { SeededLease } from './leases';
import { RECENT_PAYMENT_DAYS, chargeOf } from './payments';

/** The span of the recent payments alone, and the smallest a demo may be started with. */
export const RECENT_PAYMENT_MONTHS = 13;
/**
 * The demo's default span: the current month and the 24 before it. A whole last calendar year needs
 * at most 24 (on December 31st its January is 23 months back), so it exists on every day of the year.
 */
export const DEFAULT_PAYMENT_MONTHS = 25;
export const MAX_PAYMENT_MONTHS = 120;

const LATE_SHARE = 0.12;

/**
 * A charge on the first of each month from `months - 1` months before today's month up to where the
 * recent payments begin, for each lease that had begun by then (and had not ended); nothing at 13.
 */
export function seedOlderPayments(ctx: SeedContext, leases: SeededLease[], months: number): void {
  if (months <= RECENT_PAYMENT_MONTHS) return;
  const { rng, today } = ctx;
  const windowStart = addMonths(today, -(months - 1), 1);
  const recentFrom = today - RECENT_PAYMENT_DAYS;
  for (const { lease, startDay, endDay } of leases) {
    if (lease.status === 'pending') continue;
    const from = Math.max(startDay, windowStart);
    const until = Math.min(endDay ?? recentFrom, recentFrom - 1);
    let due = addMonths(from, 0, 1);
    if (due < from) due = nextMonthFirst(from);
    for (; due <= until; due = nextMonthFirst(due)) {
      const late = rng.chance(LATE_SHARE);
      const paidDay = late ? due + rng.int(6, 20) : due + rng.int(-3, 4);
      const status = late ? 'late' : 'paid';
      addSeeded(ctx, 'payments', due - 25, (s) => chargeOf(s, lease, due, paidDay, status), paidDay);
    }
  }
}
