// The tracker's IPC handlers: the tracked batches, watching and refreshing, re-drafting, and opening
// a batch's review page (the renderer sends a batch ID, never a URL).
import type { DraftDetail } from '../../shared/drafts';
import type { TrackerState } from '../../shared/tracker';
import type { DomainHandlers } from '../ipc/dispatch';
import type { ReviewOpener } from '../tracker/review-opener';
import type { TrackerService } from '../tracker/tracker-service';

export interface TrackerHandlerServices {
  tracker: TrackerService;
  review: ReviewOpener;
  /** Clones proposals into a new draft; returns its ID. */
  redraft: (batchId: string, proposalIds?: readonly string[]) => string;
  draftDetail: (id: string) => Promise<DraftDetail> | DraftDetail;
  /** Adds each suggestion target's label to the state (read now, never stored). */
  labelTargets: (state: TrackerState) => Promise<TrackerState>;
}

export type TrackerHandlers = DomainHandlers<'tracker' | 'review'>;

export function createTrackerHandlers(s: TrackerHandlerServices): TrackerHandlers {
  return {
    'tracker.list': () => s.labelTargets(s.tracker.state()),
    'tracker.watch': async ({ open }) => {
      s.tracker.watch(open);
      return { open };
    },
    'tracker.refresh': async () => s.labelTargets(await s.tracker.refresh()),
    'tracker.redraft': async ({ batchId, proposalIds }) => s.draftDetail(s.redraft(batchId, proposalIds)),
    'review.open': ({ batchId }) => s.review.open(batchId),
  };
}
