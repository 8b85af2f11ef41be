// Rows of the outbox table and how they become what the outbox sends and what the screen shows. A
// submission whose connection has moved to another server shows as held (see server-origin.ts).
import type { Submission, SubmissionState } from '../../shared/drafts';
import { holdBetween } from '../../shared/server-origin';
import { readStoredJson } from './stored-json';

/**
 * The plan of a part of a draft sent in parts: the changes it sends, and its later changes, which
 * wait for a record a sent change creates and move to a draft of their own (the next part) once the
 * service records the batch.
 */
export interface SubmissionPlan {
  /** The changes sent, in the order of the body. */
  sent: string[];
  /** The later changes: the next part's. */
  later: string[];
  group: { id: string; part: number; parts: number };
  /** The sent part's label (as the body carries it), and the next part's. */
  label: string;
  nextLabel: string;
}

/**
 * The plan as the `plan` column keeps it, with the keys it has had since schema version 10: `held`
 * and `heldLabel` are the later changes and the next part's label.
 */
interface StoredPlan {
  sent: string[];
  held: string[];
  group: SubmissionPlan['group'];
  label: string;
  heldLabel: string;
}

export function storedPlan(plan: SubmissionPlan): string {
  const { later, nextLabel, ...rest } = plan;
  const stored: StoredPlan = { ...rest, held: later, heldLabel: nextLabel };
  return JSON.stringify(stored);
}

function planOf(text: string | null): SubmissionPlan | null {
  const stored = readStoredJson(text) as StoredPlan | undefined;
  if (!stored) return null;
  const { held, heldLabel, ...rest } = stored;
  return { ...rest, later: held, nextLabel: heldLabel };
}

export interface PendingSubmission {
  id: string;
  draftId: string;
  connectionId: string;
  idempotencyKey: string;
  body: string;
  state: 'queued' | 'sending';
  attempts: number;
  /** Plain words about the last failed attempt. */
  lastError: string | null;
  nextAttemptAt: string | null;
  /** The connection's address when it was queued: the server it may be sent to. */
  madeFor: string;
  /** Null: every change of the draft is sent, in order. */
  plan: SubmissionPlan | null;
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
  plan: string | null;
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
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    madeFor: row.made_for,
    plan: planOf(row.plan),
  };
}
