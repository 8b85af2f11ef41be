// Reads proposals as GET /api/v1/proposals lists them into what the suggestions service stores. The document
// fixes only id, operation, resourceType, summary, status, flags and expiresAt; a batch ID, label or
// record ID are used when a listing carries them and never required.
import { proposalSchema } from '../../shared/service';
import type { ObservedProposal } from '../store/suggestions-records';

/** Where proposals go whose listing names no batch: one group per connection. */
export const UNBATCHED = 'unbatched';

const text = (value: unknown, max = 500): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

/** Batch IDs end up in IPC arguments (re-draft, review); anything unlike an ID is grouped apart. */
const batchIdOf = (value: unknown): string | null => {
  const id = text(value, 200);
  return id && /^[\w.:-]+$/.test(id) ? id : null;
};

/**
 * One listed item, or undefined when it lacks a documented part (it is skipped, not guessed at).
 * `knownBatch` supplies the batch of a proposal PropDesk already tracks; `decider` is the field the
 * contract has for who decided (field-roles.ts `deciderField`), null when it has none.
 */
export function observe(
  raw: unknown,
  knownBatch: string | undefined,
  decider: string | null,
): ObservedProposal | undefined {
  const parsed = proposalSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const p = parsed.data;
  const extra = raw as Record<string, unknown>;
  return {
    id: p.id,
    batchId: knownBatch ?? batchIdOf(extra.batchId) ?? UNBATCHED,
    batchLabel: text(extra.label, 200),
    operation: p.operation,
    resourceType: p.resourceType,
    resourceId: text(extra.resourceId, 200),
    summary: p.summary,
    status: p.status,
    flags: p.flags,
    expiresAt: p.expiresAt,
    decidedBy: decider === null || p.status === 'proposed' ? null : text(extra[decider], 200),
  };
}
