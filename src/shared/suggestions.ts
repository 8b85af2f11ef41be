// Tracked suggestions as they cross IPC: batches submitted from PropDesk (with what was suggested)
// and batches made elsewhere, each proposal with its status history.
import { z } from 'zod';
import { PROPOSAL_STATUSES } from './service';

export const proposalEventSchema = z.object({ status: z.enum(PROPOSAL_STATUSES), at: z.string() });

export const liveCheckSchema = z.object({
  checkedAt: z.string(),
  /** true when every suggested value is what the service now holds. */
  live: z.boolean(),
  fields: z.array(z.object({ name: z.string(), suggested: z.unknown(), current: z.unknown() })),
  /** Set when the record could not be re-read. */
  problem: z.string().nullable(),
  /**
   * An applied create the service did not name the record of, when several records carry the values
   * it suggested: their IDs, for the landlord to choose the one it created.
   */
  candidates: z.array(z.string().max(128)).max(50).optional(),
});
export type LiveCheck = z.infer<typeof liveCheckSchema>;

export const trackedProposalSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  operation: z.string(),
  resourceType: z.string(),
  /** The record suggested for (updates), from what PropDesk sent; null when unknown. */
  resourceId: z.string().nullable(),
  /**
   * The target record's label ("Aisha Cohen · Cedar Commons · 1B"), read when the suggestions service is listed and
   * never stored; null when it could not be named. Absent only inside main, before it is read.
   */
  resourceLabel: z.string().nullable().optional(),
  summary: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  flags: z.array(z.unknown()),
  expiresAt: z.string(),
  /** The suggested values, known only for batches submitted from PropDesk. */
  fields: z.record(z.string(), z.unknown()).nullable(),
  events: z.array(proposalEventSchema),
  live: liveCheckSchema.nullable(),
  /**
   * Who approved or dismissed it, as the service says in the field its contract has for that (see
   * field-roles.ts `deciderField`); absent where the contract has none or the service did not say.
   */
  decidedBy: z.string().max(200).optional(),
});
export type TrackedProposal = z.infer<typeof trackedProposalSchema>;

export const trackedBatchSchema = z.object({
  batchId: z.string(),
  origin: z.enum(['app', 'external']),
  label: z.string().nullable(),
  submittedAt: z.string().nullable(),
  draftId: z.string().nullable(),
  /** The service's own words on submission, shown verbatim. */
  message: z.string().nullable(),
  hasReviewLink: z.boolean(),
  proposals: z.array(trackedProposalSchema),
});
export type TrackedBatch = z.infer<typeof trackedBatchSchema>;

export const suggestionsStateSchema = z.object({
  batches: z.array(trackedBatchSchema),
  counts: z.record(z.enum(PROPOSAL_STATUSES), z.number().int().nonnegative()),
  lastPolledAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  /** Plain words about the last poll that failed, cleared by the next good one. */
  pollProblem: z.string().nullable(),
});
export type SuggestionsState = z.infer<typeof suggestionsStateSchema>;
