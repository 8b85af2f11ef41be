// "Open review page": sends main the batch's ID (never a URL); main checks the stored address, asks
// in its own message box before opening an origin not yet trusted for this connection, and opens it
// in the browser. This button only says what came of it.
import { Alert } from '../../ui/alert';
import { ExternalLink } from 'lucide-react';
import type { ChannelResult } from '../../../../shared/ipc';
import { errorMessage } from '../../lib/call';
import { useOpenReview } from './use-review-api';

type Outcome = ChannelResult<'review.open'>;

function outcomeWords(outcome: Outcome): string {
  return outcome.outcome === 'opened'
    ? 'Opened in your browser'
    : `Not opened: you chose not to trust ${outcome.origin} for this connection`;
}

export function ReviewLinkButton({
  batchId,
  label,
  primary = false,
}: {
  batchId: string;
  label: string;
  /** The main action where it stands (right after submitting); a plain button in lists. */
  primary?: boolean;
}) {
  const opening = useOpenReview(batchId);
  const outcome = opening.data ?? null;
  const problem = opening.isError ? errorMessage(opening.error) : null;

  return (
    <>
      <button
        type="button"
        className={primary ? 'btn primary' : 'btn'}
        title="Opens this batch in the service's web app, in your browser, where a person approves or dismisses it"
        aria-label={`Open review page for ${label}`}
        onClick={() => opening.mutate()}
      >
        <ExternalLink size={14} aria-hidden /> Open review page
      </button>
      {outcome ? (
        <span className="muted" role="status">
          {outcomeWords(outcome)}
        </span>
      ) : null}
      {problem ? <Alert className="suggestions-inline-alert">{problem}</Alert> : null}
    </>
  );
}
