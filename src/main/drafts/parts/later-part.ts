// Where a later part stands, from the links of its changes to records of the part before: waiting
// for that part's created record, the landlord to choose which record it made, ready to review and
// submit, or ended because that part was dismissed or expired.
import type { DraftState, LaterPart } from '../../../shared/drafts';
import type { DraftLink } from './links';

/** Null for a draft that waits for nothing sent earlier (a first part, or none), or is no longer edited. */
export function laterPartOf(
  draftId: string,
  state: DraftState,
  links: readonly DraftLink[],
): LaterPart | null {
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
