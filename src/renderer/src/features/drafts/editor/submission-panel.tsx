// Where a draft's submission stands: waiting in the outbox (cancellable until first sent), held by
// main because the connection moved to another server, sending with its outcome unknown, sent (the
// service's message verbatim, the batch, its review page), or refused (why, and that the draft can be
// edited and submitted again).
import { useReach } from '../../connections/use-reach';
import { Alert } from '../../../ui/alert';
import { CheckCircle2, CircleSlash, Clock, Loader, CirclePause, XCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DraftDetail, Submission } from '../../../../../shared/drafts';
import type { RequestKind } from '../../../../../shared/request-kind';
import { SHOWN_HOLD_MS } from '../../../../../shared/service-pace';
import { HoldNotice } from '../../connections/hold-notice';
import { assertNever } from '../../../../../shared/app-error';
import { errorMessage } from '../../../lib/call';
import { formatRoute } from '../../../router/routes';
import { draftPhase } from '../draft-phase';
import type { DraftPhase } from '../draft-phase';
import { exactTime, relativeTime } from '../../../lib/time-words';
import { ReviewLinkButton } from '../../review/review-link-button';
import { ApproverNote } from '../../review/approver-note';
import '../../../styles/batch-standing.css';
import { useCancelSubmission, useReleaseHeld } from '../use-drafts-api';

/** What a submission's wait holds: the service's POST of suggestions. */
const SUBMITTING: RequestKind = { method: 'POST', collection: 'proposals' };

/**
 * Whether the submission waits longer than ten minutes from when the wait was set: only the service
 * asks for that (PropDesk's own waits are five minutes at most), and it is shown with its end time.
 */
function longWait(s: Submission, now = Date.now()): boolean {
  if (!s.nextAttemptAt) return false;
  const until = Date.parse(s.nextAttemptAt);
  return until > now && until - Date.parse(s.updatedAt) > SHOWN_HOLD_MS;
}

function Attempts({ draft }: { draft: DraftDetail }) {
  const s = draft.submission;
  if (!s) return null;
  const long = longWait(s);
  return (
    <>
      <p className="muted">
        {s.attempts > 0 ? `${s.attempts} attempt${s.attempts === 1 ? '' : 's'} so far. ` : null}
        {s.lastError ? `Last attempt: ${s.lastError.replace(/\.$/, '')}. ` : null}
        {s.nextAttemptAt && !long ? (
          <span title={exactTime(s.nextAttemptAt)}>Next attempt {relativeTime(s.nextAttemptAt)}.</span>
        ) : null}
      </p>
      {long && s.nextAttemptAt ? (
        <p>
          <HoldNotice kind={SUBMITTING} until={s.nextAttemptAt} />
        </p>
      ) : null}
    </>
  );
}

type Mutation = ReturnType<typeof useCancelSubmission>;
type SubmissionPhase = Exclude<DraftPhase, 'editing'>;

/** Each state's box: its tone (the class that colours it), its icon and its heading. */
const BOX: Record<SubmissionPhase, { tone: string; icon: LucideIcon; heading: string }> = {
  waiting: { tone: 'waiting', icon: Clock, heading: 'Waiting to send' },
  held: { tone: 'held', icon: CirclePause, heading: 'Held: the connection now points at another server' },
  sending: { tone: 'sending', icon: Loader, heading: 'Sending — outcome not known yet' },
  sent: { tone: 'sent', icon: CheckCircle2, heading: 'Sent for review' },
  conflict: { tone: 'refused', icon: XCircle, heading: 'Not recorded: the request key was already used' },
  rejected: { tone: 'refused', icon: XCircle, heading: 'The service refused this submission' },
  cancelled: { tone: 'cancelled', icon: CircleSlash, heading: 'Submission cancelled' },
};

function Waiting({
  draft,
  online,
  cancel,
}: {
  draft: DraftDetail;
  online: boolean | undefined;
  cancel: Mutation;
}) {
  const reach = useReach();
  return (
    <>
      <p>
        {online === false
          ? `${reach.sentence} The submission will be sent when the connection returns.`
          : 'The submission is in the outbox and will be sent shortly.'}{' '}
        The draft can’t be edited meanwhile.
      </p>
      <Attempts draft={draft} />
      <button type="button" className="btn" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
        Cancel submission
      </button>
      {cancel.isError ? <Alert>{errorMessage(cancel.error)}</Alert> : null}
    </>
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
    <>
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
    </>
  );
}

function Sending({ draft }: { draft: DraftDetail }) {
  return (
    <>
      <p>
        The service has not confirmed it yet. PropDesk keeps trying with the same request key, so the changes
        can’t be recorded twice. The draft stays frozen until the outcome is known.
      </p>
      <Attempts draft={draft} />
    </>
  );
}

/** What the screen that composes the editor shows under a sent batch (the service's flags on it). */
export type SentNote = (batchId: string) => ReactNode;

function Sent({ draft, sentNote }: { draft: DraftDetail; sentNote: SentNote }) {
  const s = draft.submission;
  return (
    <>
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
      {s?.batchId ? sentNote(s.batchId) : null}
      <div className="card-actions">
        {s?.batchId ? <ReviewLinkButton batchId={s.batchId} label={draft.label} primary /> : null}
        <a className="btn" href={formatRoute({ view: 'suggestions', query: {} })}>
          Follow in Suggestions
        </a>
      </div>
      <ApproverNote />
    </>
  );
}

function Conflict({ draft }: { draft: DraftDetail }) {
  return (
    <>
      <p>
        The service refused the submission because its request key had been used for a different request (HTTP
        409, idempotency conflict). PropDesk never resends such a request by itself. Your draft is kept: check
        it, then submit it again to send it as a new batch.
      </p>
      {draft.submission?.lastError ? <p className="muted">{draft.submission.lastError}</p> : null}
    </>
  );
}

function Rejected({ draft }: { draft: DraftDetail }) {
  return (
    <>
      <p className="service-message">
        {draft.rejection?.message ?? draft.submission?.lastError ?? 'No reason was given.'}
      </p>
      <p>
        Nothing was recorded. The draft can be edited again; the reasons are shown next to the changes they
        are about.
      </p>
    </>
  );
}

/** What a state says under its heading. */
function SubmissionBody({
  phase,
  draft,
  online,
  cancel,
  releaseHeld,
  sentNote,
}: {
  phase: SubmissionPhase;
  draft: DraftDetail;
  online: boolean | undefined;
  cancel: Mutation;
  releaseHeld: Mutation;
  sentNote: SentNote;
}) {
  switch (phase) {
    case 'waiting':
      return <Waiting draft={draft} online={online} cancel={cancel} />;
    case 'held':
      return <Held draft={draft} cancel={cancel} releaseHeld={releaseHeld} />;
    case 'sending':
      return <Sending draft={draft} />;
    case 'sent':
      return <Sent draft={draft} sentNote={sentNote} />;
    case 'conflict':
      return <Conflict draft={draft} />;
    case 'rejected':
      return <Rejected draft={draft} />;
    case 'cancelled':
      return <p>It was withdrawn before it was sent. The draft can be edited and submitted again.</p>;
    default:
      return assertNever(phase, 'draft phase');
  }
}

export function SubmissionPanel({
  draft,
  online,
  sentNote,
}: {
  draft: DraftDetail;
  online: boolean | undefined;
  sentNote: SentNote;
}) {
  // Held here rather than in each state, so a failed cancel stays on screen when the state moves on.
  const cancel = useCancelSubmission(draft.id);
  const releaseHeld = useReleaseHeld(draft.id);
  const phase = draftPhase(draft);
  if (phase === 'editing') return null;
  const { tone, icon: Icon, heading } = BOX[phase];
  // One box for every state: the heading takes the focus after submitting, and keeps it as the
  // state moves on (waiting, sending, sent), since the same element stays on screen.
  return (
    <section className={`submission ${tone}`} aria-label="Submission">
      <Icon size={18} aria-hidden />
      <div>
        <h2>{heading}</h2>
        <SubmissionBody
          phase={phase}
          draft={draft}
          online={online}
          cancel={cancel}
          releaseHeld={releaseHeld}
          sentNote={sentNote}
        />
      </div>
    </section>
  );
}
