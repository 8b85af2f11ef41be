// The words of a desktop notification about a batch whose suggestions a person decided on (or that
// expired). It names the batch and the outcome and never words a suggestion as a change PropDesk made.
import { plural } from '../../shared/plural';
import type { ProposalStatus } from '../../shared/service';
import type { RecordedChange } from '../store/suggestions-records';

export interface BatchOutcome {
  label: string | null;
  counts: Partial<Record<ProposalStatus, number>>;
  /** Who approved and who dismissed, where the service says (its contract has a field for it). */
  deciders?: Partial<Record<'applied' | 'dismissed', readonly string[]>>;
  /** Suggestions of the batch still waiting for a person. */
  stillPending: number;
}

export function notificationText(outcome: BatchOutcome): { title: string; body: string } {
  const name = outcome.label?.trim() ? `“${outcome.label.trim()}”` : 'A batch of suggestions';
  const parts: string[] = [];
  const { applied = 0, dismissed = 0, expired = 0 } = outcome.counts;
  const by = (status: 'applied' | 'dismissed', fallback: string) => {
    const names = outcome.deciders?.[status] ?? [];
    return names.length ? ` by ${names.join(', ')}` : fallback;
  };
  if (applied)
    parts.push(`${plural(applied, 'suggestion')} approved${by('applied', ' by a reviewer')} and now applied`);
  if (dismissed) parts.push(`${plural(dismissed, 'suggestion')} dismissed${by('dismissed', '')}`);
  if (expired) parts.push(`${plural(expired, 'suggestion')} expired without review`);
  const headline = [
    applied ? `${applied} approved` : '',
    dismissed ? `${dismissed} dismissed` : '',
    expired ? `${expired} expired` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const body =
    `${parts.join('; ')}.` +
    (outcome.stillPending ? ` ${plural(outcome.stillPending, 'suggestion')} still waiting for review.` : '');
  return { title: `${name}: ${headline}`, body: body.charAt(0).toUpperCase() + body.slice(1) };
}

/**
 * One notification per batch of the user's own in which a person decided (or let expire) suggestions
 * since the last poll; `stillPending` counts a batch's suggestions still waiting.
 */
export function decidedNotifications(
  changes: readonly RecordedChange[],
  stillPending: (batchId: string) => number,
): Array<{ title: string; body: string }> {
  const decided = new Map<string, RecordedChange[]>();
  for (const c of changes) {
    if (c.origin !== 'app' || c.previous === null || c.status === 'proposed') continue;
    decided.set(c.batchId, [...(decided.get(c.batchId) ?? []), c]);
  }
  return [...decided].map(([batchId, list]) => {
    const counts: Partial<Record<RecordedChange['status'], number>> = {};
    for (const c of list) counts[c.status] = (counts[c.status] ?? 0) + 1;
    const names = (status: 'applied' | 'dismissed') => [
      ...new Set(list.filter((c) => c.status === status && c.decidedBy).map((c) => c.decidedBy!)),
    ];
    const deciders = { applied: names('applied'), dismissed: names('dismissed') };
    return notificationText({ label: list[0]!.label, counts, deciders, stillPending: stillPending(batchId) });
  });
}
