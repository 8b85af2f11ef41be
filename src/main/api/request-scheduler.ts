// One connection's request scheduler: every exchange with that service waits here for its turn. It
// decides how many requests are in flight (adapted to the answers), keeps to the pace the service
// allows (a Retry-After holds every request of the connection, not only the one that got it), starts
// the most urgent request first, reads an address once for all who ask for it at the same time, and
// stops everything at once when the connection moves, changes its key, is removed or the app quits.
// The queue itself (priorities, concurrency, pausing) is p-queue's.
import PQueue from 'p-queue';
import { assertNever } from '../../shared/app-error';
import { AdaptiveLimit, DEFAULT_LIMITS } from './adaptive-limit';
import type { AdaptiveLimitOptions } from './adaptive-limit';
import { cancelledError, stoppedError, waitingError } from './error-wording';
import type { StopReason } from './error-wording';
import { Pace } from './pace';
import type { PaceOptions } from './pace';
import { higherPriority, queueRank } from './request-priority';
import type { RequestPriority } from './request-priority';
import { ScheduledRequest } from './scheduled-request';
import { sameStatus } from './scheduler-status';
import type { SchedulerStatus } from './scheduler-status';
import { SharedReads } from './shared-reads';
import { defaultSleep } from './sleep';
import type { Sleep } from './sleep';
import { Signal } from '../signal';

export type { StopReason } from './error-wording';

/** What one exchange says about the service's load. */
export interface ServiceAnswer {
  /**
   * answered: the service answered (anything but the two below); limited: "too many requests" (429);
   * overloaded: "unavailable" (503); unanswered: no answer (network, timeout, cancelled).
   */
  load: 'answered' | 'limited' | 'overloaded' | 'unanswered';
  /** The service's Retry-After, when it asked for a wait. */
  retryAfterMs?: number;
}

export interface SchedulerOptions {
  limits?: AdaptiveLimitOptions;
  pace?: Partial<Omit<PaceOptions, 'now'>>;
  /**
   * The longest Retry-After the connection waits out with requests open; a longer one refuses every
   * request of the connection until then, with the time to try again.
   */
  longestWaitMs?: number;
  sleep?: Sleep;
  now?: () => number;
}

export interface RunOptions {
  priority: RequestPriority;
  /** The caller's own cancel: lets go of this request for this caller only. */
  signal?: AbortSignal;
  /** Reads with the same key in flight at once are one request (GET and its address). */
  share?: string;
  /** Within the priority, a larger order starts first. */
  order?: number;
}

export const DEFAULT_LONGEST_WAIT_MS = 60_000;

export class RequestScheduler {
  /** The status changed: pace, a wait the service asked for, or the concurrency. */
  readonly changed = new Signal<SchedulerStatus>();
  readonly longestWaitMs: number;
  private readonly queue: PQueue;
  private readonly limit: AdaptiveLimit;
  private readonly pace: Pace;
  private readonly shared = new SharedReads();
  private readonly live = new Set<ScheduledRequest>();
  /** Ends the timers of waits when the scheduler stops. */
  private readonly timers = new AbortController();
  private readonly sleep: Sleep;
  private readonly now: () => number;
  private stopReason: StopReason | undefined;
  private ids = 0;
  /** The queue's rank of each request waiting in it, by its queue id. */
  private readonly queuedRanks = new Map<string, number>();
  /** Requests sent past the pace's wait and not yet answered. */
  private ahead = 0;
  /** The last request sent went ahead of the pace's wait: the next waits its turn. */
  private wentAhead = false;
  /** The queue is paused until `until`; the timer running (if `sleeping`) ends at `timerEnd`. */
  private readonly held = {
    until: Number.NEGATIVE_INFINITY,
    timerEnd: Number.NEGATIVE_INFINITY,
    sleeping: false,
  };
  /** The end of the wait the service asked for (Retry-After), while it lasts. */
  private askedUntil: number | undefined;
  /** Before then every request is refused at once: the service asked for a longer wait than is held. */
  private refusedUntil = Number.NEGATIVE_INFINITY;
  private last: SchedulerStatus;

  constructor(options: SchedulerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.longestWaitMs = options.longestWaitMs ?? DEFAULT_LONGEST_WAIT_MS;
    this.limit = new AdaptiveLimit(options.limits ?? DEFAULT_LIMITS);
    this.pace = new Pace({ ...options.pace, now: this.now });
    this.queue = new PQueue({ concurrency: this.limit.current });
    this.last = this.status();
  }

  get stopped(): boolean {
    return this.stopReason !== undefined;
  }

  status(): SchedulerStatus {
    const rate = this.pace.rate;
    return {
      slowedDown: rate !== undefined || this.askedUntil !== undefined,
      requestsPerSecond: rate === undefined ? undefined : Math.round(rate * 10) / 10,
      waitingUntil: this.askedUntil,
      concurrency: this.limit.current,
    };
  }

  /**
   * Runs `work` as one request of this connection; `work` makes each of its exchanges with the service
   * through `attempt`. With `share`, a caller arriving while the same read is on its way waits for
   * that read instead (raising its priority if the caller's is higher).
   */
  run<T>(options: RunOptions, work: (request: ScheduledRequest) => Promise<T>): Promise<T> {
    if (this.stopReason) return Promise.reject(stoppedError(this.stopReason));
    if (options.signal?.aborted) return Promise.reject(cancelledError());
    if (options.share !== undefined) {
      const found = this.shared.find<T>(options.share);
      if (found) {
        this.raise(found.request, options.priority);
        return found.request.follow(found.result, options.signal);
      }
    }
    const request = new ScheduledRequest(options.priority, options.order);
    this.live.add(request);
    const result = work(request).finally(() => this.live.delete(request));
    // When every caller has let go, the request still ends (cancelled); nobody waits for that error.
    result.catch(() => undefined);
    if (options.share !== undefined) this.shared.add(options.share, request, result);
    return request.follow(result, options.signal);
  }

  /**
   * One exchange of `request` with the service, sent when its turn comes: after more urgent requests,
   * within the concurrency, at the pace, and never during a wait the service asked for. `send` starts
   * the exchange at once (synchronously) and ends it when the request stops; `answerOf` says what the
   * result tells about the service's load. Rejects at once with the request's error when it stops.
   */
  attempt<T>(
    request: ScheduledRequest,
    send: () => Promise<T>,
    answerOf: (result: T) => ServiceAnswer,
  ): Promise<T> {
    if (request.stopped) return Promise.reject(request.stopped);
    const now = this.now();
    if (now < this.refusedUntil) return Promise.reject(waitingError(this.refusedUntil - now));
    const id = String(++this.ids);
    const rank = queueRank(request.priority, request.order);
    return new Promise<T>((resolve, reject) => {
      const off = request.whenStopped(reject);
      const settle = (turn: Promise<T | undefined>) =>
        turn.then(
          (value) => {
            off();
            resolve(value as T);
          },
          (error: unknown) => {
            off();
            reject(error as Error);
          },
        );
      if (this.mayGoAhead(rank)) return void settle(this.goAhead(send, answerOf));
      request.waiting = id;
      this.queuedRanks.set(id, rank);
      const turn = async (): Promise<T | undefined> => {
        request.waiting = undefined;
        this.queuedRanks.delete(id);
        // Stopped while it waited: its callers already have the error; the slot goes back at once.
        if (request.stopped) return undefined;
        this.wentAhead = false;
        return this.exchange(send, answerOf);
      };
      settle(this.queue.add(turn, { id, priority: rank }));
    });
  }

  /**
   * Whether a request may go now, before the pace's wait ends: the queue waits only for the pace (not
   * for a wait the service asked for), others wait and it outranks them all, a slot is free, and no
   * other request holds the next turn of the pace already. It takes that turn early: the longest
   * listing's next page, which the whole copy waits for, or a read the user waits for, goes at once
   * rather than after the wait.
   */
  private mayGoAhead(rank: number): boolean {
    if (!this.held.sleeping || this.askedUntil !== undefined || this.wentAhead) return false;
    if (this.queuedRanks.size === 0 || this.queue.pending + this.ahead >= this.queue.concurrency)
      return false;
    for (const queued of this.queuedRanks.values()) if (queued >= rank) return false;
    return true;
  }

  /**
   * Sends a request in the pace's next turn, before that turn comes: the pace's wait then lasts a
   * turn longer, so no more are sent in any stretch of time than the pace allows.
   */
  private async goAhead<T>(send: () => Promise<T>, answerOf: (result: T) => ServiceAnswer): Promise<T> {
    const nextTurn = this.held.until;
    this.wentAhead = true;
    this.ahead += 1;
    try {
      const result = this.exchange(send, answerOf);
      this.holdFor(nextTurn + this.pace.delay() - this.now(), false);
      return await result;
    } finally {
      this.ahead -= 1;
    }
  }

  /**
   * Stops every request of this connection: queued ones are refused at once, ones in flight are
   * aborted, and the scheduler takes no more work (a new one is made for the new address or key).
   */
  abortAll(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.timers.abort();
    for (const request of this.live) request.abort(stoppedError(reason));
    this.live.clear();
    this.shared.clear();
  }

  private async exchange<T>(send: () => Promise<T>, answerOf: (result: T) => ServiceAnswer): Promise<T> {
    // The limit holds requests back when others still wait for a slot, or when this one (already
    // counted as pending) takes the last one.
    const saturated = this.queue.size > 0 || this.queue.pending >= this.queue.concurrency;
    const mark = this.limit.mark();
    const sentAt = this.pace.sent();
    const spacing = this.pace.delay();
    if (spacing > 0) this.holdFor(spacing, false);
    const result = await send();
    if (!this.stopReason) this.observe(answerOf(result), mark, sentAt, saturated);
    return result;
  }

  private observe(answer: ServiceAnswer, mark: number, sentAt: number, saturated: boolean): void {
    let cut = false;
    switch (answer.load) {
      case 'answered':
        cut = this.limit.answered(saturated);
        this.pace.answered();
        break;
      case 'limited':
        cut = this.limit.overloaded(mark);
        this.pace.limited(sentAt);
        break;
      case 'overloaded':
        cut = this.limit.overloaded(mark);
        break;
      case 'unanswered':
        break;
      default:
        assertNever(answer.load, 'service load');
    }
    if (cut) this.queue.concurrency = this.limit.current;
    if (answer.retryAfterMs !== undefined) this.waitOut(answer.retryAfterMs);
    this.publish();
  }

  /** The service asked every request to wait: hold them all, or refuse them if the wait is long. */
  private waitOut(ms: number): void {
    if (ms > this.longestWaitMs) {
      this.refusedUntil = Math.max(this.refusedUntil, this.now() + ms);
      for (const request of this.live) if (request.waiting !== undefined) request.abort(waitingError(ms));
    }
    this.holdFor(ms, true);
  }

  /** Starts no request for `ms`; `asked`: a wait the service asked for, which the status shows. */
  private holdFor(ms: number, asked: boolean): void {
    const until = this.now() + ms;
    if (asked) this.askedUntil = Math.max(this.askedUntil ?? until, until);
    if (until <= this.held.until) return;
    this.held.until = until;
    this.queue.pause();
    if (!this.held.sleeping) this.sleepUntil(until, ms);
  }

  /** One timer at a time: a hold made longer meanwhile is slept out after it, by the difference. */
  private sleepUntil(end: number, ms: number): void {
    this.held.sleeping = true;
    this.held.timerEnd = end;
    const release = () => {
      if (this.stopReason) return;
      const { until, timerEnd } = this.held;
      if (until > timerEnd) return this.sleepUntil(until, until - timerEnd);
      this.held.sleeping = false;
      this.askedUntil = undefined;
      this.queue.start();
      this.publish();
    };
    // A sleep that fails for any reason but the stop releases the queue too: never hold it forever.
    this.sleep(ms, this.timers.signal).then(release, release);
  }

  private raise(request: ScheduledRequest, priority: RequestPriority): void {
    const raised = higherPriority(request.priority, priority);
    if (raised === request.priority) return;
    request.priority = raised;
    if (request.waiting === undefined) return;
    const rank = queueRank(raised, request.order);
    this.queuedRanks.set(request.waiting, rank);
    this.queue.setPriority(request.waiting, rank);
  }

  private publish(): void {
    const next = this.status();
    if (sameStatus(next, this.last)) return;
    this.last = next;
    this.changed.emit(next);
  }
}
