// The outbox: submissions with their Idempotency-Key and exact body, and the one writer of their
// table. Each step of a submission's life is one transaction that also moves its draft (asked of the
// drafts' repository) and, once the service has answered, tracks the batch (asked of the
// suggestions' repository), so a crash between any two steps leaves all three consistent and the next
// start resumes with the same key and the same bytes.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { DraftProblem, Submission } from '../../shared/drafts';
import type { SuggestionResponse } from '../../shared/service';
import { serverOf } from '../../shared/server-origin';
import { UserError } from '../base/user-error';
import type { PermissionRefusal } from '../../shared/permissions';
import type { DraftRepository } from './draft-repo';
import type { CreatedRecordInput, PartsRepository } from './parts-repo';
import type { PermissionRefusalsRepository } from './permission-refusals-repo';
import { storedPlan, toPending, toSubmission } from './submission-rows';
import type { PendingSubmission, SubmissionPlan, SubmissionRow as Row } from './submission-rows';
import type { SentChange } from './suggestions-records';
import type { SuggestionsRepository } from './suggestions-repo';

export type { PendingSubmission, SubmissionPlan };

const OPEN = "state IN ('queued', 'sending')";

function prepareStatements(db: Database) {
  return {
    latest: db.prepare<{ draftId: string }, Row & { current_address: string }>(
      `SELECT s.*, c.base_url AS current_address FROM submissions s JOIN connections c ON c.id = s.connection_id
       WHERE s.draft_id = @draftId ORDER BY s.created_at DESC, s.rowid DESC LIMIT 1`,
    ),
    // Made for the server the connection points at now, in the same transaction that freezes the draft.
    insert: db.prepare<{
      id: string;
      draftId: string;
      connectionId: string;
      key: string;
      body: string;
      plan: string | null;
      at: string;
    }>(
      `INSERT INTO submissions (id, draft_id, connection_id, idempotency_key, body, state, attempts, made_for,
         plan, created_at, updated_at)
       VALUES (@id, @draftId, @connectionId, @key, @body, 'queued', 0,
         (SELECT base_url FROM connections WHERE id = @connectionId), @plan, @at, @at)`,
    ),
    pending: db.prepare<[], Row>(`SELECT * FROM submissions WHERE ${OPEN} ORDER BY created_at, rowid`),
    pendingOf: db.prepare<{ connectionId: string }, Row>(
      `SELECT * FROM submissions WHERE ${OPEN} AND connection_id = @connectionId ORDER BY created_at, rowid`,
    ),
    byId: db.prepare<{ id: string }, Row>('SELECT * FROM submissions WHERE id = @id'),
    openOfDraft: db.prepare<{ draftId: string; connectionId: string }, Row>(
      `SELECT * FROM submissions WHERE draft_id = @draftId AND connection_id = @connectionId AND ${OPEN}`,
    ),
    retarget: db.prepare<{ id: string; madeFor: string; at: string }>(
      'UPDATE submissions SET made_for = @madeFor, updated_at = @at WHERE id = @id',
    ),
    attempt: db.prepare<{ id: string; at: string }>(
      `UPDATE submissions SET state = 'sending', attempts = attempts + 1, updated_at = @at
       WHERE id = @id AND ${OPEN}`,
    ),
    deferRetry: db.prepare<{
      id: string;
      error: string;
      nextAttemptAt: string | null;
      neverSent: number;
      at: string;
    }>(
      `UPDATE submissions SET last_error = @error, next_attempt_at = @nextAttemptAt, updated_at = @at,
         state = CASE WHEN @neverSent = 1 THEN 'queued' ELSE state END
       WHERE id = @id AND ${OPEN}`,
    ),
    sent: db.prepare<{ id: string; batchId: string; message: string; at: string }>(
      `UPDATE submissions SET state = 'sent', batch_id = @batchId, message = @message, last_error = NULL,
         next_attempt_at = NULL, updated_at = @at
       WHERE id = @id`,
    ),
    refused: db.prepare<{ id: string; state: 'conflict' | 'rejected'; message: string; at: string }>(
      `UPDATE submissions SET state = @state, last_error = @message, next_attempt_at = NULL, updated_at = @at
       WHERE id = @id`,
    ),
    cancelled: db.prepare<{ id: string; at: string }>(
      "UPDATE submissions SET state = 'cancelled', updated_at = @at WHERE id = @id",
    ),
  };
}

export class OutboxRepository {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly drafts: DraftRepository,
    private readonly suggestions: SuggestionsRepository,
    private readonly parts: PartsRepository,
    private readonly permissions: PermissionRefusalsRepository,
  ) {
    this.sql = prepareStatements(db);
  }

  /** The draft's latest submission, if it ever had one. */
  latest(draftId: string): Submission | null {
    const row = this.sql.latest.get({ draftId });
    return row ? toSubmission(row, row.current_address) : null;
  }

  /**
   * Freezes an editable draft at `revision` and queues it with a fresh key and the exact body, in one
   * transaction, before anything is sent, with the records its creates will make; a part of a draft
   * sent in parts also notes its plan.
   */
  enqueue(
    connectionId: string,
    draftId: string,
    revision: number,
    body: string,
    part: { plan: SubmissionPlan | null; created: readonly CreatedRecordInput[] } | null = null,
  ): string {
    const id = randomUUID();
    const key = `propdesk-${randomUUID()}`;
    const at = this.stamp();
    this.db.transaction(() => {
      this.drafts.freezeForSubmission(connectionId, draftId, revision, at);
      const plan = part?.plan ? storedPlan(part.plan) : null;
      this.sql.insert.run({ id, draftId, connectionId, key, body, plan, at });
      if (part) this.parts.expectCreated(connectionId, draftId, part.created);
    })();
    return id;
  }

  /** Submissions whose outcome is open, oldest first. */
  pending(connectionId?: string): PendingSubmission[] {
    const rows = connectionId ? this.sql.pendingOf.all({ connectionId }) : this.sql.pending.all();
    return rows.map(toPending);
  }

  /**
   * The user agreed to send the connection's open submissions made for `fromServer` to the server at
   * `toAddress`: they are made for it from now on. Returns how many moved.
   */
  retarget(connectionId: string, fromServer: string, toAddress: string): number {
    const at = this.stamp();
    return this.db.transaction(() => {
      const moving = this.pending(connectionId).filter((p) => serverOf(p.madeFor) === fromServer);
      for (const p of moving) this.sql.retarget.run({ id: p.id, madeFor: toAddress, at });
      return moving.length;
    })();
  }

  /** Recorded before each send: from here on the outcome is unknown and the user can no longer cancel. */
  markAttempt(id: string): void {
    this.sql.attempt.run({ id, at: this.stamp() });
  }

  /**
   * A send that may be retried (network, timeout, 408, 429, 5xx): keep key and body, try again later.
   * `neverSent` puts it back to queued (withdrawable) when no attempt so far can have reached the service.
   */
  deferRetry(id: string, error: string, nextAttemptAt: string | null, neverSent: boolean): void {
    this.sql.deferRetry.run({ id, error, nextAttemptAt, neverSent: neverSent ? 1 : 0, at: this.stamp() });
  }

  /** The draft's change ids in batch order, to map the service's "changes.3" onto a change. */
  changeIdsOf(draftId: string): string[] {
    return this.drafts.changeIds(draftId);
  }

  /**
   * 201: the batch is recorded by the service; the draft is settled and the batch tracked. A part of a
   * draft sent in parts keeps what was sent, its later changes go on as the next part's draft, and the
   * records they wait for get their proposals. Returns that draft's ID, if one was made.
   */
  recordSent(
    id: string,
    response: SuggestionResponse,
    label: string | null,
    sent: readonly SentChange[],
  ): string | null {
    let nextPart: string | null = null;
    this.settle(id, (row, at) => {
      this.sql.sent.run({ id, batchId: response.batchId, message: response.message, at });
      this.drafts.markSubmitted(row.draft_id, at);
      this.suggestions.recordSubmitted(row.connection_id, row.draft_id, label, response, sent, at);
      this.permissions.accepted(
        row.connection_id,
        response.proposals.map((p) => p.resourceType),
      );
      const plan = toPending(row).plan;
      if (plan)
        nextPart = this.parts.partRecorded(
          row.connection_id,
          row.draft_id,
          plan,
          response.proposals.map((p) => p.id),
          at,
        );
      else
        this.parts.createsRecorded(
          row.draft_id,
          this.drafts.changeIds(row.draft_id),
          response.proposals.map((p) => p.id),
          at,
        );
    });
    return nextPart;
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
    refusals: readonly PermissionRefusal[] = [],
  ): void {
    this.settle(id, (row, at) => {
      this.sql.refused.run({ id, state, message, at });
      this.drafts.reopen(row.draft_id, { message, problems: [...problems] }, at);
      this.parts.dropQueued(row.draft_id);
      this.permissions.refused(refusals);
    });
  }

  /** Withdraws a submission that was never sent; refused once a send may have happened. */
  cancel(connectionId: string, draftId: string): void {
    const at = this.stamp();
    this.db.transaction(() => {
      const row = this.sql.openOfDraft.get({ draftId, connectionId });
      if (!row) throw new UserError('not_found', 'This draft has no submission waiting to be sent.');
      if (row.state !== 'queued') {
        throw new UserError(
          'already_sent',
          'This submission has already been sent, so it can no longer be withdrawn here. Once the service answers it appears under Suggestions, where a reviewer can dismiss it.',
        );
      }
      this.sql.cancelled.run({ id: row.id, at });
      this.drafts.reopen(draftId, null, at);
      this.parts.dropQueued(draftId);
    })();
  }

  /**
   * Settles a submission whose outcome is still open (queued or sending), in one transaction with
   * what follows from it; a submission already settled is left alone.
   */
  private settle(id: string, step: (row: Row, at: string) => void): void {
    const at = this.stamp();
    this.db.transaction(() => {
      const row = this.sql.byId.get({ id });
      if (row && (row.state === 'queued' || row.state === 'sending')) step(row, at);
    })();
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
