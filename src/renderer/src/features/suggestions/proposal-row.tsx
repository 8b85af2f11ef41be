// One tracked suggestion: status in its fixed colour, summary, record, expiry or outcome, flags,
// the timeline of its status changes, what it asked for, and, once applied, whether it is live.
import { CheckCircle2, CircleAlert, CopyPlus } from 'lucide-react';
import type { TrackedProposal } from '../../../../shared/suggestions';
import { RESOURCE_COLLECTION, isResourceType } from '../../../../shared/service/collections';
import { fieldWords } from '../../../../shared/contract';
import { formatRoute } from '../../router/routes';
import { fieldRef } from '../../labels/record-refs';
import { RefName } from '../../labels/ref-name';
import { useLabels } from '../../labels/use-labels-api';
import { CreatedChoice } from './created-choice';
import { ProposalFlags } from './proposal-flags';
import { useFieldFormat } from './use-field-format';
import { exactTime, relativeTime } from '../../lib/time-words';
import { expiryCountdown } from './expiry-countdown';

export const STATUS_WORDS = {
  proposed: 'Proposed',
  applied: 'Applied',
  dismissed: 'Dismissed',
  expired: 'Expired',
} as const;

function typeWords(type: string): string {
  return fieldWords(type);
}

function Outcome({ proposal, now }: { proposal: TrackedProposal; now: number }) {
  if (proposal.status === 'proposed') {
    const expiry = expiryCountdown(proposal.expiresAt, now);
    return (
      <span className={expiry.soon ? 'expiry expiry-soon' : 'expiry'} title={exactTime(proposal.expiresAt)}>
        {expiry.text}
      </span>
    );
  }
  const last = [...proposal.events].reverse().find((e) => e.status === proposal.status);
  const at = last?.at ?? (proposal.status === 'expired' ? proposal.expiresAt : null);
  return (
    <span className="expiry" title={exactTime(at)}>
      {STATUS_WORDS[proposal.status]} {at ? relativeTime(at, now) : ''}
      {proposal.decidedBy ? ` · ${deciderWords(proposal.status, proposal.decidedBy)}` : ''}
    </span>
  );
}

/** Who decided, where the service says: "approved by …" or "dismissed by …". */
export function deciderWords(status: TrackedProposal['status'], name: string): string {
  return `${status === 'applied' ? 'approved' : status === 'dismissed' ? 'dismissed' : 'decided'} by ${name}`;
}

function Timeline({ proposal }: { proposal: TrackedProposal }) {
  if (proposal.events.length === 0) return null;
  return (
    <ol className="suggestions-timeline" aria-label="Status history">
      {proposal.events.map((e, i) => (
        <li key={i}>
          <span className={`timeline-dot dot-${e.status}`} aria-hidden />
          {STATUS_WORDS[e.status]} <time dateTime={e.at}>{exactTime(e.at)}</time>
        </li>
      ))}
    </ol>
  );
}

/** What the suggestion asked for; a reference by the label of the record it names. */
function Suggested({
  fields,
  resourceType,
}: {
  fields: Record<string, unknown> | null;
  resourceType: string;
}) {
  const formatValue = useFieldFormat(resourceType);
  const entries = Object.entries(fields ?? {});
  const refs = entries.map(([k]) => ({ k, ref: fieldRef({ id: '', ...fields }, k) }));
  const labels = useLabels(refs.flatMap(({ ref }) => (ref ? [ref] : [])));
  if (entries.length === 0) return null;
  return (
    <p className="suggestions-suggested">
      <span className="muted">Asked for: </span>
      {entries.map(([k, v], i) => {
        const ref = refs[i]!.ref;
        return (
          <span key={k}>
            {i > 0 ? ' · ' : ''}
            {fieldWords(k)} {ref ? <RefName view={labels(ref.collection, ref.id)} /> : formatValue(k, v)}
          </span>
        );
      })}
    </p>
  );
}

function Live({ proposal }: { proposal: TrackedProposal }) {
  const formatValue = useFieldFormat(proposal.resourceType);
  const live = proposal.live;
  if (proposal.status !== 'applied') return null;
  if (!live) {
    return proposal.fields ? null : (
      <p className="suggestions-live muted">
        Made outside PropDesk, so PropDesk cannot compare the record with it.
      </p>
    );
  }
  if (live.problem) {
    return (
      <p className="suggestions-live muted">
        <CircleAlert size={13} aria-hidden /> Couldn’t check the record: {live.problem}
      </p>
    );
  }
  const values = live.fields
    .map((f) => `${fieldWords(f.name)} is ${formatValue(f.name, f.current)}`)
    .join(', ');
  if (live.live) {
    return (
      <p className="suggestions-live live-yes">
        <CheckCircle2 size={13} aria-hidden /> Live at the service: {values}.{' '}
        <span className="muted">Checked {exactTime(live.checkedAt)}</span>
      </p>
    );
  }
  const differing = live.fields
    .map(
      (f) =>
        `${fieldWords(f.name)} is ${formatValue(f.name, f.current)} (the suggestion asked for ${formatValue(f.name, f.suggested)})`,
    )
    .join('; ');
  return (
    <p className="suggestions-live live-no">
      <CircleAlert size={13} aria-hidden /> Not what the service holds now: {differing}. It may have been
      changed again since. <span className="muted">Checked {exactTime(live.checkedAt)}</span>
    </p>
  );
}

/** The record a suggestion is for (or created), by its label where it has one. */
function RecordLink({ proposal, href }: { proposal: TrackedProposal; href: string }) {
  return (
    <a
      href={href}
      title={proposal.resourceId ?? undefined}
      className={proposal.resourceLabel ? undefined : 'mono'}
    >
      {proposal.resourceLabel ?? proposal.resourceId}
    </a>
  );
}

export function ProposalRow({
  proposal,
  now,
  canRedraft,
  onRedraft,
  redrafting,
  urgent = false,
}: {
  proposal: TrackedProposal;
  now: number;
  /** A repair whose priority means "now", waiting for a decision: marked and listed first. */
  urgent?: boolean;
  canRedraft: boolean;
  onRedraft: () => void;
  redrafting: boolean;
}) {
  const collection = isResourceType(proposal.resourceType)
    ? RESOURCE_COLLECTION[proposal.resourceType]
    : null;
  const record =
    collection && proposal.resourceId
      ? formatRoute({ view: 'collection', collection, recordId: proposal.resourceId, query: {} })
      : null;
  return (
    <li
      className={urgent ? 'suggestions-proposal is-urgent' : 'suggestions-proposal'}
      aria-label={proposal.summary}
    >
      <span className={`badge state-${proposal.status}`}>{STATUS_WORDS[proposal.status]}</span>
      <div className="suggestions-proposal-main">
        {urgent ? (
          <span className="badge urgent-badge">Urgent repair: listed first until decided</span>
        ) : null}
        {/* PropDesk's own words first, amounts in the one money format; the service's summary (its own
            number format) follows as its words. */}
        <Suggested fields={proposal.fields} resourceType={proposal.resourceType} />
        <div className={proposal.fields ? 'suggestions-summary muted' : 'suggestions-summary'}>
          {proposal.fields ? 'The service’s summary: ' : null}
          {proposal.summary}
        </div>
        <div className="suggestions-meta muted">
          <span>{typeWords(proposal.resourceType)}</span>
          {/* A create names its record once it exists: the service said which, or PropDesk found it. */}
          {record && proposal.operation === 'create' ? (
            <span>
              Created: <RecordLink proposal={proposal} href={record} />
            </span>
          ) : (
            <>
              <span>
                {proposal.operation === 'create'
                  ? 'New record'
                  : proposal.operation === 'update'
                    ? 'Update'
                    : fieldWords(proposal.operation)}
              </span>
              {record ? <RecordLink proposal={proposal} href={record} /> : null}
            </>
          )}
        </div>
        <Live proposal={proposal} />
        <CreatedChoice proposal={proposal} />
        <ProposalFlags flags={proposal.flags} resourceType={proposal.resourceType} />
        <Timeline proposal={proposal} />
      </div>
      <div className="suggestions-proposal-side">
        <Outcome proposal={proposal} now={now} />
        {canRedraft ? (
          <button
            type="button"
            className="btn"
            disabled={redrafting}
            title="Copies this suggestion into a new draft you can edit and submit again"
            aria-label={`Re-draft: ${proposal.summary}`}
            onClick={onRedraft}
          >
            <CopyPlus size={14} aria-hidden /> Re-draft
          </button>
        ) : null}
      </div>
    </li>
  );
}
