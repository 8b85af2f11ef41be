// One batch on the tracker: its label, when it was submitted, the service's own message, actions for
// the whole batch (review page, re-draft) and the suggestions the current filters leave on screen.
import { Alert } from '../../ui/alert';
import { CopyPlus } from 'lucide-react';
import type { TrackedBatch, TrackedProposal } from '../../../../shared/tracker';
import { PROPOSAL_STATUSES } from '../../../../shared/service/proposals';
import { errorMessage } from '../../lib/call';
import { ProposalRow, STATUS_WORDS } from './proposal-row';
import { ReviewLinkButton } from '../review/review-link-button';
import { exactTime } from '../../lib/time-words';
import { useRedraft } from './use-tracker-api';

export function batchTitle(batch: TrackedBatch): string {
  return batch.label?.trim() || (batch.origin === 'app' ? 'Untitled batch' : 'Suggestions without a label');
}

export function BatchCard({
  batch,
  proposals,
  now,
}: {
  batch: TrackedBatch;
  proposals: TrackedProposal[];
  now: number;
}) {
  const redraft = useRedraft();
  const title = batchTitle(batch);
  const known = batch.proposals.some((p) => p.fields !== null);
  const firstSeen = batch.proposals.flatMap((p) => p.events.slice(0, 1).map((e) => e.at)).sort()[0] ?? null;
  return (
    <section className="card tracker-batch" aria-label={`Batch ${title}`}>
      <header className="tracker-batch-head">
        <div className="tracker-batch-title">
          <h3>{title}</h3>
          <div className="muted tracker-batch-meta">
            {batch.submittedAt ? (
              <span>
                Submitted <time dateTime={batch.submittedAt}>{exactTime(batch.submittedAt)}</time>
              </span>
            ) : firstSeen ? (
              <span>
                First seen <time dateTime={firstSeen}>{exactTime(firstSeen)}</time>
              </span>
            ) : null}
            <span className="tracker-batch-counts">
              {PROPOSAL_STATUSES.map((s) => {
                const n = batch.proposals.filter((p) => p.status === s).length;
                return n ? (
                  <span key={s} className={`badge state-${s}`}>
                    {n} {STATUS_WORDS[s].toLowerCase()}
                  </span>
                ) : null;
              })}
            </span>
          </div>
        </div>
        <div className="tracker-batch-actions">
          {batch.hasReviewLink ? <ReviewLinkButton batchId={batch.batchId} label={title} /> : null}
          {batch.origin === 'app' && known ? (
            <button
              type="button"
              className="btn"
              disabled={redraft.isPending}
              title="Copies every suggestion of this batch into a new draft you can edit before submitting"
              aria-label={`Re-draft batch ${title}`}
              onClick={() => redraft.mutate({ batchId: batch.batchId })}
            >
              <CopyPlus size={14} aria-hidden /> Re-draft batch
            </button>
          ) : null}
        </div>
      </header>
      {batch.message ? <p className="tracker-message">{batch.message}</p> : null}
      {redraft.isError ? <Alert className="tracker-inline-alert">{errorMessage(redraft.error)}</Alert> : null}
      <ul className="tracker-proposals">
        {proposals.map((p) => (
          <ProposalRow
            key={p.id}
            proposal={p}
            now={now}
            canRedraft={
              batch.origin === 'app' &&
              p.fields !== null &&
              (p.status === 'dismissed' || p.status === 'expired')
            }
            redrafting={redraft.isPending}
            onRedraft={() => redraft.mutate({ batchId: batch.batchId, proposalIds: [p.id] })}
          />
        ))}
      </ul>
    </section>
  );
}
