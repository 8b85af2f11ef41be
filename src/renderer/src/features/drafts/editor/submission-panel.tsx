// Where a draft's submission stands: waiting in the outbox (cancellable until first sent), held by
// main because the connection moved to another server, sending with its outcome unknown, sent (the
// service's message verbatim, the batch, its review page), or refused (why, and that the draft can be
// edited and submitted again).
import { Alert } from '../../../ui/alert';
import { CheckCircle2, CircleSlash, Clock, Loader, CirclePause, XCircle } from 'lucide-react';
import type { DraftDetail } from '../../../../../shared/drafts';
import { assertNever } from '../../../../../shared/app-error';
import { errorMessage } from '../../../lib/call';
import { formatRoute } from '../../../router/routes';
import { draftPhase } from '../draft-phase';
import { exactTime, relativeTime } from '../../../lib/time-words';
import { ReviewLinkButton } from '../../review/review-link-button';
import { ApproverNote } from '../../review/approver-note';
import '../../../styles/batch-standing.css';
import { useCancelSubmission, useReleaseHeld } from '../use-drafts-api';

function Attempts({ draft }: { draft: DraftDetail }) {
  const s = draft.submission;
  if (!s) return null;
  return (
    <p className="muted">
      {s.attempts > 0 ? `${s.attempts} attempt${s.attempts === 1 ? '' : 's'} so far. ` : null}
      {s.lastError ? `Last attempt: ${s.lastError.replace(/\.$/, '')}. ` : null}
      {s.nextAttemptAt ? (
        <span title={exactTime(s.nextAttemptAt)}>Next attempt {relativeTime(s.nextAttemptAt)}.</span>
      ) : null}
    </p>
  );
}

export function SubmissionPanel({ draft, online }: { draft: DraftDetail; online: boolean | undefined }) {
  const cancel = useCancelSubmission(draft.id);
  const releaseHeld = useReleaseHeld(draft.id);
  const phase = draftPhase(draft);
  const s = draft.submission;
  switch (phase) {
    case 'editing':
      return null;
    case 'waiting':
      return (
        <section className="submission waiting" aria-label="Submission">
          <Clock size={18} aria-hidden />
          <div>
            <h2>Waiting to send</h2>
            <p>
              {online === false
                ? 'You are offline. The submission will be sent when the connection returns.'
                : 'The submission is in the outbox and will be sent shortly.'}{' '}
              The draft can’t be edited meanwhile.
            </p>
            <Attempts draft={draft} />
            <button type="button" className="btn" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel submission
            </button>
            {cancel.isError ? <Alert>{errorMessage(cancel.error)}</Alert> : null}
          </div>
        </section>
      );
    case 'held': {
      const held = s?.held;
      const failure = cancel.error ?? releaseHeld.error;
      return (
        <section className="submission held" aria-label="Submission">
          <CirclePause size={18} aria-hidden />
          <div>
            <h2>Held: the connection now points at another server</h2>
            <p>
              This submission was made for <strong>{held?.madeFor}</strong>, but the connection now points at{' '}
              <strong>{held?.now}</strong>. PropDesk sends nothing there unless you agree.{' '}
              {s?.state === 'queued'
                ? 'Cancel the submission to edit the draft and submit it again for the new server, or send it there as it is.'
                : 'An earlier attempt may have reached the old server, so it can’t be withdrawn: change the connection’s address back to finish it there, or send it to the new server as it is.'}
            </p>
            <div className="card-actions">
              <button
                type="button"
                className="btn"
                disabled={releaseHeld.isPending}
                onClick={() => releaseHeld.mutate()}
              >
                Send to {held?.now}…
              </button>
              {s?.state === 'queued' ? (
                <button
                  type="button"
                  className="btn"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate()}
                >
                  Cancel submission
                </button>
              ) : null}
            </div>
            {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
          </div>
        </section>
      );
    }
    case 'sending':
      return (
        <section className="submission sending" aria-label="Submission">
          <Loader size={18} aria-hidden />
          <div>
            <h2>Sending — outcome not known yet</h2>
            <p>
              The service has not confirmed it yet. PropDesk keeps trying with the same request key, so the
              changes can’t be recorded twice. The draft stays frozen until the outcome is known.
            </p>
            <Attempts draft={draft} />
          </div>
        </section>
      );
    case 'sent':
      return (
        <section className="submission sent" aria-label="Submission">
          <CheckCircle2 size={18} aria-hidden />
          <div>
            <h2>Sent for review</h2>
            {s?.message ? (
              <blockquote className="service-message" aria-label="The service’s message">
                {s.message}
              </blockquote>
            ) : null}
            <dl className="facts">
              <div>
                <dt>Batch</dt>
                <dd className="mono">{s?.batchId ?? '—'}</dd>
              </div>
              <div>
                <dt>Sent</dt>
                <dd title={s ? exactTime(s.updatedAt) : undefined}>{s ? relativeTime(s.updatedAt) : '—'}</dd>
              </div>
            </dl>
            <div className="card-actions">
              {s?.batchId ? <ReviewLinkButton batchId={s.batchId} label={draft.label} primary /> : null}
              <a className="btn" href={formatRoute({ view: 'suggestions', query: {} })}>
                Follow in Suggestions
              </a>
            </div>
            <ApproverNote />
          </div>
        </section>
      );
    case 'conflict':
      return (
        <section className="submission refused" aria-label="Submission">
          <XCircle size={18} aria-hidden />
          <div>
            <h2>Not recorded: the request key was already used</h2>
            <p>
              The service refused the submission because its request key had been used for a different request
              (HTTP 409, idempotency conflict). PropDesk never resends such a request by itself. Your draft is
              kept: check it, then submit it again to send it as a new batch.
            </p>
            {s?.lastError ? <p className="muted">{s.lastError}</p> : null}
          </div>
        </section>
      );
    case 'rejected':
      return (
        <section className="submission refused" aria-label="Submission">
          <XCircle size={18} aria-hidden />
          <div>
            <h2>The service refused this submission</h2>
            <p className="service-message">
              {draft.rejection?.message ?? s?.lastError ?? 'No reason was given.'}
            </p>
            <p>
              Nothing was recorded. The draft can be edited again; the reasons are shown next to the changes
              they are about.
            </p>
          </div>
        </section>
      );
    case 'cancelled':
      return (
        <section className="submission cancelled" aria-label="Submission">
          <CircleSlash size={18} aria-hidden />
          <div>
            <h2>Submission cancelled</h2>
            <p>It was withdrawn before it was sent. The draft can be edited and submitted again.</p>
          </div>
        </section>
      );
    default:
      return assertNever(phase, 'draft phase');
  }
}
