// Approving or dismissing a proposal on behalf of a demo person: the only way anything is written
// to records. Used by the review page and by tests through `control`; never reachable from /api/v1.
import { RESOURCE_COLLECTION } from '../../shared/service';
import type { SandboxCore } from '../core';
import { type PersonaRole, ROLE_LABELS, mayApprove, mayDismiss, personaName } from '../personas';
import { RECORD_SCHEMAS, WRITABLE } from '../schemas/registry';
import type { StoredRecord } from '../store/record-store';
import type { BatchEntry, ProposalEntry } from './model';
import { proposalListView } from './model';

export type DecisionAction = 'approve' | 'dismiss';

export type DecisionOutcome =
  | { ok: true; proposal: Record<string, unknown> }
  | { ok: false; code: 'not_found' | 'not_allowed' | 'not_pending'; message: string };

function applyProposal(core: SandboxCore, p: ProposalEntry, by: string): void {
  const collection = RESOURCE_COLLECTION[p.resourceType];
  const nowIso = core.clock.nowIso();
  if (p.operation === 'update') {
    const current = core.store.get(p.organisation, collection, p.resourceId!)!;
    p.before = Object.fromEntries(Object.keys(p.fields).map((k) => [k, current[k] ?? null]));
    core.mutate({
      kind: 'update',
      organisation: p.organisation,
      collection,
      id: current.id,
      fields: p.fields,
      updatedAt: nowIso,
      updatedBy: by,
    });
    return;
  }
  const spec = WRITABLE[p.resourceType];
  const draft: Record<string, unknown> = {
    id: core.store.nextId(p.organisation, collection),
    created_at: nowIso,
    updated_at: nowIso,
    updated_by: by,
    ...(collection === 'leases'
      ? { lease_number: `L-${1000 + core.store.count(p.organisation, 'leases')}` }
      : {}),
    ...Object.fromEntries(Object.entries(spec.defaults).map(([k, f]) => [k, f(nowIso)])),
    ...p.fields,
  };
  const schema = RECORD_SCHEMAS[collection];
  // Keep the schema's field order so created records read like seeded ones.
  const record = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, draft[k]])) as StoredRecord;
  schema.parse(record);
  core.mutate({ kind: 'create', organisation: p.organisation, collection, seq: 0, record });
  p.resourceId = record.id;
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
