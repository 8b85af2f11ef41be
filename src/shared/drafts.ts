// Drafts, their changes, submissions (the outbox) and bulk rent reviews as they cross IPC. Main
// owns every copy; the renderer sees these shapes and sends edits one change at a time.
import { z } from 'zod';
import { recordIdSchema as recordId } from './record-id';
import { MAX_CHANGES_PER_BATCH, OPERATIONS, RESOURCE_TYPES, recordSchema } from './service';

export const DRAFT_STATES = ['editing', 'submitting', 'submitted'] as const;
export type DraftState = (typeof DRAFT_STATES)[number];

/**
 * queued: stored with its key and body, never sent (the user may still cancel it);
 * sending: at least one send was attempted, the outcome is unknown, every retry reuses key and body;
 * sent: the service answered 201; conflict: 409 idempotency_conflict, never re-sent;
 * rejected: another 4xx, the draft is editable again; cancelled: withdrawn before any send.
 */
export const SUBMISSION_STATES = ['queued', 'sending', 'sent', 'conflict', 'rejected', 'cancelled'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

const changeId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, 'Not a valid change ID');
// Field values are the contract's business; here only their size and JSON-ness are bounded.
const fieldName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z_][\w.-]*$/, 'Not a valid field name');
const fieldValues = z
  .record(fieldName, z.unknown())
  .refine((v) => Object.keys(v).length <= 200, 'Too many fields in one change')
  .refine((v) => JSON.stringify(v).length <= 64_000, 'The values of this change are too large');
const snapshot = z
  .record(z.string().max(128), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 256_000, 'The record snapshot is too large');

/** A field of one change linked to the record another change of the same draft creates. */
export const changeLinkInputSchema = z.strictObject({
  changeId,
  field: fieldName,
  sourceChangeId: changeId,
});
export type ChangeLinkInput = z.infer<typeof changeLinkInputSchema>;

export const draftChangeInputSchema = z.discriminatedUnion('operation', [
  z.strictObject({
    id: changeId.optional(),
    operation: z.literal('create'),
    resourceType: z.enum(RESOURCE_TYPES),
    fields: fieldValues,
  }),
  z.strictObject({
    id: changeId.optional(),
    operation: z.literal('update'),
    resourceType: z.enum(RESOURCE_TYPES),
    resourceId: recordId,
    fields: fieldValues,
    /** The record as it was read when the change was drafted: shown as "current" and used for staleness. */
    snapshot: snapshot.nullable().optional(),
  }),
]);
export type DraftChangeInput = z.input<typeof draftChangeInputSchema>;

/**
 * Where a link (a field that names the record another change creates) stands: drafted (that change is
 * in this draft, not sent yet), waiting (sent, no one has decided), choose (approved, and the landlord
 * says which record it made), filled (the record's ID is in the field), ended (dismissed or expired).
 */
export const LINK_STATES = ['drafted', 'waiting', 'choose', 'filled', 'ended'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const changeLinkSchema = z.object({
  field: z.string(),
  /** The change that creates the record: in this draft until it is sent, then in the draft sent. */
  sourceDraftId: z.string(),
  sourceChangeId: z.string(),
  resourceType: z.enum(RESOURCE_TYPES),
  state: z.enum(LINK_STATES),
  /** The record found for it (filled), or chosen. */
  recordId: z.string().nullable(),
  /** Records of the type that carry the suggested values and were not there before (choose). */
  candidates: z.array(z.string()),
  /** The batch that suggests the record, once the service recorded it. */
  batchId: z.string().nullable(),
  /** What the landlord should know about how it was found, or why it ended. */
  note: z.string().nullable(),
});
export type ChangeLink = z.infer<typeof changeLinkSchema>;

/**
 * The offline copy holds a newer version of the record an update was drafted from: an early hint,
 * before the live check that precedes submitting. `fields`: the drafted fields whose values differ.
 */
export const newerInCopySchema = z.object({
  fields: z.array(z.string()),
  /** When the offline copy that holds it was made. */
  asOf: z.string(),
});
export type NewerInCopy = z.infer<typeof newerInCopySchema>;

export const draftChangeSchema = z.object({
  id: z.string(),
  operation: z.enum(OPERATIONS),
  resourceType: z.enum(RESOURCE_TYPES),
  resourceId: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
  snapshot: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: z.string(),
  /** Fields that name a record another change creates; absent: none. */
  links: z.array(changeLinkSchema).optional(),
  /** Set while the draft is edited and the offline copy holds a newer version of the record. */
  newerInCopy: newerInCopySchema.optional(),
});
export type DraftChange = z.infer<typeof draftChangeSchema>;

export const draftProblemSchema = z.object({
  /** The change the problem belongs to, or null for the batch as a whole. */
  changeId: z.string().nullable(),
  /** "fields.monthly_rent", or "" for the change or batch itself. */
  path: z.string(),
  message: z.string(),
});
export type DraftProblem = z.infer<typeof draftProblemSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  state: z.enum(SUBMISSION_STATES),
  attempts: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Plain words about the last failed attempt or the final refusal. */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  batchId: z.string().nullable(),
  message: z.string().nullable(),
  /**
   * Set while the submission waits because its connection now points at another server than the one
   * it was made for (each an origin): main sends it there only once the user agrees in its own dialog.
   */
  held: z.object({ madeFor: z.string(), now: z.string() }).nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const reviewGroupSchema = z.object({
  id: z.string(),
  part: z.number().int(),
  parts: z.number().int(),
});

/**
 * Where a later part of a draft sent in parts stands (a new tenancy's lease, after its tenant):
 * waiting for the created record of the part before, the landlord to choose which record it made,
 * ready to review and submit, or ended because that part was dismissed or expired.
 */
export const laterPartSchema = z.object({
  state: z.enum(['waiting', 'choose', 'ready', 'ended']),
  /** The types of record it waits for (tenant, …). */
  waitsFor: z.array(z.enum(RESOURCE_TYPES)),
  /** The batch of the part before, once recorded: where Suggestions shows it. */
  afterBatchId: z.string().nullable(),
  note: z.string().nullable(),
});
export type LaterPart = z.infer<typeof laterPartSchema>;

export const draftSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  state: z.enum(DRAFT_STATES),
  changeCount: z.number().int().nonnegative(),
  maxChanges: z.literal(MAX_CHANGES_PER_BATCH),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Bumped by every edit; a stale editor's write is refused rather than silently lost. */
  revision: z.number().int().nonnegative(),
  /** null when no contract is cached yet to check against. */
  valid: z.boolean().nullable(),
  problemCount: z.number().int().nonnegative(),
  reviewGroup: reviewGroupSchema.nullable(),
  submission: submissionSchema.nullable(),
  /** Set on a later part of a draft sent in parts; absent or null otherwise. */
  laterPart: laterPartSchema.nullable().optional(),
  /**
   * The record of this draft's submission was lost when PropDesk repaired a damaged database: its
   * batch may already be at the service. Since when, and the batch later found with its label.
   * Absent or null otherwise. Sending it again takes the user's word in main's own message box.
   */
  maybeSent: z.object({ since: z.string(), batchId: z.string().nullable() }).nullable().optional(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const draftDetailSchema = draftSummarySchema.extend({
  changes: z.array(draftChangeSchema),
  /** Problems found against the contract and within the batch (duplicates, pending elsewhere). */
  problems: z.array(draftProblemSchema),
  /** The service's reasons when it refused the last submission, mapped to changes where possible. */
  rejection: z.object({ message: z.string(), problems: z.array(draftProblemSchema) }).nullable(),
  /**
   * The later changes: those that wait for a record another change of this draft (or of an earlier
   * part) creates, kept back when the others are submitted and sent in a later part. Absent: none.
   */
  later: z.array(z.string()).optional(),
  /** The part the next submission is, when the draft is sent in parts. */
  parts: z.object({ part: z.number().int(), of: z.number().int() }).nullable().optional(),
});
export type DraftDetail = z.infer<typeof draftDetailSchema>;

export const staleChangeSchema = z.object({
  changeId: z.string(),
  resourceId: z.string(),
  /** The record can no longer be read (deleted, moved to another organisation, no access). */
  missing: z.boolean(),
  fields: z.array(z.object({ name: z.string(), drafted: z.unknown(), current: z.unknown() })),
});
export type StaleChange = z.infer<typeof staleChangeSchema>;

/** A record named by a drafted update, as read again now. */
export const currentReadSchema = z.discriminatedUnion('state', [
  z.object({ id: z.string(), state: z.literal('read'), record: recordSchema }),
  /** The service has no such record (deleted, moved to another organisation, no access). */
  z.object({ id: z.string(), state: z.literal('missing') }),
  /** Not readable now (offline, refused for the moment): checked again before submitting. */
  z.object({ id: z.string(), state: z.literal('unread'), message: z.string() }),
]);
export type CurrentRead = z.infer<typeof currentReadSchema>;

export const preflightSchema = z.object({
  draft: draftDetailSchema,
  stale: z.array(staleChangeSchema),
  /** Changes that could not be re-read because the service was unreachable. */
  unchecked: z.number().int().nonnegative(),
});
export type Preflight = z.infer<typeof preflightSchema>;

// Bulk rent review -----------------------------------------------------------------------------

export const ROUNDING_STEPS = [0.01, 1, 5, 10, 25, 50, 100] as const;
export const rentRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('flat'), amount: z.number().finite().min(-100_000).max(100_000) }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().finite().min(-50).max(100) }),
  /** Raise to the unit's market rent, never lower, by at most `capPercent` when given. */
  z.strictObject({ kind: z.literal('market'), capPercent: z.number().finite().min(0).max(100).optional() }),
]);
export type RentRule = z.infer<typeof rentRuleSchema>;

export const rentReviewQuerySchema = z.strictObject({
  /** Lease filters of the service, exactly: status, end_date (on or before), unit_id, tenant_id. */
  leaseFilters: z.partialRecord(
    z.enum(['status', 'end_date', 'unit_id', 'tenant_id']),
    z.string().min(1).max(200),
  ),
  propertyId: recordId.optional(),
  /** The lease field that holds the rent (a number in the contract's update fields). */
  rentField: fieldName,
  /** The unit field that holds a market rent, where the contract has one. */
  marketField: fieldName.optional(),
  /** The rule's amounts and the rounding step are in currency units of the connection's currency. */
  rule: rentRuleSchema,
  /**
   * No new rent above the unit's market rent: a raise that would pass it stops at it, and a lease
   * already at or above it is left out unchanged. Needs `marketField`.
   */
  neverAboveMarket: z.boolean(),
  rounding: z.strictObject({
    step: z.union(
      ROUNDING_STEPS.map((s) => z.literal(s)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
    ),
    mode: z.enum(['nearest', 'up', 'down']),
  }),
});
export type RentReviewQuery = z.infer<typeof rentReviewQuerySchema>;

/** Amounts of a review are in currency units of the preview's currency (12.50, not 1250 cents). */
export const rentReviewRowSchema = z.object({
  leaseId: z.string(),
  unitId: z.string().nullable(),
  propertyId: z.string().nullable(),
  tenantId: z.string().nullable(),
  current: z.number(),
  proposed: z.number(),
  market: z.number().nullable(),
  /** Why the lease is left out (no rent on record, already at the target …), or null when included. */
  skipped: z.string().nullable(),
  /** How far the new rent ends above the unit's market rent (currency units), or null when it doesn't. */
  aboveMarket: z.number().nullable(),
  /** The rule's raise was stopped at the market rent (never above market). */
  heldAtMarket: z.boolean(),
});
export type RentReviewRow = z.infer<typeof rentReviewRowSchema>;

export const rentReviewPreviewSchema = z.object({
  rows: z.array(rentReviewRowSchema),
  totals: z.object({
    leases: z.number().int(),
    included: z.number().int(),
    current: z.number(),
    proposed: z.number(),
    delta: z.number(),
  }),
  /** How many drafts of at most 200 changes the review would make. */
  drafts: z.number().int(),
  /** The ISO 4217 currency of every amount in the preview. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** When the leases and units were read: now, or when the offline copy they came from was made. */
  asOf: z.string(),
  /** Read from the offline copy (at once, with a complete copy) rather than from the service. */
  fromCopy: z.boolean().optional(),
});
export type RentReviewPreview = z.infer<typeof rentReviewPreviewSchema>;
