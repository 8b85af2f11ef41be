// The handlers of the drafts and rent-review channels, over the draft service.
import type { Handler } from '../ipc/dispatch';
import type { DraftService } from '../drafts/draft-service';

type DraftChannel =
  | 'drafts.list'
  | 'drafts.get'
  | 'drafts.create'
  | 'drafts.rename'
  | 'drafts.remove'
  | 'drafts.putChange'
  | 'drafts.addChanges'
  | 'drafts.removeChange'
  | 'drafts.preflight'
  | 'drafts.submit'
  | 'drafts.cancelSubmission'
  | 'rentReview.preview'
  | 'rentReview.create';

export function createDraftHandlers(drafts: DraftService): { [C in DraftChannel]: Handler<C> } {
  return {
    'drafts.list': async () => drafts.list(),
    'drafts.get': async ({ id }) => drafts.detail(id),
    'drafts.create': async ({ label, changes }) => drafts.create(label, changes),
    'drafts.rename': async ({ id, label }) => drafts.rename(id, label),
    'drafts.remove': async ({ id }) => {
      drafts.remove(id);
      return { removed: true as const };
    },
    'drafts.putChange': async ({ draftId, change, revision }) => drafts.putChange(draftId, change, revision),
    'drafts.addChanges': async ({ draftId, changes }) => drafts.addChanges(draftId, changes),
    'drafts.removeChange': async ({ draftId, changeId }) => drafts.removeChange(draftId, changeId),
    'drafts.preflight': ({ id }) => drafts.preflight(id),
    'drafts.submit': ({ id, revision }) => drafts.submit(id, revision),
    'drafts.cancelSubmission': async ({ id }) => drafts.cancelSubmission(id),
    'rentReview.preview': (query) => drafts.rentReviewPreview(query),
    'rentReview.create': async ({ query, label, leaseIds }) => ({
      draftIds: await drafts.rentReviewCreate(query, label, leaseIds),
    }),
  };
}
