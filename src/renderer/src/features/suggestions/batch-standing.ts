// Where a batch stands, counted from the statuses the service reported for its suggestions: applied,
// dismissed, expired and still waiting. Only the service's own statuses count, so nothing is called
// applied before the service says so.
import type { TrackedBatch } from '../../../../shared/suggestions';
import type { ProposalStatus } from '../../../../shared/service/proposals';

export const STANDING_ORDER = ['applied', 'dismissed', 'expired', 'proposed'] as const;

/** The plain word for each status in a count: "waiting" for suggestions no one has decided yet. */
export const STANDING_WORDS: Record<ProposalStatus, string> = {
  applied: 'applied',
  dismissed: 'dismissed',
  expired: 'expired',
  proposed: 'waiting',
};

export function batchStanding(batch: TrackedBatch): Record<ProposalStatus, number> {
  const counts: Record<ProposalStatus, number> = { applied: 0, dismissed: 0, expired: 0, proposed: 0 };
  for (const p of batch.proposals) counts[p.status] += 1;
  return counts;
}

/** The service's message on recording one or more batches, quoted as what it said then. */
export function recordedMessage(message: string, batches = 1): string {
  const which = batches === 1 ? 'this batch' : `these ${batches} batches`;
  return `When it recorded ${which} the service said: “${message.trim()}”`;
}
