// The suggestions' IPC handlers: the tracked batches, watching and refreshing, the record a create made
// chosen, re-drafting, and opening
// a batch's review page (the renderer sends a batch ID, never a URL).
import type { DraftDetail } from '../../shared/drafts';
import type { SuggestionsState } from '../../shared/suggestions';
import type { DomainHandlers } from '../ipc/dispatch';
import type { ReviewOpener } from '../suggestions/review-opener';
import type { SuggestionsService } from '../suggestions/suggestions-service';

export interface SuggestionsHandlerServices {
  suggestions: SuggestionsService;
  review: ReviewOpener;
  /** Clones proposals into a new draft; returns its ID. */
  redraft: (batchId: string, proposalIds?: readonly string[]) => Promise<string>;
  draftDetail: (id: string) => Promise<DraftDetail> | DraftDetail;
  /** Adds each suggestion target's label to the state (read now, never stored). */
  labelTargets: (state: SuggestionsState) => Promise<SuggestionsState>;
  /** The landlord's choice of the record an applied create made, among those offered. */
  chooseCreated: (proposalId: string, recordId: string) => void;
}

export type SuggestionsHandlers = DomainHandlers<'suggestions' | 'review'>;

export function createSuggestionsHandlers(s: SuggestionsHandlerServices): SuggestionsHandlers {
  return {
    'suggestions.list': () => s.labelTargets(s.suggestions.state()),
    'suggestions.watch': async ({ open }) => {
      s.suggestions.watch(open);
      return { open };
    },
    'suggestions.refresh': async () => s.labelTargets(await s.suggestions.refresh()),
    'suggestions.chooseCreated': async ({ proposalId, recordId }) => {
      s.chooseCreated(proposalId, recordId);
      return { chosen: true as const };
    },
    'suggestions.redraft': async ({ batchId, proposalIds }) =>
      s.draftDetail(await s.redraft(batchId, proposalIds)),
    'review.open': ({ batchId }) => s.review.open(batchId),
  };
}
