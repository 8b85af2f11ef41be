// Lower date bounds the app adds to a service filter that only has an upper one. The service's
// documentation fixes that leases' `end_date` selects leases ending on or before a date; "ending
// between" pairs it with a lower bound that PropDesk applies itself, to every page it reads from the
// service and in SQL over the offline copy.
import { z } from 'zod';
import type { Collection, ServiceRecord } from './service';

/** The filters that take a lower bound, per collection. */
export const LOWER_BOUNDED: Partial<Record<Collection, readonly string[]>> = { leases: ['end_date'] };

export function takesLowerBound(collection: Collection, name: string): boolean {
  return LOWER_BOUNDED[collection]?.includes(name) ?? false;
}

export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD')
  .refine((text) => {
    const d = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
  }, 'Not a calendar date');

/** Field name -> the earliest date it may hold. */
export const lowerBoundsSchema = z.record(z.string().min(1).max(64), calendarDate);
export type LowerBounds = z.infer<typeof lowerBoundsSchema>;

/**
 * Whether a record's date is on or after every bound. A record without the date (a month-to-month
 * lease) never passes, as it never passes the service's upper bound either.
 */
export function passesLowerBounds(record: ServiceRecord, bounds: LowerBounds): boolean {
  return Object.entries(bounds).every(([name, from]) => {
    const value = record[name];
    return typeof value === 'string' && value >= from;
  });
}

/** The route's query key holding a filter's lower bound. */
export const lowerBoundKey = (name: string): string => `${name}_from`;

/** A route's query split into the service's filters and the app's lower bounds. */
export function splitQuery(
  collection: Collection,
  query: Record<string, string>,
): { filters: Record<string, string>; onOrAfter: LowerBounds } {
  const filters: Record<string, string> = {};
  const onOrAfter: LowerBounds = {};
  for (const [key, value] of Object.entries(query)) {
    const bounded = (LOWER_BOUNDED[collection] ?? []).find((name) => lowerBoundKey(name) === key);
    if (bounded) onOrAfter[bounded] = value;
    else filters[key] = value;
  }
  return { filters, onOrAfter };
}
