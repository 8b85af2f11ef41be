// Whether a lease runs on a given day, the one rule every screen uses to call a unit let or vacant:
// the Vacancy board, the rent roll, and the Units list's "New tenancy". A unit's own status field is
// the service's word and may lag its leases, so it never decides.
import type { ServiceRecord } from './service';

const DAY_MS = 86_400_000;

/** Whole days since the epoch of a YYYY-MM-DD date (or the date part of a timestamp); null if unreadable. */
export function dayNumber(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const ms = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}

/**
 * A lease running on the day: started on or before it and not ended before it (no end date means
 * month-to-month, still running).
 */
export function isRunning(lease: ServiceRecord, today: number): boolean {
  const start = dayNumber(lease.start_date);
  const end = lease.end_date === null || lease.end_date === undefined ? null : dayNumber(lease.end_date);
  if (start !== null && start > today) return false;
  if (lease.end_date !== null && lease.end_date !== undefined && end === null) return false;
  return end === null || end >= today;
}
