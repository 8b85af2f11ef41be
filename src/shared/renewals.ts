// Renewals as they cross IPC: which leases to renew (chosen ones, or a list's filters), the new
// term and the rule for the new rent, the preview of every lease old → new that the landlord edits
// row by row before drafting, and what drafting answered (the drafts, or the leases that changed at
// the service since the list was read, shown again as the service has them now).
import { z } from 'zod';
import { rentReviewQuerySchema, rentRuleSchema } from './drafts';
import { calendarDay } from './portfolio-focus';
import { recordIdSchema as recordId } from './record-id';

/** The most leases one renewal takes: a whole portfolio's year of expirations, with room. */
export const MAX_RENEWALS = 5_000;

export const renewalTermSchema = z.discriminatedUnion('kind', [
  /** As long as the lease renewed, in whole months (in days for a lease shorter than a month). */
  z.strictObject({ kind: z.literal('same') }),
  z.strictObject({ kind: z.literal('months'), months: z.number().int().min(1).max(120) }),
]);
export type RenewalTerm = z.infer<typeof renewalTermSchema>;

export const renewalQuerySchema = z.strictObject({
  leases: z.union([
    /** Leases chosen on Expirations, on a lease's page or in the Leases list. */
    z.strictObject({ ids: z.array(recordId).min(1).max(MAX_RENEWALS) }),
    /** The leases a Leases list shows: the service's own lease filters. */
    z.strictObject({ filters: rentReviewQuerySchema.shape.leaseFilters }),
  ]),
  term: renewalTermSchema,
  /** The rule's amounts are in currency units of the connection's currency; 0 keeps the rent. */
  rule: rentRuleSchema,
  rounding: rentReviewQuerySchema.shape.rounding,
});
export type RenewalQuery = z.infer<typeof renewalQuerySchema>;

/** One lease and its renewal. Dates are YYYY-MM-DD; amounts in currency units of the preview's currency. */
export const renewalRowSchema = z.object({
  leaseId: z.string(),
  tenantId: z.string().nullable(),
  unitId: z.string().nullable(),
  propertyId: z.string().nullable(),
  /** The last day of the lease renewed. */
  ends: z.string().nullable(),
  /** Its rent now, and the unit's market rent. */
  current: z.number().nullable(),
  market: z.number().nullable(),
  /** The new lease: its first and last day, its length in whole months (null when in days), rent, deposit. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  months: z.number().int().nullable(),
  rent: z.number().nullable(),
  deposit: z.number().nullable(),
  /** Why the lease is not renewed (already followed by a lease, month-to-month …), or null. */
  skipped: z.string().nullable(),
  /** The lease that already follows this one on its unit, when that is why it is skipped. */
  followedBy: z.string().nullable(),
});
export type RenewalRow = z.infer<typeof renewalRowSchema>;

export const renewalPreviewSchema = z.object({
  rows: z.array(renewalRowSchema),
  /** The ISO 4217 currency of every amount. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** When the leases were read: now, or when the offline copy they came from was made. */
  asOf: z.string(),
  fromCopy: z.boolean().optional(),
  /** What else the drafts say, in words: the new leases' status, a note on each old lease. */
  writes: z.array(z.string()),
});
export type RenewalPreview = z.infer<typeof renewalPreviewSchema>;

const amount = z.number().finite().min(0).max(100_000_000);

/** A renewal as the landlord leaves it in the preview, edits and all. */
export const renewalEditSchema = z
  .strictObject({
    leaseId: recordId,
    /** The tenant and unit the preview showed: drafting re-reads them and stops if they changed. */
    tenantId: recordId,
    unitId: recordId,
    start: calendarDay,
    end: calendarDay,
    rent: amount,
    deposit: amount,
  })
  .refine((r) => r.end >= r.start, { message: 'A lease cannot end before it starts', path: ['end'] });
export type RenewalEdit = z.infer<typeof renewalEditSchema>;

export const renewalDraftAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('drafted'), draftIds: z.array(z.string()) }),
  /**
   * Leases changed at the service since the preview was read (another tenant or unit, a lease
   * following it now, gone): nothing was drafted, and the preview is as the service has them now.
   */
  z.object({
    outcome: z.literal('changed'),
    preview: renewalPreviewSchema,
    changed: z.array(z.object({ leaseId: z.string(), reason: z.string() })),
  }),
]);
export type RenewalDraftAnswer = z.infer<typeof renewalDraftAnswerSchema>;
