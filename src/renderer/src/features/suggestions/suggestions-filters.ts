// The suggestions' filters as they live in the route's query (status tab, resource type, batch, expiring
// soon, the order), and the pure selection of batches and proposals they leave on screen.
import { RESOURCE_TYPES } from '../../../../shared/service/collections';
import { PROPOSAL_STATUSES } from '../../../../shared/service/proposals';
import type { ProposalStatus } from '../../../../shared/service/proposals';
import type { TrackedBatch, TrackedProposal } from '../../../../shared/suggestions';
import { decidedSince } from '../../../../shared/decided-since';
import { orderWorklist, WORKLIST_ORDERS } from './worklist-order';
import type { UrgencyOf, VisibleBatch, WorklistOrder } from './worklist-order';

export type { VisibleBatch } from './worklist-order';

export interface SuggestionsFilters {
  status: ProposalStatus;
  type: string | null;
  batch: string | null;
  /** Only suggestions decided on or after this day (YYYY-MM-DD): Today's "recently decided". */
  since: string | null;
  /** Only suggestions still waiting that expire within EXPIRING_SOON_MS (or are already due). */
  soon: boolean;
  order: WorklistOrder;
}

/** "Expiring soon": two days, time enough to ask the approver before a suggestion lapses. */
export const EXPIRING_SOON_MS = 48 * 60 * 60 * 1000;

export function filtersFromQuery(query: Record<string, string>): SuggestionsFilters {
  const status = (PROPOSAL_STATUSES as readonly string[]).includes(query.status ?? '')
    ? (query.status as ProposalStatus)
    : 'proposed';
  const since = /^\d{4}-\d{2}-\d{2}$/.test(query.since ?? '') ? query.since! : null;
  const order = (WORKLIST_ORDERS as readonly string[]).includes(query.order ?? '')
    ? (query.order as WorklistOrder)
    : 'batch';
  return {
    status,
    type: query.type || null,
    batch: query.batch || null,
    since,
    soon: query.soon === '48h',
    order,
  };
}

export function queryFromFilters(filters: SuggestionsFilters): Record<string, string> {
  return {
    ...(filters.status !== 'proposed' ? { status: filters.status } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.batch ? { batch: filters.batch } : {}),
    ...(filters.since ? { since: filters.since } : {}),
    ...(filters.soon ? { soon: '48h' } : {}),
    ...(filters.order !== 'batch' ? { order: filters.order } : {}),
  };
}

function expiresSoon(p: TrackedProposal, now: number): boolean {
  const t = Date.parse(p.expiresAt);
  return p.status === 'proposed' && !Number.isNaN(t) && t - now <= EXPIRING_SOON_MS;
}

function matchesScope(batch: TrackedBatch, p: TrackedProposal, f: SuggestionsFilters, now: number): boolean {
  return (
    (!f.soon || expiresSoon(p, now)) &&
    (!f.batch || batch.batchId === f.batch) &&
    (!f.type || p.resourceType === f.type) &&
    (!f.since || decidedSince(p, f.since))
  );
}

/** True when any filter besides the status tab narrows what is shown. */
export const filtered = (f: SuggestionsFilters) => Boolean(f.type || f.batch || f.since || f.soon);

/** Counts per status within the type and batch filters, so each tab says what it would show. */
export function countByStatus(
  batches: readonly TrackedBatch[],
  f: SuggestionsFilters,
  now: number = Date.now(),
): Record<ProposalStatus, number> {
  const counts = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<ProposalStatus, number>;
  for (const b of batches) for (const p of b.proposals) if (matchesScope(b, p, f, now)) counts[p.status] += 1;
  return counts;
}

/**
 * Batches with at least one proposal on screen, each with only those proposals, in the chosen order
 * (urgent repairs first whatever the order).
 */
export function visibleBatches(
  batches: readonly TrackedBatch[],
  f: SuggestionsFilters,
  now: number = Date.now(),
  urgency: UrgencyOf = () => null,
): VisibleBatch[] {
  const out: VisibleBatch[] = [];
  for (const batch of batches) {
    const proposals = batch.proposals.filter((p) => p.status === f.status && matchesScope(batch, p, f, now));
    if (proposals.length) out.push({ batch, proposals });
  }
  return orderWorklist(out, f.order, urgency);
}

/** Every type one may suggest for, plus any other the service reported. */
export function resourceTypesOf(batches: readonly TrackedBatch[]): string[] {
  const seen = new Set(batches.flatMap((b) => b.proposals.map((p) => p.resourceType)));
  return [
    ...RESOURCE_TYPES,
    ...[...seen].filter((t) => !(RESOURCE_TYPES as readonly string[]).includes(t)).sort(),
  ];
}
