// What the Today screen shows: the figures that need the landlord, computed by main from the offline
// copy and the tracked suggestions. A figure the copy or the contract cannot tell is null, never zero.
import { z } from 'zod';
import { COLLECTIONS } from './service/collections';

/** The windows of "leases ending in the next N days", counted from today. */
export const ENDING_WINDOWS = [30, 60] as const;
export type EndingWindow = (typeof ENDING_WINDOWS)[number];

/** How far back "recently decided" suggestions reach. */
export const RECENT_DECISION_DAYS = 7;

const count = z.number().int().nonnegative();

/** Today's figures counted from a collection the offline copy may not hold yet. */
export const TODAY_FIGURES = [
  'endingLeases',
  'latePayments',
  'urgentMaintenance',
  'unverifiedDocuments',
] as const;
export type TodayFigureName = (typeof TODAY_FIGURES)[number];

/**
 * How a figure stands with the service's own filtered listings while the offline copy is made:
 * `asking` while its listings are read; `shown` once each reached its last page (the figure is the
 * service's, `provisional` when the service sent rows its filter should have left out); `refused` when
 * the service refused a filter its document lists, `failed` when it could not be read, and `unasked`
 * when the contract gives no values to ask by: those figures wait for the copy, `message` says why.
 */
export const serviceAnswerSchema = z.object({
  state: z.enum(['asking', 'shown', 'refused', 'failed', 'unasked']),
  provisional: z.boolean(),
  message: z.string().nullable(),
});
export type ServiceAnswer = z.infer<typeof serviceAnswerSchema>;

export const todaySummarySchema = z.object({
  connectionId: z.string(),
  /** The built-in demo organisation: sample data kept on this computer. */
  sample: z.boolean(),
  /** The day the windows count from (YYYY-MM-DD). */
  today: z.string(),
  /** The oldest as-of time of the collections read; null when one has no copy. */
  asOf: z.string().nullable(),
  /** Collections with no complete offline copy yet: figures read from them are null. */
  missing: z.array(z.enum(COLLECTIONS)),
  /** Leases ending within each window; rent null when the contract has no rent on leases. */
  endingLeases: z
    .array(z.object({ days: z.union([z.literal(30), z.literal(60)]), count, rent: z.number().nullable() }))
    .nullable(),
  /** Unpaid payments past due: the delinquency view's rule. amount null when the contract has none. */
  latePayments: z.object({ count, amount: z.number().nullable() }).nullable(),
  /** Open requests of each urgent priority (emergency, urgent, critical, high), most urgent first. */
  urgentMaintenance: z.array(z.object({ priority: z.string(), count })).nullable(),
  unverifiedDocuments: count.nullable(),
  /** Figures the offline copy cannot count yet, as the service answers them meanwhile. */
  fromService: z.partialRecord(z.enum(TODAY_FIGURES), serviceAnswerSchema),
  suggestions: z.object({
    waiting: count,
    /** Decisions since this day (YYYY-MM-DD): applied, dismissed and expired. */
    decidedSince: z.string(),
    applied: count,
    dismissed: count,
    expired: count,
  }),
  /** What a figure could not be told from, in plain words. */
  notes: z.array(z.string()),
});
export type TodaySummary = z.infer<typeof todaySummarySchema>;
