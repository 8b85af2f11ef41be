// The handlers of the drafts, rent-review, renewals and notice channels, over the draft service, the
// submissions held for another server, and the records created by earlier parts of drafts sent in parts.
import type { DomainHandlers } from '../ipc/dispatch';
import type { DraftService } from '../drafts/draft-service';
import type { HeldSubmissions } from '../drafts/held-submissions';
import type { CreatedRecords } from '../drafts/parts/created-records';
import { UserError } from '../base/user-error';

export function createDraftHandlers(
  drafts: DraftService,
  held: HeldSubmissions,
  createdRecords: Pick<CreatedRecords, 'choose'>,
  activeId: () => string,
): DomainHandlers<'drafts' | 'rentReview' | 'renewals' | 'notice'> {
  return {
    'drafts.list': async () => drafts.list(),
    'drafts.get': async ({ id }) => drafts.detail(id),
    'drafts.create': async ({ label, changes, links }) => drafts.create(label, changes, links),
    'drafts.rename': async ({ id, label }) => drafts.rename(id, label),
    'drafts.remove': async ({ id }) => {
      drafts.remove(id);
      return { removed: true as const };
    },
    'drafts.putChange': async ({ draftId, change, revision }) => drafts.putChange(draftId, change, revision),
    'drafts.addChanges': async ({ draftId, changes }) => drafts.addChanges(draftId, changes),
    'drafts.removeChange': async ({ draftId, changeId }) => drafts.removeChange(draftId, changeId),
    'drafts.link': async ({ draftId, changeId, field, sourceChangeId, revision }) =>
      drafts.link(draftId, { changeId, field, sourceChangeId }, revision),
    'drafts.chooseCreated': async ({ draftId, changeId, field, recordId }) => {
      createdRecords.choose(activeId(), { draftId, changeId, field }, recordId);
      return drafts.detail(draftId);
    },
    'drafts.readCurrent': ({ resourceType, ids }) => drafts.readCurrent(resourceType, ids),
    'drafts.preflight': ({ id }) => drafts.preflight(id),
    'drafts.submit': ({ id, revision }) => drafts.submit(id, revision),
    'drafts.cancelSubmission': async ({ id }) => drafts.cancelSubmission(id),
    // The page only asks for the question; main's message box and the user decide.
    'drafts.releaseHeld': async ({ id }) => {
      if (!drafts.detail(id).submission?.held)
        throw new UserError('not_held', 'This draft has no submission held for another server.');
      await held.offerActive();
      return drafts.detail(id);
    },
    'rentReview.preview': (query) => drafts.rentReviewPreview(query),
    'rentReview.create': async ({ query, label, leaseIds }) => ({
      draftIds: await drafts.rentReviewCreate(query, label, leaseIds),
    }),
    'renewals.preview': (query) => drafts.renewalPreview(query),
    'renewals.draft': ({ query, label, rows }) => drafts.renewalDraft(query, label, rows),
    'notice.plan': ({ leaseId }) => drafts.noticePlan(leaseId),
    'notice.draft': ({ label, ...args }) => drafts.noticeDraft(args, label),
  };
}
