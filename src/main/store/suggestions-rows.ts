// Rows of the tracked-suggestion tables and how they become what the suggestions service shows. Stored JSON that
// no longer parses reads as empty rather than stopping the screen.
import type { ProposalStatus } from '../../shared/service';
import { PROPOSAL_STATUSES } from '../../shared/service';
import type { LiveCheck, TrackedBatch, TrackedProposal } from '../../shared/suggestions';
import { liveCheckSchema } from '../../shared/suggestions';
import { readStoredJson, readStoredObject } from './stored-json';

export interface BatchRow {
  batch_id: string;
  origin: 'app' | 'external';
  draft_id: string | null;
  label: string | null;
  message: string | null;
  review_url: string | null;
  submitted_at: string | null;
}

export interface ProposalRow {
  proposal_id: string;
  batch_id: string;
  operation: string;
  resource_type: string;
  resource_id: string | null;
  fields: string | null;
  summary: string;
  status: ProposalStatus;
  flags: string;
  expires_at: string;
  live: string | null;
  decided_by: string | null;
}

export interface EventRow {
  proposal_id: string;
  status: ProposalStatus;
  at: string;
}

export function parseFields(text: string | null): Record<string, unknown> | null {
  return readStoredObject(text) ?? null;
}

function parseLive(text: string | null): LiveCheck | null {
  const parsed = liveCheckSchema.safeParse(readStoredJson(text));
  return parsed.success ? parsed.data : null;
}

export function isStatus(value: string): value is ProposalStatus {
  return (PROPOSAL_STATUSES as readonly string[]).includes(value);
}

/** The columns toTrackedProposal reads. */
export const PROPOSAL_COLUMNS =
  'proposal_id, batch_id, operation, resource_type, resource_id, fields, summary, status, flags, expires_at, live, decided_by';

export function toTrackedProposal(r: ProposalRow, events: TrackedProposal['events']): TrackedProposal {
  const flags = readStoredJson(r.flags);
  return {
    id: r.proposal_id,
    batchId: r.batch_id,
    operation: r.operation,
    resourceType: r.resource_type,
    resourceId: r.resource_id,
    summary: r.summary,
    status: r.status,
    flags: Array.isArray(flags) ? flags : [],
    expiresAt: r.expires_at,
    fields: parseFields(r.fields),
    events,
    live: parseLive(r.live),
    ...(r.decided_by !== null ? { decidedBy: r.decided_by } : {}),
  };
}

/** Every batch with its proposals in batch order and their histories, newest batch first. */
export function toTrackedBatches(
  batches: readonly BatchRow[],
  proposals: readonly ProposalRow[],
  events: readonly EventRow[],
): TrackedBatch[] {
  const eventsOf = new Map<string, TrackedProposal['events']>();
  for (const e of events) {
    if (!isStatus(e.status)) continue;
    const list = eventsOf.get(e.proposal_id) ?? [];
    list.push({ status: e.status, at: e.at });
    eventsOf.set(e.proposal_id, list);
  }
  const proposalsOf = new Map<string, TrackedProposal[]>();
  for (const r of proposals) {
    const list = proposalsOf.get(r.batch_id) ?? [];
    list.push(toTrackedProposal(r, eventsOf.get(r.proposal_id) ?? []));
    proposalsOf.set(r.batch_id, list);
  }
  const firstSeen = (list: TrackedProposal[]) =>
    list.reduce<string>(
      (min, p) => (p.events[0] && (!min || p.events[0].at < min) ? p.events[0].at : min),
      '',
    );
  return batches
    .map((b) => {
      const list = proposalsOf.get(b.batch_id) ?? [];
      return {
        batch: {
          batchId: b.batch_id,
          origin: b.origin,
          label: b.label,
          submittedAt: b.submitted_at,
          draftId: b.draft_id,
          message: b.message,
          hasReviewLink: !!b.review_url,
          proposals: list,
        },
        sortKey: b.submitted_at ?? firstSeen(list),
      };
    })
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0))
    .map((x) => x.batch);
}
