// The order of the Suggestions worklist: as the batches came (newest batch first, as tracked), by the
// soonest expiry, or by the last decision PropDesk saw. Whatever the order, a repair whose priority
// means "now" (emergency, urgent, critical) and that nobody has decided yet comes first.
import type { TrackedBatch, TrackedProposal } from '../../../../shared/suggestions';
import { fieldRoles, roleOf } from '../../../../shared/field-roles';
import type { CompiledContract } from '../../../../shared/contract';

export const WORKLIST_ORDERS = ['batch', 'expiry', 'decided'] as const;
export type WorklistOrder = (typeof WORKLIST_ORDERS)[number];

export const ORDER_WORDS: Record<WorklistOrder, string> = {
  batch: 'Batch',
  expiry: 'Expires soonest',
  decided: 'Last decided',
};

export interface VisibleBatch {
  batch: TrackedBatch;
  proposals: TrackedProposal[];
}

/** How urgent a suggestion is: 0 the most; null when it is no urgent repair (or already decided). */
export type UrgencyOf = (p: TrackedProposal) => number | null;

// Priorities by meaning, never by their place in the contract's list; other values are not urgent.
const URGENT_PRIORITIES = ['emergency', 'urgent', 'critical'];

/** A waiting maintenance request's urgency, read from its suggested priority (the contract's field). */
export function repairUrgency(contract: CompiledContract | undefined): UrgencyOf {
  const priorityField = roleOf(fieldRoles(contract), 'maintenance_requests', 'priority')?.field ?? 'priority';
  return (p) => {
    if (p.status !== 'proposed' || p.resourceType !== 'maintenance_request') return null;
    const value = p.fields?.[priorityField];
    const rank = typeof value === 'string' ? URGENT_PRIORITIES.indexOf(value.toLowerCase()) : -1;
    return rank >= 0 ? rank : null;
  };
}

const expiry = (p: TrackedProposal) => {
  const t = Date.parse(p.expiresAt);
  return Number.isNaN(t) ? Infinity : t;
};

/** When PropDesk saw the last decision on it (its last non-waiting event); -Infinity when none. */
const decided = (p: TrackedProposal) => {
  const last = [...p.events].reverse().find((e) => e.status !== 'proposed');
  const t = last ? Date.parse(last.at) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

// Each order as a sort key, smaller first.
const KEY: Record<WorklistOrder, ((p: TrackedProposal) => number) | null> = {
  batch: null,
  expiry,
  decided: (p) => -decided(p),
};

const urgencyKey = (urgency: UrgencyOf) => (p: TrackedProposal) => urgency(p) ?? Infinity;

function sortedBy<T>(items: readonly T[], ...keys: ((item: T) => number)[]): T[] {
  return items
    .map((item, i) => ({ item, i, k: keys.map((key) => key(item)) }))
    .sort((a, b) => {
      for (let j = 0; j < a.k.length; j++) if (a.k[j] !== b.k[j]) return a.k[j]! < b.k[j]! ? -1 : 1;
      return a.i - b.i;
    })
    .map((x) => x.item);
}

export function orderWorklist(
  visible: readonly VisibleBatch[],
  order: WorklistOrder,
  urgency: UrgencyOf,
): VisibleBatch[] {
  const byUrgency = urgencyKey(urgency);
  const key = KEY[order] ?? (() => 0);
  const sorted = visible.map((v) => ({ ...v, proposals: sortedBy(v.proposals, byUrgency, key) }));
  // A batch goes where its first suggestion would.
  const first = (pick: (p: TrackedProposal) => number) => (v: VisibleBatch) =>
    Math.min(...v.proposals.map(pick));
  return sortedBy(sorted, first(byUrgency), first(key));
}
