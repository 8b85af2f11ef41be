// How a draft's links read on screen: each change with its linked fields, and, for a draft that is a
// later part of one sent earlier (a new tenancy's lease), where that step stands: waiting for the
// earlier part's record, the landlord to choose which record it made, ready to review and submit, or
// ended because the earlier part was dismissed or expired.
import type { DraftChange, DraftState, DraftStep } from '../../shared/drafts';
import type { DraftLink } from '../store/change-links-repo';

/** The draft's changes, each with the links of its fields. */
export function withLinks(changes: readonly DraftChange[], links: readonly DraftLink[]): DraftChange[] {
  if (links.length === 0) return [...changes];
  return changes.map((change) => {
    const own = links
      .filter((l) => l.changeId === change.id)
      .map(({ changeId: _c, draftId: _d, ...link }) => link);
    return own.length ? { ...change, links: own } : change;
  });
}

/** Where a later part stands; null for a draft that waits for nothing sent earlier, or is sent. */
export function stepOf(draftId: string, state: DraftState, links: readonly DraftLink[]): DraftStep | null {
  if (state !== 'editing') return null;
  const earlier = links.filter((l) => l.draftId === draftId && l.sourceDraftId !== draftId);
  if (earlier.length === 0) return null;
  const ended = earlier.find((l) => l.state === 'ended');
  const choose = earlier.find((l) => l.state === 'choose');
  const waiting = earlier.find((l) => l.state === 'waiting');
  const first = ended ?? choose ?? waiting ?? earlier[0]!;
  return {
    state: ended ? 'ended' : choose ? 'choose' : waiting ? 'waiting' : 'ready',
    waitsFor: [...new Set(earlier.map((l) => l.resourceType))],
    afterBatchId: first.batchId ?? earlier.find((l) => l.batchId)?.batchId ?? null,
    note: first.note,
  };
}
