// What a tenant owes, estimated from payments (the service exposes no ledger): every charge whose due
// date has passed and that was not paid by the day, with how long it has been overdue. One rule for
// the Delinquency view, its chart, Today, and the balance lines on tenant, lease and property pages,
// so they never disagree; the same notes say what the estimate rests on wherever a figure is shown.
import { numberValue } from '../../shared/record-values';
import type { ServiceRecord } from '../../shared/service';
import { statusTone } from '../../shared/status-meaning';
import { dayNumber, missingFieldNotes, money } from './view-kit';
import type { ViewContext } from './view-kit';

export const AGE_BUCKETS = [
  { key: 'age_0_30', label: '0–30 days', upTo: 30 },
  { key: 'age_31_60', label: '31–60 days', upTo: 60 },
  { key: 'age_61_90', label: '61–90 days', upTo: 90 },
  { key: 'age_90_plus', label: 'Over 90 days', upTo: Infinity },
] as const;

export function ageBucket(daysOverdue: number): (typeof AGE_BUCKETS)[number]['key'] {
  return AGE_BUCKETS.find((b) => daysOverdue <= b.upTo)!.key;
}

/** The caveat said beside every figure of what is owed. */
export const ESTIMATE_NOTE =
  'An estimate from payments: the service exposes no ledger, so this lists charges with no paid date whose due date has passed. Partial payments, credits and fees are not known.';

/**
 * Days overdue on `today` (a day number) of a payment that was due before it and not paid by it (no
 * paid date on or before the day or, without that field, a status that does not read as paid); null
 * for every other payment.
 */
export function daysOverdue(payment: ServiceRecord, today: number, hasPaidDate: boolean): number | null {
  const due = dayNumber(payment.due_date);
  if (due === null || due >= today) return null;
  let paid: boolean;
  if (hasPaidDate) {
    const on = dayNumber(payment.paid_date);
    paid = on !== null && on <= today;
  } else paid = typeof payment.status === 'string' && statusTone(payment.status) === 'ok';
  return paid ? null : today - due;
}

/** What the estimate rests on: its plain-words notes and which payment fields the contract has. */
export function estimateRules(ctx: ViewContext): {
  notes: string[];
  hasPaidDate: boolean;
  hasAmount: boolean;
} {
  const { notes, has } = missingFieldNotes(ctx, [
    [
      'payments',
      'paid_date',
      'a payment counts as unpaid unless its status reads as paid (“paid”, “settled” …)',
    ],
    ['payments', 'amount', 'amounts are left out and only payments are counted'],
  ]);
  notes.unshift(ESTIMATE_NOTE);
  return { notes, hasPaidDate: has('payments', 'paid_date'), hasAmount: has('payments', 'amount') };
}

export interface UnpaidCharge {
  payment: ServiceRecord;
  daysOverdue: number;
  /** Null when the contract has no amount. */
  amount: number | null;
}

/** The payments unpaid on the context's day, oldest first. */
export function unpaidCharges(payments: Iterable<ServiceRecord>, ctx: ViewContext): UnpaidCharge[] {
  const today = dayNumber(ctx.today)!;
  const { hasPaidDate, hasAmount } = estimateRules(ctx);
  const out: UnpaidCharge[] = [];
  for (const payment of payments) {
    const age = daysOverdue(payment, today, hasPaidDate);
    if (age === null) continue;
    out.push({ payment, daysOverdue: age, amount: hasAmount ? (numberValue(payment.amount) ?? 0) : null });
  }
  return out.sort((a, b) => b.daysOverdue - a.daysOverdue || a.payment.id.localeCompare(b.payment.id));
}

export interface Owed {
  count: number;
  /** The sum in currency units; null when the contract has no amount. */
  total: number | null;
  /** The due date of the oldest unpaid charge (YYYY-MM-DD); null when nothing is owed. */
  since: string | null;
  oldestDays: number;
}

/** What a set of unpaid charges comes to. */
export function owedOf(charges: readonly UnpaidCharge[], ctx: ViewContext): Owed {
  const today = dayNumber(ctx.today)!;
  let cents = 0;
  let oldest = 0;
  let amounts = charges.length === 0 || charges[0]!.amount !== null;
  for (const charge of charges) {
    oldest = Math.max(oldest, charge.daysOverdue);
    if (charge.amount === null) amounts = false;
    else cents += Math.round(charge.amount * 100);
  }
  return {
    count: charges.length,
    total: amounts ? money(cents / 100) : null,
    since: charges.length ? dayText(today - oldest) : null,
    oldestDays: oldest,
  };
}

/** A day number as YYYY-MM-DD. */
export const dayText = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);
