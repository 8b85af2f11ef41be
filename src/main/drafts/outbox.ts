// The outbox worker: sends queued submissions with the key and exact body stored when the draft was
// frozen, and settles each one in a single transaction. It never sends while offline, never re-sends
// after a 409 or another 4xx, resumes unsettled submissions after a restart with the same bytes, and
// never sends a submission to a server other than the one it was made for (see held-submissions.ts).
// Every wait is clamped (wait-limits.ts): the service's, and the one read back after a restart.
import type { SuggestionRequest, SuggestionResponse } from '../../shared/service';
import { ApiError } from '../api/errors/api-error';
import type { SubmitOptions } from '../api/scheduler/request-priority';
import { backoffDelay } from '../api/retry-policy';
import { momentAfter, storedMoment, timerDelay } from '../api/wait-limits';
import { holdBetween } from '../../shared/server-origin';
import type { OutboxRepository, PendingSubmission } from '../store/outbox-repo';
import { SingleFlight } from '../base/single-flight';
import { Signal } from '../signal';
import { permissionRefusals, problemsFromRefusal, refusalMessage } from './refusal';
import type { SentItem } from './refusal';

export interface SubmitClient {
  submitBatch(bodyText: string, idempotencyKey: string, options?: SubmitOptions): Promise<SuggestionResponse>;
}

/** The moments of a send that crash tests stop the process at: before it, after the answer, after storing it. */
export type OutboxCheckpoint = 'beforeSend' | 'afterResponse' | 'afterStore';

export interface OutboxOptions {
  repo: OutboxRepository;
  clientFor(connectionId: string): SubmitClient;
  /** The connection's address now; undefined when it no longer exists. */
  currentAddress(connectionId: string): string | undefined;
  isOnline(): boolean;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
  random?: () => number;
}

const MAX_DELAY_MS = 5 * 60_000;
/** The outbox's timer never rings sooner than this after the last look: nothing re-arms faster. */
const TIMER_FLOOR_MS = 1_000;

export class Outbox {
  /** A draft's submission moved (sent, refused, waiting); the screen reloads it. */
  readonly settled = new Signal<{ draftId: string; outcome: 'sent' | 'refused' | 'waiting' }>();
  /** The number of submissions still waiting, after every look at the outbox. */
  readonly waitingChanged = new Signal<number>();
  /** Each step of a send as it happens, so a crash test can stop the process exactly there. */
  readonly checkpoints = new Signal<{ point: OutboxCheckpoint; submissionId: string }>();
  private readonly flight = new SingleFlight({
    work: () => this.drain(),
    mayRepeat: () => !this.stopped,
  });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** "Try now": the next look sends every waiting submission, whatever its wait. */
  private dueNow = false;
  private readonly abort = new AbortController();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly o: OutboxOptions) {
    this.now = o.now ?? Date.now;
    this.random = o.random ?? Math.random;
  }

  /** Looks at the outbox now (after a submit, on start, when the connection returns). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.flight.run();
  }

  /**
   * Sends every waiting submission now ("Try now" after the service asked for a long wait), each with
   * its own key as always; one the service refuses again waits again.
   */
  tryNow(): Promise<void> {
    this.dueNow = true;
    return this.kick();
  }

  waiting(): number {
    return this.o.repo.pending().length;
  }

  /** Tells the screen how many submissions wait, after a change made outside a send (a withdrawal). */
  announce(): void {
    this.waitingChanged.emit(this.waiting());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.flight.whenIdle();
  }

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    const dueNow = this.dueNow;
    this.dueNow = false;
    let soonest = Infinity;
    for (const item of this.o.repo.pending()) {
      if (this.stopped) return;
      const due = dueNow ? 0 : this.dueOf(item);
      if (!this.o.isOnline()) break;
      if (due > this.now()) {
        soonest = Math.min(soonest, due);
        continue;
      }
      const next = await this.sendOne(item);
      if (next !== undefined) soonest = Math.min(soonest, next);
    }
    this.waitingChanged.emit(this.waiting());
    if (soonest !== Infinity && !this.stopped) {
      this.timer = setTimeout(() => void this.kick(), timerDelay(soonest - this.now(), TIMER_FLOOR_MS));
      this.timer.unref?.();
    }
  }

  /**
   * When `item` goes: its stored time, never more than 24 hours from now. A later one (stored by an
   * earlier version, or a clock set back) is stored again clamped, so the draft says the same.
   */
  private dueOf(item: PendingSubmission): number {
    const due = storedMoment(item.nextAttemptAt, this.now());
    if (item.nextAttemptAt !== null && due < Date.parse(item.nextAttemptAt)) {
      const message = item.lastError ?? 'The service asked PropDesk to wait.';
      this.o.repo.deferRetry(item.id, message, new Date(due).toISOString(), false);
      this.settled.emit({ draftId: item.draftId, outcome: 'waiting' });
      this.o.log('A submission waited past the longest wait PropDesk keeps; it goes within 24 hours');
    }
    return due;
  }

  /** Sends one submission; returns when to look at it again if it is still waiting. */
  private async sendOne(item: PendingSubmission): Promise<number | undefined> {
    const { repo } = this.o;
    // Checked right before the send, in the same turn as the client is taken: a connection moved to
    // another server while earlier items were being sent holds this one from here on.
    const current = this.o.currentAddress(item.connectionId);
    if (current === undefined || holdBetween(item.madeFor, current)) return undefined;
    repo.markAttempt(item.id);
    this.checkpoints.emit({ point: 'beforeSend', submissionId: item.id });
    let response: SuggestionResponse;
    try {
      response = await this.o
        .clientFor(item.connectionId)
        .submitBatch(item.body, item.idempotencyKey, { signal: this.abort.signal });
    } catch (error) {
      if (this.stopped) return undefined;
      return this.failed(item, error);
    }
    this.checkpoints.emit({ point: 'afterResponse', submissionId: item.id });
    const request = JSON.parse(item.body) as SuggestionRequest;
    repo.recordSent(
      item.id,
      response,
      request.label ?? null,
      request.changes.map((c) => ({
        resourceId: c.operation === 'update' ? c.resourceId : null,
        fields: c.fields,
      })),
    );
    this.checkpoints.emit({ point: 'afterStore', submissionId: item.id });
    this.settled.emit({ draftId: item.draftId, outcome: 'sent' });
    return undefined;
  }

  private failed(item: PendingSubmission, error: unknown): number | undefined {
    const { repo } = this.o;
    const api = error instanceof ApiError ? error : undefined;
    if (api && (api.code === 'idempotency_conflict' || (api.status === 409 && api.code !== 'conflict'))) {
      repo.recordRefusal(
        item.id,
        'conflict',
        'The service refused this submission because its key was already used for a different batch, so PropDesk did not send it again. Check Suggestions for a batch with these changes before you submit this draft once more; submitting again uses a new key.',
        [],
      );
      this.settled.emit({ draftId: item.draftId, outcome: 'refused' });
      return undefined;
    }
    // A redirect is retried like a garbled answer: it may come from a network's login page, and the
    // batch keeps its key until the address works again.
    const retryable =
      !api ||
      // connection_changed: the send was stopped by a move, a new key or a removal; the batch is held
      // or waits with its key as it would after any send that may or may not have arrived.
      [
        'network',
        'timeout',
        'rate_limited',
        'server_error',
        'bad_response',
        'redirected',
        'connection_changed',
      ].includes(api.code) ||
      api.status === 408;
    if (api?.code === 'no_api_key') {
      // Nothing left the computer: wait for the key rather than giving up on the submission.
      return this.defer(item, api.message, MAX_DELAY_MS, item.state === 'queued');
    }
    if (!retryable) {
      const earlierMayHaveArrived = item.state === 'sending' || (api?.earlierAttemptMayHaveArrived ?? false);
      if (earlierMayHaveArrived) {
        // This answer covers only the last attempt; an earlier one may have been recorded. Unfreezing
        // the draft could then make a second batch, so keep the key and body and try again later:
        // once the cause is fixed, the service answers with the recorded batch or records this one.
        return this.defer(
          item,
          `The service refused this batch just now (${api?.message ?? 'no reason given'}), but an earlier attempt may already have reached it, so PropDesk keeps it as it is and will try again with the same key.`,
          MAX_DELAY_MS,
          false,
        );
      }
      const sent = this.sentItems(item);
      const problems = api ? problemsFromRefusal(api, sent) : [];
      const refusals = api
        ? permissionRefusals(
            api,
            item.connectionId,
            sent.map((s) => s.item.resourceType),
            new Date(this.now()).toISOString(),
          )
        : [];
      repo.recordRefusal(item.id, 'rejected', refusalMessage(api, problems, refusals), problems, refusals);
      this.settled.emit({ draftId: item.draftId, outcome: 'refused' });
      return undefined;
    }
    // Retries inside the client already covered the next few seconds; from here waits grow to minutes.
    const wait = api?.retryAfterMs ?? 1_000 + backoffDelay(item.attempts, this.random, 2_000, MAX_DELAY_MS);
    this.o.log(`A submission is waiting to be sent again (${api?.code ?? 'error'})`);
    return this.defer(
      item,
      api?.message ?? 'The service could not be reached.',
      wait,
      item.state === 'queued' && (api?.undelivered ?? false),
    );
  }

  /** The body's changes with the draft change each was made from (the plan's, else every change in order). */
  private sentItems(item: PendingSubmission): SentItem[] {
    const ids = item.plan?.sent ?? this.o.repo.changeIdsOf(item.draftId);
    const request = JSON.parse(item.body) as SuggestionRequest;
    return request.changes.map((change, i) => ({ changeId: ids[i] ?? `#${i + 1}`, item: change }));
  }

  private defer(item: PendingSubmission, message: string, waitMs: number, neverSent: boolean): number {
    const at = momentAfter(this.now(), waitMs);
    this.o.repo.deferRetry(item.id, message, new Date(at).toISOString(), neverSent);
    this.settled.emit({ draftId: item.draftId, outcome: 'waiting' });
    return at;
  }
}
