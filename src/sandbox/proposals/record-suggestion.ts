// Records a validated suggestion as one batch of proposals and builds the documented 201 answer.
import { BATCH_AWAITING } from '../../shared/service';
import type { SandboxCore } from '../core';
import { describeChange, flagChange } from './describe';
import { proposalCreatedView, type BatchEntry, type ProposalEntry } from './model';
import { randomId } from './proposal-book';
import type { ValidChange } from './validate';

export const SUGGESTION_MESSAGE =
  'Your changes were recorded as suggestions only. Nothing has changed yet: each suggestion waits for a person at the organisation to approve or dismiss it in the web application (API & Automation).';

export function recordSuggestion(
  core: SandboxCore,
  organisation: string,
  label: string | null,
  changes: ValidChange[],
  origin: string,
): { data: Record<string, unknown> } {
  const now = core.clock.now();
  const batch: BatchEntry = { id: randomId('bat_'), organisation, label, createdAt: now, proposalIds: [] };
  const targets = new Map<string, number>();
  for (const c of changes) if (c.resourceId) targets.set(c.resourceId, (targets.get(c.resourceId) ?? 0) + 1);
  const proposals = changes.map((c): ProposalEntry => ({
    id: randomId('prp_'),
    organisation,
    batchId: batch.id,
    operation: c.operation,
    resourceType: c.resourceType,
    resourceId: c.resourceId,
    fields: c.fields,
    summary: describeChange(core.store, organisation, c.resourceType, c.fields, c.current),
    flags: flagChange(
      c.resourceType,
      c.fields,
      c.current,
      c.resourceId !== null && (targets.get(c.resourceId) ?? 0) > 1,
    ),
    status: 'proposed',
    createdAt: now,
    updatedAt: now,
    expiresAt: now + core.options.proposalTtlMs,
    decidedAt: null,
    decidedBy: null,
    before: null,
  }));
  batch.proposalIds = proposals.map((p) => p.id);
  core.book.add(batch, proposals);
  return {
    data: {
      batchId: batch.id,
      status: BATCH_AWAITING,
      message: SUGGESTION_MESSAGE,
      reviewUrl: `${origin}/app/automation?batch=${encodeURIComponent(batch.id)}`,
      proposals: proposals.map(proposalCreatedView),
    },
  };
}
