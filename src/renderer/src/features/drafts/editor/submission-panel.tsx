// Where a draft's submission stands: waiting in the outbox (cancellable until first sent), held by
// main because the connection moved to another server, sending with its outcome unknown, sent (the
// service's message verbatim, the batch, its review page), or refused (why, and that the draft can be
// edited and submitted again).
import { Alert } from '../../../ui/alert';
import { CheckCircle2, CircleSlash, Clock, Loader, CirclePause, XCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
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

type Mutation = ReturnType<typeof useCancelSubmission>;

/** Every state's box: its tone (the class that colours it), an icon, then what it says. */
function SubmissionBox({
  tone,
  icon: Icon,
  children,
}: {
  tone: 'waiting' | 'held' | 'sending' | 'sent' | 'refused' | 'cancelled';
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section className={`submission ${tone}`} aria-label="Submission">
      <Icon size={18} aria-hidden />
      <div>{children}</div>
    </section>
  );
}

function Waiting({
  draft,
  online,
  cancel,
}: {
  draft: DraftDetail;
  online: boolean | undefined;
  cancel: Mutation;
}) {
  return (
    <SubmissionBox tone="waiting" icon={Clock}>
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
    </SubmissionBox>
  );
}

function Held({
  draft,
  cancel,
  releaseHeld,
}: {
  draft: DraftDetail;
  cancel: Mutation;
  releaseHeld: Mutation;
}) {
  const s = draft.submission;
  const held = s?.held;
  const failure = cancel.error ?? releaseHeld.error;
  return (
    <SubmissionBox tone="held" icon={CirclePause}>
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
          <button type="button" className="btn" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel submission
          </button>
        ) : null}
      </div>
      {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
    </SubmissionBox>
  );
}

function Sending({ draft }: { draft: DraftDetail }) {
  return (
    <SubmissionBox tone="sending" icon={Loader}>
      <h2>Sending — outcome not known yet</h2>
      <p>
        The service has not confirmed it yet. PropDesk keeps trying with the same request key, so the changes
        can’t be recorded twice. The draft stays frozen until the outcome is known.
      </p>
      <Attempts draft={draft} />
    </SubmissionBox>
  );
}

function Sent({ draft }: { draft: DraftDetail }) {
  const s = draft.submission;
  return (
    <SubmissionBox tone="sent" icon={CheckCircle2}>
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
    </SubmissionBox>
  );
}

function Conflict({ draft }: { draft: DraftDetail }) {
  return (
    <SubmissionBox tone="refused" icon={XCircle}>
      <h2>Not recorded: the request key was already used</h2>
      <p>
        The service refused the submission because its request key had been used for a different request (HTTP
        409, idempotency conflict). PropDesk never resends such a request by itself. Your draft is kept: check
        it, then submit it again to send it as a new batch.
      </p>
      {draft.submission?.lastError ? <p className="muted">{draft.submission.lastError}</p> : null}
    </SubmissionBox>
  );
}

function Rejected({ draft }: { draft: DraftDetail }) {
  return (
    <SubmissionBox tone="refused" icon={XCircle}>
      <h2>The service refused this submission</h2>
      <p className="service-message">
        {draft.rejection?.message ?? draft.submission?.lastError ?? 'No reason was given.'}
      </p>
      <p>
        Nothing was recorded. The draft can be edited again; the reasons are shown next to the changes they
        are about.
      </p>
    </SubmissionBox>
  );
}

function Cancelled() {
  return (
    <SubmissionBox tone="cancelled" icon={CircleSlash}>
      <h2>Submission cancelled</h2>
      <p>It was withdrawn before it was sent. The draft can be edited and submitted again.</p>
    </SubmissionBox>
  );
}

export function SubmissionPanel({ draft, online }: { draft: DraftDetail; online: boolean | undefined }) {
  // Held here rather than in each state, so a failed cancel stays on screen when the state moves on.
  const cancel = useCancelSubmission(draft.id);
  const releaseHeld = useReleaseHeld(draft.id);
  const phase = draftPhase(draft);
  switch (phase) {
    case 'editing':
      return null;
    case 'waiting':
      return <Waiting draft={draft} online={online} cancel={cancel} />;
    case 'held':
      return <Held draft={draft} cancel={cancel} releaseHeld={releaseHeld} />;
    case 'sending':
      return <Sending draft={draft} />;
    case 'sent':
      return <Sent draft={draft} />;
    case 'conflict':
      return <Conflict draft={draft} />;
    case 'rejected':
      return <Rejected draft={draft} />;
    case 'cancelled':
      return <Cancelled />;
    default:
      return assertNever(phase, 'draft phase');
  }
}
