// The building blocks of the IPC contract's argument and result schemas: identifiers, list
// positions, bounded text, service addresses, filters, list sums, draft names and revisions,
// currencies, pages.
import { z } from 'zod';
import { serviceAddressProblem } from './service-address';
import { isCurrencyCode } from './money/currency';
import { COLLECTIONS, filterKind, MAX_PAGE_SIZE, recordSchema } from './service';
import type { Collection } from './service';
import { lowerBoundsSchema, takesLowerBound } from './date-range';
import { listSortSchema } from './list-order';
import { ownFiltersSchema } from './own-filters';
import { SUMMED_COLLECTIONS } from './list-sum';

export const noArgs = z.strictObject({});
export const id = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.:-]+$/, 'Not a valid identifier');
// Cursors are opaque: only size and printable characters are checked here.
export const cursor = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[\x21-\x7e]+$/, 'Not a valid list position');
export const text = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'Control characters are not allowed');

// A connection address: the renderer's input is held to the same rule as every stored address.
export const serviceAddress = text(2048).superRefine((value, ctx) => {
  const problem = serviceAddressProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const filterValues = z.record(z.string().min(1).max(64), text(200).min(1));

function knownFilters(
  value: { collection: Collection; filters: Record<string, string> },
  ctx: z.RefinementCtx,
): void {
  for (const name of Object.keys(value.filters)) {
    if (!filterKind(value.collection, name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['filters', name],
        message: `${value.collection} has no filter “${name}”`,
      });
    }
  }
}

export const collectionFilters = z
  .strictObject({ collection: z.enum(COLLECTIONS), filters: filterValues.default({}) })
  .superRefine(knownFilters);

function knownBounds(
  value: { collection: Collection; onOrAfter?: Record<string, string> | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const name of Object.keys(value.onOrAfter ?? {})) {
    if (!takesLowerBound(value.collection, name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['onOrAfter', name],
        message: `${value.collection} has no “${name}” range`,
      });
    }
  }
}

export const collectionQuery = z
  .strictObject({
    collection: z.enum(COLLECTIONS),
    filters: filterValues.default({}),
    cursor: cursor.optional(),
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    /** Set only when the collection has an offline copy: every row of the copy in this order. */
    sort: listSortSchema.optional(),
    /** Lower date bounds the app applies on top of the service's filters. */
    onOrAfter: lowerBoundsSchema.optional(),
    /** PropDesk's own filters, answered by the offline copy. */
    own: ownFiltersSchema.optional(),
    /** Reload: read from the service now, landing what it holds in the offline copy first. */
    fresh: z.boolean().optional(),
  })
  .superRefine(knownFilters)
  .superRefine(knownBounds);

/**
 * A collection's filters with the app's lower date bounds and PropDesk's own filters (an export of
 * what the list shows), and whether one line before the header says what the file is.
 */
export const exportArgs = z
  .strictObject({
    collection: z.enum(COLLECTIONS),
    filters: filterValues.default({}),
    onOrAfter: lowerBoundsSchema.optional(),
    /** PropDesk's own filters: the file is read from the offline copy, as the list is. */
    own: ownFiltersSchema.optional(),
    describe: z.boolean().optional(),
  })
  .superRefine(knownFilters)
  .superRefine(knownBounds);

/** A summed collection's filters with the app's lower date bounds: what a filtered list shows. */
export const listSumArgs = z
  .strictObject({
    collection: z.enum(SUMMED_COLLECTIONS),
    filters: filterValues.default({}),
    onOrAfter: lowerBoundsSchema.optional(),
    own: ownFiltersSchema.optional(),
    /** Reload: read from the service now, landing what it holds in the offline copy first. */
    fresh: z.boolean().optional(),
  })
  .superRefine(knownFilters)
  .superRefine(knownBounds);

/** A column of a list as the screen shows it: the field (or PropDesk's column) and its heading. */
export const shownColumn = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z_][\w.-]*$/, 'Not a column name'),
  label: text(200).trim().min(1),
});

/**
 * Save as PDF of a list: what a filtered list shows (the service's filters, the app's lower date
 * bounds, PropDesk's own filters) and the columns it shows, in order.
 */
export const listPdfArgs = z
  .strictObject({
    collection: z.enum(SUMMED_COLLECTIONS),
    filters: filterValues.default({}),
    onOrAfter: lowerBoundsSchema.optional(),
    own: ownFiltersSchema.optional(),
    columns: z.array(shownColumn).min(1, 'Choose at least one column to print').max(60),
  })
  .superRefine(knownFilters)
  .superRefine(knownBounds);

export const draftLabel = text(200).trim().min(1, 'Give the draft a name');
export const revision = z.number().int().nonnegative();

/** An ISO 4217 code this runtime's Intl knows; null sets a connection back to its region's currency. */
export const currencyChoice = z
  .string()
  .refine(isCurrencyCode, 'Choose a currency by its three-letter code, such as USD, EUR or GBP')
  .nullable();

export const recordPageSchema = z.object({
  data: z.array(recordSchema),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});

/**
 * Set when the answer was read from the offline copy: because the service could not be reached, or,
 * with `first`, because a complete copy answers at once while what it shows is read again from the
 * service in the background (a change then arrives as a `copy.refreshed` event).
 */
export const offlineMark = z.object({ asOf: z.string(), first: z.literal(true).optional() }).optional();
