// Whether a lease runs on a given day, the one rule every screen uses to call a unit let or vacant:
// the Vacancy board, the rent roll, and the Units list's "New tenancy"; and which lease follows a
// lease on its unit, the rule by which a unit is becoming vacant and a lease is already renewed. A
// unit's own status field is the service's word and may lag its leases, so it never decides.
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

/**
 * The lease that follows `lease` on its unit: another lease of the same unit (`unit_id`) starting on
 * or after the day `lease` ends (its renewal, or the next tenant's). None for a lease with no end.
 * `leases` may hold other units' leases; dates are read under the roles' names, as above.
 */
export function followingLease(
  lease: ServiceRecord,
  leases: readonly ServiceRecord[],
): ServiceRecord | undefined {
  const end = dayNumber(lease.end_date);
  if (end === null || typeof lease.unit_id !== 'string') return undefined;
  return leases.find(
    (other) =>
      other.id !== lease.id && other.unit_id === lease.unit_id && (dayNumber(other.start_date) ?? -1) >= end,
  );
}
