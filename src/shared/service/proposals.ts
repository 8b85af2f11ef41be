// Suggestion (proposal) request and response shapes, as the service's documentation fixes them.
import { z } from 'zod';
import { RESOURCE_TYPES } from './collections';
import { MAX_CHANGES_PER_BATCH, MIN_CHANGES_PER_BATCH } from './limits';

export const OPERATIONS = ['create', 'update'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const PROPOSAL_STATUSES = ['proposed', 'applied', 'dismissed', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The one batch status the document names; others exist but are "not shown". */
export const BATCH_AWAITING = 'awaiting_human_approval';

const fieldsSchema = z.record(z.string().min(1), z.unknown());

export const changeItemSchema = z.discriminatedUnion('operation', [
  z.strictObject({
    operation: z.literal('create'),
    resourceType: z.enum(RESOURCE_TYPES),
    fields: fieldsSchema,
  }),
  z.strictObject({
    operation: z.literal('update'),
    resourceType: z.enum(RESOURCE_TYPES),
    resourceId: z.string().min(1),
    fields: fieldsSchema,
  }),
]);
export type ChangeItem = z.infer<typeof changeItemSchema>;

export const suggestionRequestSchema = z.strictObject({
  label: z.string().optional(),
  changes: z.array(changeItemSchema).min(MIN_CHANGES_PER_BATCH).max(MAX_CHANGES_PER_BATCH),
});
export type SuggestionRequest = z.infer<typeof suggestionRequestSchema>;

export const proposalSchema = z.looseObject({
  id: z.string().min(1),
  operation: z.enum(OPERATIONS),
  resourceType: z.string().min(1),
  summary: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  // The element shape of flags is undescribed: keep whatever arrives.
  flags: z.array(z.unknown()),
  expiresAt: z.string().min(1),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const suggestionResponseSchema = z.looseObject({
  batchId: z.string().min(1),
  status: z.string().min(1),
  message: z.string(),
  reviewUrl: z.string().min(1),
  proposals: z.array(proposalSchema),
});
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>;

export const suggestionEnvelopeSchema = z.object({ data: suggestionResponseSchema });
