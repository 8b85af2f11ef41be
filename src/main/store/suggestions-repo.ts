// Tracked suggestion batches in SQLite: what each poll observed, stored with its status history in one
// transaction, the suggestions' view of them, and the review-page origins a user confirmed. The outbox
// inserts the app's own batches on a 201; everything after that is written here.
import type { Database } from 'better-sqlite3';
import type { ProposalStatus } from '../../shared/service';
import { PROPOSAL_STATUSES } from '../../shared/service';
import type { LiveCheck, TrackedBatch, TrackedProposal } from '../../shared/suggestions';
import { PROPOSAL_COLUMNS, isStatus, parseFields, toTrackedProposal } from './suggestions-rows';
import type { BatchRow, EventRow, ProposalRow } from './suggestions-rows';
import type { BatchInfo, ObservedProposal, OpenProposal, RecordedChange } from './suggestions-records';

export class SuggestionsRepository {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Proposals stored as `proposed`: the only ones whose status can still change. */
  openProposals(connectionId: string): OpenProposal[] {
    const rows = this.db
      .prepare(
        `SELECT proposal_id, batch_id, resource_type, resource_id, fields FROM tracked_proposals
         WHERE connection_id = ? AND status = 'proposed'`,
      )
      .all(connectionId) as Array<
      Pick<ProposalRow, 'proposal_id' | 'batch_id' | 'resource_type' | 'resource_id' | 'fields'>
    >;
    return rows.map((r) => ({
      id: r.proposal_id,
      batchId: r.batch_id,
      resourceType: r.resource_type,
      resourceId: r.resource_id,
      fields: parseFields(r.fields),
    }));
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
    const findProposal = this.db.prepare(
      `SELECT p.status, p.batch_id, p.flags, p.expires_at, p.summary, b.origin, b.label
       FROM tracked_proposals p JOIN tracked_batches b
         ON b.connection_id = p.connection_id AND b.batch_id = p.batch_id
       WHERE p.connection_id = ? AND p.proposal_id = ?`,
    );
    const changeStatus = this.db.prepare(
      `UPDATE tracked_proposals SET status = ?, flags = ?, expires_at = ?, summary = ?,
         resource_id = COALESCE(resource_id, ?), live = COALESCE(?, live), updated_at = ?
       WHERE connection_id = ? AND proposal_id = ?`,
    );
    const refresh = this.db.prepare(
      `UPDATE tracked_proposals SET flags = ?, expires_at = ?, summary = ?, updated_at = ?
       WHERE connection_id = ? AND proposal_id = ?`,
    );
    const findBatch = this.db.prepare(
      'SELECT origin, label FROM tracked_batches WHERE connection_id = ? AND batch_id = ?',
    );
    const insertBatch = this.db.prepare(
      `INSERT INTO tracked_batches (connection_id, batch_id, origin, label, settled) VALUES (?, ?, 'external', ?, 0)`,
    );
    const insertProposal = this.db.prepare(
      `INSERT INTO tracked_proposals (connection_id, proposal_id, batch_id, position, operation, resource_type,
         resource_id, fields, summary, status, flags, expires_at, live, updated_at)
       VALUES (?, ?, ?, (SELECT coalesce(max(position), -1) + 1 FROM tracked_proposals WHERE connection_id = ? AND batch_id = ?),
         ?, ?, ?, NULL, ?, ?, ?, ?, NULL, ?)`,
    );
    const event = this.db.prepare(
      'INSERT INTO proposal_events (connection_id, proposal_id, status, at) VALUES (?, ?, ?, ?)',
    );
    const settle = this.db.prepare(
      `UPDATE tracked_batches SET settled = CASE WHEN EXISTS (
         SELECT 1 FROM tracked_proposals p WHERE p.connection_id = tracked_batches.connection_id
           AND p.batch_id = tracked_batches.batch_id AND p.status = 'proposed') THEN 0 ELSE 1 END
       WHERE connection_id = ? AND batch_id = ?`,
    );

    return this.db.transaction(() => {
      const changes: RecordedChange[] = [];
      const touched = new Set<string>();
      for (const p of observed) {
        const flags = JSON.stringify(p.flags);
        const existing = findProposal.get(connectionId, p.id) as
          | {
              status: ProposalStatus;
              batch_id: string;
              flags: string;
              expires_at: string;
              summary: string;
              origin: 'app' | 'external';
              label: string | null;
            }
          | undefined;
        if (existing) {
          if (existing.status !== p.status) {
            const check = live.get(p.id);
            changeStatus.run(
              p.status,
              flags,
              p.expiresAt,
              p.summary,
              p.resourceId,
              check ? JSON.stringify(check) : null,
              at,
              connectionId,
              p.id,
            );
            event.run(connectionId, p.id, p.status, eventTime(p, at));
            changes.push({
              batchId: existing.batch_id,
              proposalId: p.id,
              status: p.status,
              previous: existing.status,
              origin: existing.origin,
              label: existing.label,
            });
            touched.add(existing.batch_id);
          } else if (
            existing.flags !== flags ||
            existing.expires_at !== p.expiresAt ||
            existing.summary !== p.summary
          ) {
            refresh.run(flags, p.expiresAt, p.summary, at, connectionId, p.id);
          }
          continue;
        }
        let batch = findBatch.get(connectionId, p.batchId) as
          { origin: 'app' | 'external'; label: string | null } | undefined;
        if (!batch) {
          insertBatch.run(connectionId, p.batchId, p.batchLabel);
          batch = { origin: 'external', label: p.batchLabel };
        }
        insertProposal.run(
          connectionId,
          p.id,
          p.batchId,
          connectionId,
          p.batchId,
          p.operation,
          p.resourceType,
          p.resourceId,
          p.summary,
          p.status,
          flags,
          p.expiresAt,
          at,
        );
        event.run(connectionId, p.id, p.status, eventTime(p, at));
        changes.push({
          batchId: p.batchId,
          proposalId: p.id,
          status: p.status,
          previous: null,
          origin: batch.origin,
          label: batch.label,
        });
        touched.add(p.batchId);
      }
      for (const batchId of touched) settle.run(connectionId, batchId);
      return changes;
    })();
  }

  /** Every tracked batch of the connection, newest first, with proposals and their histories. */
  batches(connectionId: string): TrackedBatch[] {
    const batches = this.db
      .prepare(
        `SELECT batch_id, origin, draft_id, label, message, review_url, submitted_at FROM tracked_batches
         WHERE connection_id = ?`,
      )
      .all(connectionId) as BatchRow[];
    const proposals = this.db
      .prepare(
        `SELECT ${PROPOSAL_COLUMNS} FROM tracked_proposals WHERE connection_id = ?
         ORDER BY batch_id, position, proposal_id`,
      )
      .all(connectionId) as ProposalRow[];
    const events = this.db
      .prepare('SELECT proposal_id, status, at FROM proposal_events WHERE connection_id = ? ORDER BY seq')
      .all(connectionId) as EventRow[];

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

  counts(connectionId: string): Record<ProposalStatus, number> {
    const rows = this.db
      .prepare('SELECT status, count(*) AS n FROM tracked_proposals WHERE connection_id = ? GROUP BY status')
      .all(connectionId) as Array<{ status: string; n: number }>;
    const counts = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<ProposalStatus, number>;
    for (const r of rows) if (isStatus(r.status)) counts[r.status] = r.n;
    return counts;
  }

  pendingCount(connectionId: string): number {
    const row = this.db
      .prepare("SELECT count(*) AS n FROM tracked_proposals WHERE connection_id = ? AND status = 'proposed'")
      .get(connectionId) as { n: number };
    return row.n;
  }

  batch(connectionId: string, batchId: string): BatchInfo | undefined {
    const row = this.db
      .prepare(
        'SELECT batch_id, origin, label, review_url FROM tracked_batches WHERE connection_id = ? AND batch_id = ?',
      )
      .get(connectionId, batchId) as
      Pick<BatchRow, 'batch_id' | 'origin' | 'label' | 'review_url'> | undefined;
    return row
      ? { batchId: row.batch_id, origin: row.origin, label: row.label, reviewUrl: row.review_url }
      : undefined;
  }

  /** The batch's proposals in submission order (events and live checks left out). */
  proposalsOf(connectionId: string, batchId: string): TrackedProposal[] {
    const rows = this.db
      .prepare(
        `SELECT ${PROPOSAL_COLUMNS} FROM tracked_proposals WHERE connection_id = ? AND batch_id = ?
         ORDER BY position, proposal_id`,
      )
      .all(connectionId, batchId) as ProposalRow[];
    return rows.map((r) => toTrackedProposal(r, []));
  }

  confirmedOrigins(connectionId: string): string[] {
    return (
      this.db
        .prepare('SELECT origin FROM trusted_origins WHERE connection_id = ? ORDER BY origin')
        .all(connectionId) as Array<{ origin: string }>
    ).map((r) => r.origin);
  }

  trustOrigin(connectionId: string, origin: string): void {
    this.db
      .prepare(
        'INSERT INTO trusted_origins (connection_id, origin, trusted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .run(connectionId, origin, this.now().toISOString());
  }
}

/** An expiry happened when the proposal expired, not when a poll noticed it. */
function eventTime(p: ObservedProposal, at: string): string {
  if (p.status !== 'expired') return at;
  const expires = Date.parse(p.expiresAt);
  return Number.isFinite(expires) && expires < Date.parse(at) ? new Date(expires).toISOString() : at;
}
