// One batch on the Suggestions screen, compact: its label, when it was submitted, where it stands (counted from the
// service's statuses as the suggestions service learns of them), actions for the whole batch (review page, re-draft)
// and the suggestions the current filters leave on screen. The service's message and who approves are said once
// for the whole list (service-words.tsx), not on every card.
import { Alert } from '../../ui/alert';
import { CopyPlus } from 'lucide-react';
import type { TrackedBatch, TrackedProposal } from '../../../../shared/suggestions';
import { errorMessage } from '../../lib/call';
import { ProposalRow } from './proposal-row';
import { batchStanding, STANDING_ORDER, STANDING_WORDS } from './batch-standing';
import { ReviewLinkButton } from '../review/review-link-button';
import { exactTime } from '../../lib/time-words';
import { useRedraft } from './use-suggestions-api';
import type { UrgencyOf } from './worklist-order';
import '../../styles/batch-standing.css';

export function batchTitle(batch: TrackedBatch): string {
  return batch.label?.trim() || (batch.origin === 'app' ? 'Untitled batch' : 'Suggestions without a label');
}

export function BatchCard({
  batch,
  proposals,
  now,
  urgency,
}: {
  batch: TrackedBatch;
  proposals: TrackedProposal[];
  now: number;
  urgency: UrgencyOf;
}) {
  const redraft = useRedraft();
  const title = batchTitle(batch);
  const standing = batchStanding(batch);
  const known = batch.proposals.some((p) => p.fields !== null);
  const firstSeen = batch.proposals.flatMap((p) => p.events.slice(0, 1).map((e) => e.at)).sort()[0] ?? null;
  return (
    <section className="card suggestions-batch" aria-label={`Batch ${title}`}>
      <header className="suggestions-batch-head">
        <div className="suggestions-batch-title">
          <h3>{title}</h3>
          <div className="muted suggestions-batch-meta">
            {batch.submittedAt ? (
              <span>
                Submitted <time dateTime={batch.submittedAt}>{exactTime(batch.submittedAt)}</time>
              </span>
            ) : firstSeen ? (
              <span>
                First seen <time dateTime={firstSeen}>{exactTime(firstSeen)}</time>
              </span>
            ) : null}
          </div>
          <ul className="suggestions-batch-counts" aria-label={`Where batch ${title} stands`}>
            {STANDING_ORDER.map((s) => (
              <li key={s} className={`badge state-${s}${standing[s] ? '' : ' is-zero'}`}>
                {standing[s]} {STANDING_WORDS[s]}
              </li>
            ))}
          </ul>
        </div>
        <div className="suggestions-batch-actions">
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
      {redraft.isError ? (
        <Alert className="suggestions-inline-alert">{errorMessage(redraft.error)}</Alert>
      ) : null}
      <ul className="suggestions-proposals">
        {proposals.map((p) => (
          <ProposalRow
            key={p.id}
            proposal={p}
            now={now}
            urgent={urgency(p) !== null}
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
