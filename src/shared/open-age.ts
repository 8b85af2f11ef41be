// How long a maintenance request has been open: whole days from the date it was reported (or, where the
// contract keeps no such date, created) to today, for a request whose status still reads as open work
// (maintenance-status.ts). Both fields are found through the field roles, never by a guessed name.
import type { FieldRole } from './field-roles';
import { roleOf } from './field-roles';
import { dayNumber } from './lease-running';
import { isOpenRequest } from './maintenance-status';

/** The contract's fields an age is read from: where it counts from, and the status saying it is open. */
export interface OpenAgeFields {
  since: string;
  status: string | null;
}

/** Null when the contract names neither a reported nor a created date for requests. */
export function openAgeFields(roles: readonly FieldRole[]): OpenAgeFields | null {
  const field = (role: string) => roleOf(roles, 'maintenance_requests', role)?.field ?? null;
  const since = field('reported_at') ?? field('created_at');
  return since ? { since, status: field('status') } : null;
}

/** Whole days open (never negative); null for a request that is not open or has no readable date. */
export function openDays(
  request: Readonly<Record<string, unknown>>,
  fields: OpenAgeFields,
  today: string,
): number | null {
  if (!isOpenRequest({ status: fields.status ? request[fields.status] : undefined })) return null;
  const since = dayNumber(request[fields.since]);
  const now = dayNumber(today);
  return since === null || now === null ? null : Math.max(0, now - since);
}

/** "open 34 days", "open 1 day", "open since today". */
export function openAgeWords(days: number): string {
  if (days === 0) return 'open since today';
  return `open ${days.toLocaleString()} ${days === 1 ? 'day' : 'days'}`;
}
