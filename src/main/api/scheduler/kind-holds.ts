// The waits a service asked for, one per kind of request (its method and collection, request-kind.ts):
// a Retry-After holds the requests of the kind that got it, and no others. A request whose kind is held
// waits here, outside the connection's queue (it takes no slot while it waits), and goes on when the
// hold ends. While more of a hold is left than PropDesk keeps a request open for, that kind's requests
// are refused at once with the time to try again, and the callers come back then. One timer per held
// kind, for at most 24 hours.
import type { RequestKind } from '../../../shared/request-kind';
import { kindKey } from '../../../shared/request-kind';
import { SHOWN_HOLD_MS } from '../../../shared/service-pace';
import type { ApiError } from '../errors/api-error';
import { waitingError } from '../errors/error-wording';
import type { ScheduledRequest } from './scheduled-request';
import type { Sleep } from '../sleep';
import { clampWait, timerDelay } from '../wait-limits';

/** One kind held: until when, and whether it was asked for long enough to be shown with its end. */
export interface KindHold {
  kind: RequestKind;
  until: number;
  long: boolean;
}

interface Waiter {
  go: () => void;
  refuse: (error: ApiError) => void;
}

interface Held extends KindHold {
  /** The end the running timer was set for: a hold made longer meanwhile sleeps the rest after it. */
  timerEnd: number;
  waiters: Set<Waiter>;
}

export interface KindHoldsOptions {
  now: () => number;
  sleep: Sleep;
  /** The longest hold a request waits out; with more of a hold left, it is refused at once. */
  longestWaitMs: number;
  /** Ends every timer: the connection stopped. */
  signal: AbortSignal;
  /** A hold began, grew, ended or was lifted. */
  changed: () => void;
}

export class KindHolds {
  private readonly held = new Map<string, Held>();

  constructor(private readonly o: KindHoldsOptions) {}

  /** The holds in force, oldest first. */
  list(): KindHold[] {
    return [...this.held.values()].map(({ kind, until, long }) => ({ kind, until, long }));
  }

  /**
   * The service asked requests of `kind` to wait `ms` (within 0 … 24 hours). A shorter wait never
   * shortens a hold; a hold grown past what a request waits out refuses the requests waiting for it.
   */
  hold(kind: RequestKind, ms: number): void {
    const wait = clampWait(ms);
    const until = this.o.now() + wait;
    const key = kindKey(kind);
    let entry = this.held.get(key);
    if (entry && until <= entry.until) return;
    if (entry) {
      entry.until = until;
      entry.long ||= wait > SHOWN_HOLD_MS;
    } else {
      entry = { kind, until, long: wait > SHOWN_HOLD_MS, timerEnd: until, waiters: new Set() };
      this.held.set(key, entry);
      this.sleepUntil(key, entry, wait);
    }
    if (wait > this.o.longestWaitMs) {
      const error = waitingError(kind, wait, this.o.now());
      for (const waiter of [...entry.waiters]) waiter.refuse(error);
      entry.waiters.clear();
    }
    this.o.changed();
  }

  /** Lifts the hold of `kind` at once ("Try now"): its requests go now. Whether one was in force. */
  lift(kind: RequestKind): boolean {
    return this.end(kindKey(kind));
  }

  /** Whether requests of `kind` are held now. */
  holding(kind: RequestKind): boolean {
    if (this.held.size === 0) return false;
    const entry = this.held.get(kindKey(kind));
    return entry !== undefined && entry.until > this.o.now();
  }

  /**
   * Undefined when `request` may go on now. Otherwise a promise that resolves when its kind's hold
   * ends, and rejects at once when more of the hold is left than a request waits out, or when the
   * request stops meanwhile.
   */
  wait(request: ScheduledRequest): Promise<void> | undefined {
    if (this.held.size === 0) return undefined;
    const entry = this.held.get(kindKey(request.kind));
    if (!entry) return undefined;
    const left = entry.until - this.o.now();
    if (left <= 0) return undefined;
    if (left > this.o.longestWaitMs) return Promise.reject(waitingError(entry.kind, left, this.o.now()));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        go: () => {
          off();
          resolve();
        },
        refuse: (error) => {
          off();
          reject(error);
        },
      };
      const off = request.whenStopped((error) => {
        entry.waiters.delete(waiter);
        reject(error);
      });
      entry.waiters.add(waiter);
    });
  }

  private end(key: string): boolean {
    const entry = this.held.get(key);
    if (!entry) return false;
    this.held.delete(key);
    for (const waiter of [...entry.waiters]) waiter.go();
    entry.waiters.clear();
    this.o.changed();
    return true;
  }

  /** One timer per kind; a hold made longer meanwhile is slept out after it, by the difference. */
  private sleepUntil(key: string, entry: Held, ms: number): void {
    const step = timerDelay(ms);
    entry.timerEnd += step - ms;
    const ring = () => {
      if (this.o.signal.aborted || this.held.get(key) !== entry) return;
      if (entry.until > entry.timerEnd) {
        const rest = entry.until - entry.timerEnd;
        entry.timerEnd = entry.until;
        return this.sleepUntil(key, entry, rest);
      }
      this.end(key);
    };
    // A sleep that fails for any reason but the stop ends the hold: never hold a kind forever.
    this.o.sleep(step, this.o.signal).then(ring, () => {
      if (!this.o.signal.aborted && this.held.get(key) === entry) this.end(key);
    });
  }
}
