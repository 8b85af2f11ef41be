// The outbox: submissions with their Idempotency-Key and exact body. Each step of a submission's life
// is one transaction that also moves its draft, so a crash between any two steps leaves both
// consistent and the next start resumes with the same key and the same bytes.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { DraftProblem, Submission } from '../../shared/drafts';
import type { SuggestionResponse } from '../../shared/service';
import { serverOf } from '../connections/server-origin';
import { UserError } from '../user-error';
import { toPending, toSubmission } from './submission-rows';
import type {
  PendingSubmission,
  PendingSuggestion,
  SentChange,
  SubmissionRow as Row,
} from './submission-rows';

export type { PendingSubmission, PendingSuggestion, SentChange };

export class OutboxRepository {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** The draft's latest submission, if it ever had one. */
  latest(draftId: string): Submission | null {
    const row = this.db
      .prepare(
        `SELECT s.*, c.base_url AS current_address FROM submissions s JOIN connections c ON c.id = s.connection_id
         WHERE s.draft_id = ? ORDER BY s.created_at DESC, s.rowid DESC LIMIT 1`,
      )
      .get(draftId) as (Row & { current_address: string }) | undefined;
    return row ? toSubmission(row, row.current_address) : null;
  }

  /**
   * Freezes an editable draft at `revision` and queues it with a fresh key and the exact body, in one
   * transaction, before anything is sent.
   */
  enqueue(connectionId: string, draftId: string, revision: number, body: string): string {
    const id = randomUUID();
    const key = `propdesk-${randomUUID()}`;
    const at = this.now().toISOString();
    this.db.transaction(() => {
      const draft = this.db
        .prepare('SELECT state, revision FROM drafts WHERE id = ? AND connection_id = ?')
        .get(draftId, connectionId) as { state: string; revision: number } | undefined;
      if (!draft) throw new UserError('not_found', 'That draft no longer exists.');
      if (draft.state !== 'editing') {
        throw new UserError('draft_frozen', 'This draft is already being submitted or was submitted.');
      }
      if (draft.revision !== revision) {
        throw new UserError(
          'draft_changed',
          'This draft changed after you reviewed it. Look over the changes again, then submit.',
        );
      }
      // Made for the server the connection points at now, in the same transaction that freezes the draft.
      this.db
        .prepare(
          `INSERT INTO submissions (id, draft_id, connection_id, idempotency_key, body, state, attempts, made_for, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 'queued', 0, (SELECT base_url FROM connections WHERE id = ?), ?, ?)`,
        )
        .run(id, draftId, connectionId, key, body, connectionId, at, at);
      this.db
        .prepare("UPDATE drafts SET state = 'submitting', rejection = NULL, updated_at = ? WHERE id = ?")
        .run(at, draftId);
    })();
    return id;
  }

  /** Submissions whose outcome is open, oldest first. */
  pending(connectionId?: string): PendingSubmission[] {
    const rows = (
      connectionId
        ? this.db
            .prepare(
              "SELECT * FROM submissions WHERE state IN ('queued','sending') AND connection_id = ? ORDER BY created_at, rowid",
            )
            .all(connectionId)
        : this.db
            .prepare(
              "SELECT * FROM submissions WHERE state IN ('queued','sending') ORDER BY created_at, rowid",
            )
            .all()
    ) as Row[];
    return rows.map(toPending);
  }

  /**
   * The user agreed to send the connection's open submissions made for `fromServer` to the server at
   * `toAddress`: they are made for it from now on. Returns how many moved.
   */
  retarget(connectionId: string, fromServer: string, toAddress: string): number {
    const at = this.now().toISOString();
    return this.db.transaction(() => {
      const update = this.db.prepare('UPDATE submissions SET made_for = ?, updated_at = ? WHERE id = ?');
      const moving = this.pending(connectionId).filter((p) => serverOf(p.madeFor) === fromServer);
      for (const p of moving) update.run(toAddress, at, p.id);
      return moving.length;
    })();
  }

  /** Recorded before each send: from here on the outcome is unknown and the user can no longer cancel. */
  markAttempt(id: string): void {
    this.db
      .prepare(
        "UPDATE submissions SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE id = ? AND state IN ('queued','sending')",
      )
      .run(this.now().toISOString(), id);
  }

  /**
   * A send that may be retried (network, timeout, 408, 429, 5xx): keep key and body, try again later.
   * `neverSent` puts it back to queued (withdrawable) when no attempt so far can have reached the service.
   */
  deferRetry(id: string, error: string, nextAttemptAt: string | null, neverSent: boolean): void {
    this.db
      .prepare(
        `UPDATE submissions SET last_error = ?, next_attempt_at = ?, updated_at = ?,
           state = CASE WHEN ? = 1 THEN 'queued' ELSE state END
         WHERE id = ? AND state IN ('queued','sending')`,
      )
      .run(error, nextAttemptAt, this.now().toISOString(), neverSent ? 1 : 0, id);
  }

  /** Suggestions from PropDesk still waiting for review, with what they suggest (for duplicate checks). */
  pendingSuggestions(connectionId: string): PendingSuggestion[] {
    const rows = this.db
      .prepare(
        `SELECT p.batch_id, b.label, p.resource_type, p.resource_id, p.operation, p.fields
         FROM tracked_proposals p JOIN tracked_batches b ON b.connection_id = p.connection_id AND b.batch_id = p.batch_id
         WHERE p.connection_id = ? AND p.status = 'proposed' AND p.fields IS NOT NULL`,
      )
      .all(connectionId) as Array<{
      batch_id: string;
      label: string | null;
      resource_type: string;
      resource_id: string | null;
      operation: string;
      fields: string;
    }>;
    return rows.flatMap((r) => {
      try {
        return [
          {
            batchId: r.batch_id,
            label: r.label,
            resourceType: r.resource_type,
            resourceId: r.resource_id,
            operation: r.operation,
            fields: JSON.parse(r.fields) as Record<string, unknown>,
          },
        ];
      } catch {
        return [];
      }
    });
  }

  /** The draft's change ids in batch order, to map the service's "changes.3" onto a change. */
  changeIdsOf(draftId: string): string[] {
    return (
      this.db
        .prepare('SELECT id FROM draft_changes WHERE draft_id = ? ORDER BY position, id')
        .all(draftId) as Array<{
        id: string;
      }>
    ).map((r) => r.id);
  }

  /** 201: the batch is recorded by the service; the draft is settled and the batch tracked. */
  recordSent(
    id: string,
    response: SuggestionResponse,
    label: string | null,
    sent: readonly SentChange[],
  ): void {
    const at = this.now().toISOString();
    this.db.transaction(() => {
      const row = this.unsettled(id);
      if (!row) return;
      this.db
        .prepare(
          "UPDATE submissions SET state = 'sent', batch_id = ?, message = ?, last_error = NULL, next_attempt_at = NULL, updated_at = ? WHERE id = ?",
        )
        .run(response.batchId, response.message, at, id);
      this.db
        .prepare("UPDATE drafts SET state = 'submitted', updated_at = ? WHERE id = ?")
        .run(at, row.draft_id);
      this.db
        .prepare(
          `INSERT INTO tracked_batches (connection_id, batch_id, origin, draft_id, label, message, review_url, submitted_at)
           VALUES (?, ?, 'app', ?, ?, ?, ?, ?)
           ON CONFLICT(connection_id, batch_id) DO UPDATE SET origin = 'app', draft_id = excluded.draft_id,
             label = excluded.label, message = excluded.message, review_url = excluded.review_url,
             submitted_at = excluded.submitted_at`,
        )
        .run(
          row.connection_id,
          response.batchId,
          row.draft_id,
          label,
          response.message,
          response.reviewUrl,
          at,
        );
      const upsert = this.db.prepare(
        `INSERT INTO tracked_proposals (connection_id, proposal_id, batch_id, position, operation, resource_type,
           resource_id, fields, summary, status, flags, expires_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(connection_id, proposal_id) DO UPDATE SET resource_id = excluded.resource_id,
           fields = excluded.fields, position = excluded.position`,
      );
      const event = this.db.prepare(
        'INSERT INTO proposal_events (connection_id, proposal_id, status, at) VALUES (?, ?, ?, ?)',
      );
      response.proposals.forEach((p, i) => {
        const change = sent[i];
        upsert.run(
          row.connection_id,
          p.id,
          response.batchId,
          i,
          p.operation,
          p.resourceType,
          change?.resourceId ?? null,
          change ? JSON.stringify(change.fields) : null,
          p.summary,
          p.status,
          JSON.stringify(p.flags),
          p.expiresAt,
          at,
        );
        event.run(row.connection_id, p.id, p.status, at);
      });
    })();
  }

  /**
   * A final refusal (409 or another 4xx): never re-sent; the draft is editable again, with the
   * service's reasons kept beside it.
   */
  recordRefusal(
    id: string,
    state: 'conflict' | 'rejected',
    message: string,
    problems: readonly DraftProblem[],
  ): void {
    const at = this.now().toISOString();
    this.db.transaction(() => {
      const row = this.unsettled(id);
      if (!row) return;
      this.db
        .prepare(
          'UPDATE submissions SET state = ?, last_error = ?, next_attempt_at = NULL, updated_at = ? WHERE id = ?',
        )
        .run(state, message, at, id);
      this.db
        .prepare(
          "UPDATE drafts SET state = 'editing', rejection = ?, revision = revision + 1, updated_at = ? WHERE id = ?",
        )
        .run(JSON.stringify({ message, problems }), at, row.draft_id);
    })();
  }

  /** The submission when its outcome is still open (queued or sending); a settled one is left alone. */
  private unsettled(id: string): Row | undefined {
    const row = this.db.prepare('SELECT * FROM submissions WHERE id = ?').get(id) as Row | undefined;
    return row && (row.state === 'queued' || row.state === 'sending') ? row : undefined;
  }

  /** Withdraws a submission that was never sent; refused once a send may have happened. */
  cancel(connectionId: string, draftId: string): void {
    const at = this.now().toISOString();
    this.db.transaction(() => {
      const row = this.db
        .prepare(
          "SELECT * FROM submissions WHERE draft_id = ? AND connection_id = ? AND state IN ('queued','sending')",
        )
        .get(draftId, connectionId) as Row | undefined;
      if (!row) throw new UserError('not_found', 'This draft has no submission waiting to be sent.');
      if (row.state !== 'queued') {
        throw new UserError(
          'already_sent',
          'This submission has already been sent, so it can no longer be withdrawn here. Once the service answers it appears under Suggestions, where a reviewer can dismiss it.',
        );
      }
      this.db
        .prepare("UPDATE submissions SET state = 'cancelled', updated_at = ? WHERE id = ?")
        .run(at, row.id);
      this.db
        .prepare("UPDATE drafts SET state = 'editing', revision = revision + 1, updated_at = ? WHERE id = ?")
        .run(at, draftId);
    })();
  }
}
