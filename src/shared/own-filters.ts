// PropDesk's own filters: narrowings the service does not offer, applied by PropDesk over the offline
// copy and labelled as PropDesk's. Payments are narrowed to one property (through the payment's
// lease and the lease's unit, the rule the income view uses) and to a range of the day the money
// was received (the contract's received-date field). Their route keys never clash with a service
// filter's name, so a route's query splits into the two without doubt.
import { z } from 'zod';
import { calendarDate, splitQuery } from './date-range';
import type { LowerBounds } from './date-range';
import { recordIdSchema } from './record-id';
import type { Collection } from './service';

export const ownFiltersSchema = z.strictObject({
  /** A property's ID: the payments whose money belongs to it. */
  property: recordIdSchema.optional(),
  /** The first day money was received on (YYYY-MM-DD), inclusive. */
  received_from: calendarDate.optional(),
  /** The last day money was received on, inclusive. */
  received_to: calendarDate.optional(),
});
export type OwnFilters = z.infer<typeof ownFiltersSchema>;
export type OwnFilterName = keyof OwnFilters;

/** The collections PropDesk narrows itself, with the filters it offers each. */
export const OWN_FILTERS: Partial<Record<Collection, readonly OwnFilterName[]>> = {
  payments: ['property', 'received_from', 'received_to'],
};

export function ownFilterNames(collection: Collection): readonly OwnFilterName[] {
  return OWN_FILTERS[collection] ?? [];
}

export const hasOwnFilters = (own: OwnFilters | undefined): own is OwnFilters =>
  own !== undefined && Object.values(own).some((v) => v !== undefined);

/** The words under PropDesk's own filters, so they are never taken for the service's. */
export const OWN_FILTER_HINT =
  'PropDesk applies this filter itself, over its offline copy; the service has no such filter.';

/** A route's query split into PropDesk's own filters and the rest (the service's and the bounds). */
export function splitOwn(
  collection: Collection,
  query: Record<string, string>,
): { rest: Record<string, string>; own: OwnFilters } {
  const names: readonly string[] = ownFilterNames(collection);
  const rest: Record<string, string> = {};
  const own: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (names.includes(key)) own[key] = value;
    else rest[key] = value;
  }
  return { rest, own: own as OwnFilters };
}

/**
 * A route's query as a list's arguments: the service's filters, the app's lower date bounds and
 * PropDesk's own filters, each only when it has any.
 */
export function listArgsOf(
  collection: Collection,
  query: Record<string, string>,
): { filters: Record<string, string>; onOrAfter?: LowerBounds; own?: OwnFilters } {
  const { rest, own } = splitOwn(collection, query);
  const { filters, onOrAfter } = splitQuery(collection, rest);
  return {
    filters,
    ...(Object.keys(onOrAfter).length ? { onOrAfter } : {}),
    ...(hasOwnFilters(own) ? { own } : {}),
  };
}
