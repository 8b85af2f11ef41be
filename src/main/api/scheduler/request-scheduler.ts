// One connection's request scheduler: every exchange with that service waits here for its turn. It
// decides how many requests are in flight (adapted to the answers), keeps to the pace the service
// allows, holds the kind of request a Retry-After was given for (the same method and collection:
// other kinds go on), starts the most urgent request first, reads an address once for all who ask for
// it at the same time, and stops everything at once when the connection moves, changes its key, is
// removed or the app quits. The queue itself (priorities, concurrency, pausing) is p-queue's.
import PQueue from 'p-queue';
import { assertNever } from '../../../shared/app-error';
import type { RequestKind } from '../../../shared/request-kind';
import { AdaptiveLimit, DEFAULT_LIMITS } from './adaptive-limit';
import type { AdaptiveLimitOptions } from './adaptive-limit';
import { cancelledError, stoppedError } from '../errors/error-wording';
import type { StopReason } from '../errors/error-wording';
import { KindHolds } from './kind-holds';
import { DEFAULT_PACE, Pace } from './pace';
import type { PaceOptions } from './pace';
import { higherPriority, queueRank } from './request-priority';
import type { RequestPriority } from './request-priority';
import { ScheduledRequest } from './scheduled-request';
import { sameStatus } from './scheduler-status';
import type { SchedulerStatus } from './scheduler-status';
import { SharedReads } from './shared-reads';
import { defaultSleep } from '../sleep';
import type { Sleep } from '../sleep';
import { Signal } from '../../signal';

export type { StopReason } from '../errors/error-wording';

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
   * The longest Retry-After a kind of request waits out with requests open; a longer one refuses the
   * requests of that kind until then, with the time to try again.
   */
  longestWaitMs?: number;
  sleep?: Sleep;
  now?: () => number;
}

export interface RunOptions {
  priority: RequestPriority;
  /** Its method and collection: what a wait the service asks for holds. */
  kind: RequestKind;
  /** The caller's own cancel: lets go of this request for this caller only. */
  signal?: AbortSignal;
  /** Reads with the same key in flight at once are one request (GET and its address). */
  share?: string;
  /** Within the priority, a larger order starts first. */
  order?: number;
}

export const DEFAULT_LONGEST_WAIT_MS = 60_000;

/** A request whose turn came while its kind was held: it gives its slot back and waits for the hold. */
const HELD = Symbol('held');

export class RequestScheduler {
  /** The status changed: pace, a wait the service asked for, or the concurrency. */
  readonly changed = new Signal<SchedulerStatus>();
  readonly longestWaitMs: number;
  private readonly queue: PQueue;
  private readonly limit: AdaptiveLimit;
  private readonly pace: Pace;
  /** The pace's spacing never pauses the queue longer than this (two turns at its slowest). */
  private readonly longestSpacingMs: number;
  private readonly holds: KindHolds;
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
  /**
   * The queue is paused for the pace's spacing until `until`; the timer running (if `sleeping`) ends
   * at `timerEnd`.
   */
  private readonly held = {
    until: Number.NEGATIVE_INFINITY,
    timerEnd: Number.NEGATIVE_INFINITY,
    sleeping: false,
  };
  private last: SchedulerStatus;

  constructor(options: SchedulerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.longestWaitMs = options.longestWaitMs ?? DEFAULT_LONGEST_WAIT_MS;
    this.limit = new AdaptiveLimit(options.limits ?? DEFAULT_LIMITS);
    this.pace = new Pace({ ...options.pace, now: this.now });
    this.longestSpacingMs = 2_000 / (options.pace?.slowest ?? DEFAULT_PACE.slowest);
    this.holds = new KindHolds({
      now: this.now,
      sleep: this.sleep,
      longestWaitMs: this.longestWaitMs,
      signal: this.timers.signal,
      changed: () => this.publish(),
    });
    this.queue = new PQueue({ concurrency: this.limit.current });
    this.last = this.status();
  }

  get stopped(): boolean {
    return this.stopReason !== undefined;
  }

  status(): SchedulerStatus {
    const rate = this.pace.rate;
    const holds = this.holds.list();
    return {
      slowedDown: rate !== undefined || holds.length > 0,
      requestsPerSecond: rate === undefined ? undefined : Math.round(rate * 10) / 10,
      waitingUntil: holds.length ? Math.max(...holds.map((h) => h.until)) : undefined,
      concurrency: this.limit.current,
      holds,
    };
  }

  /** Lifts the hold of one kind at once ("Try now"): its requests go now. Whether one was in force. */
  liftHold(kind: RequestKind): boolean {
    return this.holds.lift(kind);
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
    const request = new ScheduledRequest(options.priority, options.kind, options.order);
    this.live.add(request);
    const result = work(request).finally(() => this.live.delete(request));
    // When every caller has let go, the request still ends (cancelled); nobody waits for that error.
    result.catch(() => undefined);
    if (options.share !== undefined) this.shared.add(options.share, request, result);
    return request.follow(result, options.signal);
  }

  /**
   * One exchange of `request` with the service, sent when its turn comes: after more urgent requests,
   * within the concurrency, at the pace, and never while its kind is held by a wait the service asked
   * for (it waits for that outside the queue, or is refused at once when the wait is long). `send`
   * starts the exchange at once (synchronously) and ends it when the request stops; `answerOf` says
   * what the result tells about the service's load. Rejects at once with the request's error when it
   * stops.
   */
  attempt<T>(
    request: ScheduledRequest,
    send: () => Promise<T>,
    answerOf: (result: T) => ServiceAnswer,
  ): Promise<T> {
    if (request.stopped) return Promise.reject(request.stopped);
    const held = this.holds.wait(request);
    if (held) return held.then(() => this.attempt(request, send, answerOf));
    return this.turn(request, send, answerOf).then((result) =>
      result === HELD ? this.attempt(request, send, answerOf) : result,
    );
  }

  /** The request's turn in the queue, or HELD when its kind was held by the time the turn came. */
  private turn<T>(
    request: ScheduledRequest,
    send: () => Promise<T>,
    answerOf: (result: T) => ServiceAnswer,
  ): Promise<T | typeof HELD> {
    const id = String(++this.ids);
    const rank = queueRank(request.priority, request.order);
    return new Promise<T | typeof HELD>((resolve, reject) => {
      const off = request.whenStopped(reject);
      const settle = (turn: Promise<T | typeof HELD | undefined>) =>
        turn.then(
          (value) => {
            off();
            resolve(value as T | typeof HELD);
          },
          (error: unknown) => {
            off();
            reject(error as Error);
          },
        );
      if (this.mayGoAhead(rank)) return void settle(this.goAhead(request, send, answerOf));
      request.waiting = id;
      this.queuedRanks.set(id, rank);
      const run = async (): Promise<T | typeof HELD | undefined> => {
        request.waiting = undefined;
        this.queuedRanks.delete(id);
        // Stopped while it waited: its callers already have the error; the slot goes back at once.
        if (request.stopped) return undefined;
        // Held since it was queued: the slot goes back at once, and it waits for the hold outside.
        if (this.holds.holding(request.kind)) return HELD;
        this.wentAhead = false;
        return this.exchange(request, send, answerOf);
      };
      settle(this.queue.add(run, { id, priority: rank }));
    });
  }

  /**
   * Whether a request may go now, before the pace's wait ends: the queue waits for the pace, others
   * wait and it outranks them all, a slot is free, and no other request holds the next turn of the
   * pace already. It takes that turn early: the longest listing's next page, which the whole copy
   * waits for, or a read the user waits for, goes at once rather than after the wait.
   */
  private mayGoAhead(rank: number): boolean {
    if (!this.held.sleeping || this.wentAhead) return false;
    if (this.queuedRanks.size === 0 || this.queue.pending + this.ahead >= this.queue.concurrency)
      return false;
    for (const queued of this.queuedRanks.values()) if (queued >= rank) return false;
    return true;
  }

  /**
   * Sends a request in the pace's next turn, before that turn comes: the pace's wait then lasts a
   * turn longer, so no more are sent in any stretch of time than the pace allows.
   */
  private async goAhead<T>(
    request: ScheduledRequest,
    send: () => Promise<T>,
    answerOf: (result: T) => ServiceAnswer,
  ): Promise<T> {
    const nextTurn = this.held.until;
    this.wentAhead = true;
    this.ahead += 1;
    try {
      const result = this.exchange(request, send, answerOf);
      this.space(nextTurn + this.pace.delay() - this.now());
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

  private async exchange<T>(
    request: ScheduledRequest,
    send: () => Promise<T>,
    answerOf: (result: T) => ServiceAnswer,
  ): Promise<T> {
    // The limit holds requests back when others still wait for a slot, or when this one (already
    // counted as pending) takes the last one.
    const saturated = this.queue.size > 0 || this.queue.pending >= this.queue.concurrency;
    const mark = this.limit.mark();
    const sentAt = this.pace.sent();
    const spacing = this.pace.delay();
    if (spacing > 0) this.space(spacing);
    const result = await send();
    if (!this.stopReason) this.observe(request, answerOf(result), { mark, sentAt, saturated });
    return result;
  }

  private observe(
    request: ScheduledRequest,
    answer: ServiceAnswer,
    { mark, sentAt, saturated }: { mark: number; sentAt: number; saturated: boolean },
  ): void {
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
    // Only the kind that got the wait is held: a limit on the poll never holds a screen's read.
    if (answer.retryAfterMs !== undefined) this.holds.hold(request.kind, answer.retryAfterMs);
    this.publish();
  }

  /**
   * Starts no request for `ms`: the pace's spacing, never longer than two of its slowest turns (a
   * clock set back cannot turn it into a long hold).
   */
  private space(ms: number): void {
    const wait = Math.min(ms, this.longestSpacingMs);
    const until = this.now() + wait;
    if (until <= this.held.until) return;
    this.held.until = until;
    this.queue.pause();
    if (!this.held.sleeping) this.sleepUntil(until, wait);
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
