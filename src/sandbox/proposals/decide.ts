// Approving or dismissing a proposal on behalf of a demo person: the only way a suggestion is written
// to records. Used by the review page and by tests through `control`; never reachable from /api/v1.
// A suggestion is checked again when approved: a colleague may have changed or removed its records since.
import { RESOURCE_COLLECTION } from '../../shared/service';
import type { SandboxCore } from '../core';
import { type PersonaRole, ROLE_LABELS, mayApprove, mayDismiss, personaName } from '../personas';
import { nounOf, recordIssues } from '../records/record-checks';
import { createRecord, updateRecord } from '../records/record-writes';
import type { BatchEntry, ProposalEntry } from './model';
import { proposalListView } from './model';

export type DecisionAction = 'approve' | 'dismiss';

export type DecisionOutcome =
  | { ok: true; proposal: Record<string, unknown> }
  | {
      ok: false;
      code: 'not_found' | 'not_allowed' | 'not_pending' | 'no_longer_valid';
      message: string;
    };

/** Why an approved suggestion can no longer be written, in plain words; undefined when it can. */
function staleReason(core: SandboxCore, p: ProposalEntry): string | undefined {
  const collection = RESOURCE_COLLECTION[p.resourceType];
  const current =
    p.operation === 'update' ? core.store.get(p.organisation, collection, p.resourceId!) : undefined;
  if (p.operation === 'update' && !current) return `The ${nounOf(collection)} it changes no longer exists.`;
  const issues = recordIssues(
    core.store,
    p.organisation,
    collection,
    p.operation,
    p.fields,
    current,
    'change',
  );
  return issues.length > 0 ? issues.map((i) => i.message).join(' ') : undefined;
}

function applyProposal(core: SandboxCore, p: ProposalEntry, by: string): void {
  const collection = RESOURCE_COLLECTION[p.resourceType];
  if (p.operation === 'update') {
    const current = core.store.get(p.organisation, collection, p.resourceId!)!;
    p.before = updateRecord(core, p.organisation, collection, current, p.fields, by);
    return;
  }
  p.resourceId = createRecord(core, p.organisation, collection, p.fields, by).id;
}

export function decide(
  core: SandboxCore,
  proposalId: string,
  role: PersonaRole,
  action: DecisionAction,
  organisation?: string,
): DecisionOutcome {
  core.expire();
  const p = core.book.proposals.get(proposalId);
  if (!p || (organisation !== undefined && p.organisation !== organisation))
    return { ok: false, code: 'not_found', message: 'No such suggestion in this organisation.' };
  if (p.status !== 'proposed')
    return {
      ok: false,
      code: 'not_pending',
      message: `This suggestion is already ${p.status}; it cannot be decided again.`,
    };
  const allowed = action === 'approve' ? mayApprove(role, p.resourceType) : mayDismiss(role);
  if (!allowed)
    return {
      ok: false,
      code: 'not_allowed',
      message: `A ${ROLE_LABELS[role]} may not ${action} ${p.resourceType.replace('_', ' ')} suggestions.`,
    };
  const stale = action === 'approve' ? staleReason(core, p) : undefined;
  if (stale)
    return {
      ok: false,
      code: 'no_longer_valid',
      message: `This suggestion can no longer be applied: ${stale} Dismiss it instead.`,
    };
  const by = personaName(p.organisation, role);
  if (action === 'approve') applyProposal(core, p, by);
  const now = core.clock.now();
  p.status = action === 'approve' ? 'applied' : 'dismissed';
  p.decidedAt = now;
  p.decidedBy = by;
  p.updatedAt = now;
  core.book.settled(p);
  core.persist();
  const batch = core.book.batches.get(p.batchId) as BatchEntry;
  return { ok: true, proposal: proposalListView(p, batch, core.options.noCreatedIds ?? false) };
}
