// Rows of the outbox table and how they become what the outbox sends and what the screen shows. A
// submission whose connection has moved to another server shows as held (see server-origin.ts).
import type { Submission, SubmissionState } from '../../shared/drafts';
import { holdBetween } from '../../shared/server-origin';

export interface PendingSubmission {
  id: string;
  draftId: string;
  connectionId: string;
  idempotencyKey: string;
  body: string;
  state: 'queued' | 'sending';
  attempts: number;
  nextAttemptAt: string | null;
  /** The connection's address when it was queued: the server it may be sent to. */
  madeFor: string;
}

export interface SubmissionRow {
  id: string;
  draft_id: string;
  connection_id: string;
  idempotency_key: string;
  body: string;
  state: SubmissionState;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  batch_id: string | null;
  message: string | null;
  made_for: string;
  created_at: string;
  updated_at: string;
}

/** `currentAddress` is the connection's address now, which decides whether an open submission is held. */
export function toSubmission(row: SubmissionRow, currentAddress: string): Submission {
  const open = row.state === 'queued' || row.state === 'sending';
  return {
    id: row.id,
    state: row.state,
    attempts: row.attempts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    batchId: row.batch_id,
    message: row.message,
    held: open ? holdBetween(row.made_for, currentAddress) : null,
  };
}

export function toPending(row: SubmissionRow): PendingSubmission {
  return {
    id: row.id,
    draftId: row.draft_id,
    connectionId: row.connection_id,
    idempotencyKey: row.idempotency_key,
    body: row.body,
    state: row.state as 'queued' | 'sending',
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    madeFor: row.made_for,
  };
}
