// Tracked suggestion batches in SQLite, and the one writer of their tables: the app's own batches as
// the service answered their submission (the outbox asks for that inside its own transaction), what
// each poll observed, stored with its status history in one transaction, the suggestions' view of
// them, and the review-page origins a user confirmed.
import type { Database } from 'better-sqlite3';
import type { ProposalStatus, SuggestionResponse } from '../../shared/service';
import { PROPOSAL_STATUSES } from '../../shared/service';
import type { LiveCheck, TrackedBatch, TrackedProposal } from '../../shared/suggestions';
import {
  PROPOSAL_COLUMNS,
  isStatus,
  parseFields,
  toTrackedBatches,
  toTrackedProposal,
} from './suggestions-rows';
import type { BatchRow, EventRow, ProposalRow } from './suggestions-rows';
import type {
  BatchInfo,
  ObservedProposal,
  OpenProposal,
  PendingSuggestion,
  RecordedChange,
  SentChange,
} from './suggestions-records';

interface Of {
  connectionId: string;
}

/** A stored proposal with its batch, as a poll compares it with what it saw. */
interface KnownProposal {
  status: ProposalStatus;
  batchId: string;
  flags: string;
  expiresAt: string;
  summary: string;
  origin: 'app' | 'external';
  label: string | null;
}

interface NewProposal {
  connectionId: string;
  proposalId: string;
  batchId: string;
  /** Its place in the batch; null: after the batch's last known one. */
  position: number | null;
  operation: string;
  resourceType: string;
  resourceId: string | null;
  fields: string | null;
  summary: string;
  status: ProposalStatus;
  flags: string;
  expiresAt: string;
  decidedBy: string | null;
  at: string;
}

interface BatchUpsert {
  connectionId: string;
  batchId: string;
  origin: 'app' | 'external';
  draftId: string | null;
  label: string | null;
  message: string | null;
  reviewUrl: string | null;
  submittedAt: string | null;
}

/** What the repository reads: open and pending proposals, batches, their events, counts and trusted origins. */
function readStatements(db: Database) {
  return {
    openProposals: db.prepare<Of, OpenProposalRow>(
      `SELECT proposal_id AS id, batch_id AS batchId, resource_type AS resourceType,
         resource_id AS resourceId, fields
       FROM tracked_proposals WHERE connection_id = @connectionId AND status = 'proposed'`,
    ),
    pendingOfApp: db.prepare<Of, Omit<PendingSuggestion, 'fields'> & { fields: string }>(
      `SELECT p.batch_id AS batchId, b.label, p.resource_type AS resourceType, p.resource_id AS resourceId,
         p.operation, p.fields
       FROM tracked_proposals p JOIN tracked_batches b ON b.connection_id = p.connection_id AND b.batch_id = p.batch_id
       WHERE p.connection_id = @connectionId AND p.status = 'proposed' AND p.fields IS NOT NULL`,
    ),
    findProposal: db.prepare<Of & { proposalId: string }, KnownProposal>(
      `SELECT p.status, p.batch_id AS batchId, p.flags, p.expires_at AS expiresAt, p.summary, b.origin, b.label
       FROM tracked_proposals p JOIN tracked_batches b
         ON b.connection_id = p.connection_id AND b.batch_id = p.batch_id
       WHERE p.connection_id = @connectionId AND p.proposal_id = @proposalId`,
    ),
    findBatch: db.prepare<Of & { batchId: string }, Pick<BatchInfo, 'origin' | 'label'>>(
      'SELECT origin, label FROM tracked_batches WHERE connection_id = @connectionId AND batch_id = @batchId',
    ),
    batches: db.prepare<Of, BatchRow>(
      `SELECT batch_id, origin, draft_id, label, message, review_url, submitted_at FROM tracked_batches
       WHERE connection_id = @connectionId`,
    ),
    proposals: db.prepare<Of, ProposalRow>(
      `SELECT ${PROPOSAL_COLUMNS} FROM tracked_proposals WHERE connection_id = @connectionId
       ORDER BY batch_id, position, proposal_id`,
    ),
    events: db.prepare<Of, EventRow>(
      'SELECT proposal_id, status, at FROM proposal_events WHERE connection_id = @connectionId ORDER BY seq',
    ),
    counts: db.prepare<Of, { status: string; n: number }>(
      'SELECT status, count(*) AS n FROM tracked_proposals WHERE connection_id = @connectionId GROUP BY status',
    ),
    pendingCount: db
      .prepare<Of, number>(
        "SELECT count(*) FROM tracked_proposals WHERE connection_id = @connectionId AND status = 'proposed'",
      )
      .pluck(),
    ownWaiting: db
      .prepare<Of, number>(
        `SELECT EXISTS (SELECT 1 FROM tracked_proposals p JOIN tracked_batches b
           ON b.connection_id = p.connection_id AND b.batch_id = p.batch_id
         WHERE p.connection_id = @connectionId AND p.status = 'proposed' AND b.origin = 'app')`,
      )
      .pluck(),
    batch: db.prepare<Of & { batchId: string }, BatchInfo>(
      `SELECT batch_id AS batchId, origin, label, review_url AS reviewUrl FROM tracked_batches
       WHERE connection_id = @connectionId AND batch_id = @batchId`,
    ),
    proposalsOf: db.prepare<Of & { batchId: string }, ProposalRow>(
      `SELECT ${PROPOSAL_COLUMNS} FROM tracked_proposals WHERE connection_id = @connectionId AND batch_id = @batchId
       ORDER BY position, proposal_id`,
    ),
    confirmedOrigins: db
      .prepare<Of, string>(
        'SELECT origin FROM trusted_origins WHERE connection_id = @connectionId ORDER BY origin',
      )
      .pluck(),
  };
}

/** What it writes, each a step of a transaction: batches and proposals stored, statuses moved, events kept. */
function writeStatements(db: Database) {
  return {
    changeStatus: db.prepare<
      Of &
        Pick<
          NewProposal,
          'proposalId' | 'status' | 'flags' | 'expiresAt' | 'summary' | 'resourceId' | 'decidedBy' | 'at'
        > & {
          live: string | null;
        }
    >(
      `UPDATE tracked_proposals SET status = @status, flags = @flags, expires_at = @expiresAt, summary = @summary,
         resource_id = COALESCE(resource_id, @resourceId), live = COALESCE(@live, live),
         decided_by = @decidedBy, updated_at = @at
       WHERE connection_id = @connectionId AND proposal_id = @proposalId`,
    ),
    redescribe: db.prepare<Of & Pick<NewProposal, 'proposalId' | 'flags' | 'expiresAt' | 'summary' | 'at'>>(
      `UPDATE tracked_proposals SET flags = @flags, expires_at = @expiresAt, summary = @summary, updated_at = @at
       WHERE connection_id = @connectionId AND proposal_id = @proposalId`,
    ),
    // The app's own batch replaces what a poll may have stored of it first (as made elsewhere).
    upsertBatch: db.prepare<BatchUpsert>(
      `INSERT INTO tracked_batches (connection_id, batch_id, origin, draft_id, label, message, review_url, submitted_at)
       VALUES (@connectionId, @batchId, @origin, @draftId, @label, @message, @reviewUrl, @submittedAt)
       ON CONFLICT(connection_id, batch_id) DO UPDATE SET origin = excluded.origin, draft_id = excluded.draft_id,
         label = excluded.label, message = excluded.message, review_url = excluded.review_url,
         submitted_at = excluded.submitted_at`,
    ),
    // What PropDesk sent replaces what a poll may have stored of a proposal first.
    upsertProposal: db.prepare<NewProposal>(
      `INSERT INTO tracked_proposals (connection_id, proposal_id, batch_id, position, operation, resource_type,
         resource_id, fields, summary, status, flags, expires_at, decided_by, updated_at)
       VALUES (@connectionId, @proposalId, @batchId, coalesce(@position, (SELECT coalesce(max(position), -1) + 1
           FROM tracked_proposals WHERE connection_id = @connectionId AND batch_id = @batchId)),
         @operation, @resourceType, @resourceId, @fields, @summary, @status, @flags, @expiresAt, @decidedBy, @at)
       ON CONFLICT(connection_id, proposal_id) DO UPDATE SET resource_id = excluded.resource_id,
         fields = excluded.fields, position = excluded.position`,
    ),
    event: db.prepare<Of & { proposalId: string; status: ProposalStatus; at: string }>(
      `INSERT INTO proposal_events (connection_id, proposal_id, status, at)
       VALUES (@connectionId, @proposalId, @status, @at)`,
    ),
    settle: db.prepare<Of & { batchId: string }>(
      `UPDATE tracked_batches SET settled = CASE WHEN EXISTS (
         SELECT 1 FROM tracked_proposals p WHERE p.connection_id = tracked_batches.connection_id
           AND p.batch_id = tracked_batches.batch_id AND p.status = 'proposed') THEN 0 ELSE 1 END
       WHERE connection_id = @connectionId AND batch_id = @batchId`,
    ),
    // A create the service did not name the record of: PropDesk's finding (or why it has none yet).
    createdFound: db.prepare<Of & { proposalId: string; recordId: string | null; live: string; at: string }>(
      `UPDATE tracked_proposals SET resource_id = coalesce(@recordId, resource_id), live = @live, updated_at = @at
       WHERE connection_id = @connectionId AND proposal_id = @proposalId AND operation = 'create'
         AND resource_id IS NULL`,
    ),
    trustOrigin: db.prepare<Of & { origin: string; at: string }>(
      `INSERT INTO trusted_origins (connection_id, origin, trusted_at) VALUES (@connectionId, @origin, @at)
       ON CONFLICT DO NOTHING`,
    ),
  };
}

function prepareStatements(db: Database) {
  return { ...readStatements(db), ...writeStatements(db) };
}

type OpenProposalRow = Omit<OpenProposal, 'fields'> & { fields: string | null };

export class SuggestionsRepository {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {
    this.sql = prepareStatements(db);
  }

  /** Proposals stored as `proposed`: the only ones whose status can still change. */
  openProposals(connectionId: string): OpenProposal[] {
    return this.sql.openProposals.all({ connectionId }).map((r) => ({ ...r, fields: parseFields(r.fields) }));
  }

  /** Suggestions from PropDesk still waiting for review, with what they suggest (for duplicate checks). */
  pendingSuggestions(connectionId: string): PendingSuggestion[] {
    return this.sql.pendingOfApp.all({ connectionId }).flatMap((r) => {
      const fields = parseFields(r.fields);
      return fields ? [{ ...r, fields }] : [];
    });
  }

  /**
   * The app's own batch as the service answered its submission, tracked from now on with what PropDesk
   * sent for each proposal. Runs inside the outbox's transaction that settles the submission.
   */
  recordSubmitted(
    connectionId: string,
    draftId: string,
    label: string | null,
    response: SuggestionResponse,
    sent: readonly SentChange[],
    at: string,
  ): void {
    this.db.transaction(() => {
      const { batchId, message, reviewUrl } = response;
      this.sql.upsertBatch.run({
        connectionId,
        batchId,
        origin: 'app',
        draftId,
        label,
        message,
        reviewUrl,
        submittedAt: at,
      });
      response.proposals.forEach((p, position) => {
        const change = sent[position];
        this.sql.upsertProposal.run({
          connectionId,
          proposalId: p.id,
          batchId,
          position,
          operation: p.operation,
          resourceType: p.resourceType,
          resourceId: change?.resourceId ?? null,
          fields: change ? JSON.stringify(change.fields) : null,
          summary: p.summary,
          status: p.status,
          flags: JSON.stringify(p.flags),
          expiresAt: p.expiresAt,
          decidedBy: null,
          at,
        });
        this.sql.event.run({ connectionId, proposalId: p.id, status: p.status, at });
      });
    })();
  }

  /**
   * Stores what one poll observed, in one transaction: status changes with an event each, proposals
   * seen for the first time (batches made elsewhere become 'external' batches), live checks of
   * applied ones, and which batches are settled. Returns only real changes.
   */
  record(
    connectionId: string,
    observed: readonly ObservedProposal[],
    live: ReadonlyMap<string, LiveCheck> = new Map(),
  ): RecordedChange[] {
    const at = this.now().toISOString();
    return this.db.transaction(() => {
      const changes: RecordedChange[] = [];
      for (const seen of observed) {
        const known = this.sql.findProposal.get({ connectionId, proposalId: seen.id });
        const change = known
          ? this.compare(connectionId, known, seen, live.get(seen.id), at)
          : this.firstSighting(connectionId, seen, at);
        if (change) changes.push(change);
      }
      for (const batchId of new Set(changes.map((c) => c.batchId)))
        this.sql.settle.run({ connectionId, batchId });
      return changes;
    })();
  }

  /** A proposal seen before: a new status (with its event), or only a new description, or nothing. */
  private compare(
    connectionId: string,
    known: KnownProposal,
    seen: ObservedProposal,
    check: LiveCheck | undefined,
    at: string,
  ): RecordedChange | undefined {
    const flags = JSON.stringify(seen.flags);
    const proposal = {
      connectionId,
      proposalId: seen.id,
      flags,
      expiresAt: seen.expiresAt,
      summary: seen.summary,
    };
    if (known.status === seen.status) {
      if (known.flags !== flags || known.expiresAt !== seen.expiresAt || known.summary !== seen.summary)
        this.sql.redescribe.run({ ...proposal, at });
      return undefined;
    }
    this.sql.changeStatus.run({
      ...proposal,
      status: seen.status,
      resourceId: seen.resourceId,
      decidedBy: seen.decidedBy,
      live: check ? JSON.stringify(check) : null,
      at,
    });
    this.sql.event.run({ connectionId, proposalId: seen.id, status: seen.status, at: eventTime(seen, at) });
    const { batchId, origin, label } = known;
    return {
      batchId,
      proposalId: seen.id,
      status: seen.status,
      previous: known.status,
      origin,
      label,
      decidedBy: seen.decidedBy,
    };
  }

  /** A proposal seen for the first time, in a batch of PropDesk's or one made elsewhere. */
  private firstSighting(connectionId: string, seen: ObservedProposal, at: string): RecordedChange {
    const { batchId } = seen;
    let batch = this.sql.findBatch.get({ connectionId, batchId });
    if (!batch) {
      batch = { origin: 'external', label: seen.batchLabel };
      this.sql.upsertBatch.run({
        connectionId,
        batchId,
        ...batch,
        draftId: null,
        message: null,
        reviewUrl: null,
        submittedAt: null,
      });
    }
    this.sql.upsertProposal.run({
      connectionId,
      proposalId: seen.id,
      batchId,
      position: null,
      operation: seen.operation,
      resourceType: seen.resourceType,
      resourceId: seen.resourceId,
      fields: null,
      summary: seen.summary,
      status: seen.status,
      flags: JSON.stringify(seen.flags),
      expiresAt: seen.expiresAt,
      decidedBy: seen.decidedBy,
      at,
    });
    this.sql.event.run({ connectionId, proposalId: seen.id, status: seen.status, at: eventTime(seen, at) });
    return {
      batchId,
      proposalId: seen.id,
      status: seen.status,
      previous: null,
      ...batch,
      decidedBy: seen.decidedBy,
    };
  }

  /**
   * What PropDesk found of the record an applied create made, when the service did not name it: the
   * record (null: not yet found) and its live check. A record the service named is never replaced.
   * Returns whether anything changed.
   */
  createdFound(connectionId: string, proposalId: string, recordId: string | null, live: LiveCheck): boolean {
    const at = this.now().toISOString();
    const run = this.sql.createdFound.run({
      connectionId,
      proposalId,
      recordId,
      live: JSON.stringify(live),
      at,
    });
    return run.changes > 0;
  }

  /** Every tracked batch of the connection, newest first, with proposals and their histories. */
  batches(connectionId: string): TrackedBatch[] {
    return toTrackedBatches(
      this.sql.batches.all({ connectionId }),
      this.sql.proposals.all({ connectionId }),
      this.sql.events.all({ connectionId }),
    );
  }

  counts(connectionId: string): Record<ProposalStatus, number> {
    const counts = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<ProposalStatus, number>;
    for (const r of this.sql.counts.all({ connectionId })) if (isStatus(r.status)) counts[r.status] = r.n;
    return counts;
  }

  pendingCount(connectionId: string): number {
    return this.sql.pendingCount.get({ connectionId }) ?? 0;
  }

  /** Whether suggestions the user sent from PropDesk still wait for a person's decision. */
  ownWaiting(connectionId: string): boolean {
    return this.sql.ownWaiting.get({ connectionId }) === 1;
  }

  batch(connectionId: string, batchId: string): BatchInfo | undefined {
    return this.sql.batch.get({ connectionId, batchId });
  }

  /** The batch's proposals in submission order (events and live checks left out). */
  proposalsOf(connectionId: string, batchId: string): TrackedProposal[] {
    return this.sql.proposalsOf.all({ connectionId, batchId }).map((r) => toTrackedProposal(r, []));
  }

  confirmedOrigins(connectionId: string): string[] {
    return this.sql.confirmedOrigins.all({ connectionId });
  }

  trustOrigin(connectionId: string, origin: string): void {
    this.sql.trustOrigin.run({ connectionId, origin, at: this.now().toISOString() });
  }
}

/** An expiry happened when the proposal expired, not when a poll noticed it. */
function eventTime(p: ObservedProposal, at: string): string {
  if (p.status !== 'expired') return at;
  const expires = Date.parse(p.expiresAt);
  return Number.isFinite(expires) && expires < Date.parse(at) ? new Date(expires).toISOString() : at;
}
