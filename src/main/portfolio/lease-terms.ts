// How a lease's term reads on a day: month-to-month (no end date, or a status the contract names
// month-to-month), ending on a given day, or neither. The expiration ladder and the expirations view
// share this so a month's bar and its rows agree.
import { textValue } from '../../shared/record-values';
import type { ServiceRecord } from '../../shared/service';
import { dayNumber, isRunning } from './view-kit';
import type { ViewContext } from './view-kit';

const MONTH_TO_MONTH = /^month[\s_-]*to[\s_-]*month$/i;

export type LeaseTerm = { kind: 'month-to-month' } | { kind: 'ends'; day: number };

export interface TermRules {
  /** Lease statuses the contract lists that mean month-to-month. */
  monthToMonth: ReadonlySet<string>;
  /** Whether the contract has an end date on leases at all; without it no lease can be said to end. */
  endDates: boolean;
}

export function termRules(ctx: ViewContext): TermRules {
  return {
    monthToMonth: new Set(ctx.values('leases', 'status').filter((v) => MONTH_TO_MONTH.test(v))),
    endDates: ctx.has('leases', 'end_date'),
  };
}

/**
 * The lease's term on the day; null when it neither runs month-to-month nor has a readable end date
 * (an unreadable date, or a lease not started yet with no end).
 */
export function leaseTerm(lease: ServiceRecord, today: number, rules: TermRules): LeaseTerm | null {
  const status = textValue(lease.status);
  if (status !== null && rules.monthToMonth.has(status)) {
    const start = dayNumber(lease.start_date);
    return start !== null && start > today ? null : { kind: 'month-to-month' };
  }
  if (!rules.endDates) return null;
  const open = lease.end_date === null || lease.end_date === undefined || lease.end_date === '';
  if (open) return isRunning(lease, today) ? { kind: 'month-to-month' } : null;
  const end = dayNumber(lease.end_date);
  return end === null ? null : { kind: 'ends', day: end };
}

/** Months since January 1970 of a day number, so months can be counted and compared. */
export function monthIndex(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth() - 1970 * 12;
}

/** YYYY-MM of a month index. */
export function monthKey(index: number): string {
  const year = 1970 + Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The month index of a YYYY-MM key. */
export function monthOfKey(key: string): number {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return (year - 1970) * 12 + month - 1;
}
