// When the suggestions service polls: fast while suggestions of the user's wait and Suggestions or Today
// is on screen (an approval shows within 3 s), often while Suggestions is open with nothing waiting,
// backing off while nothing changes (so an idle app costs the service little), paused while the service
// cannot be reached, never sooner than the service asked (for at most 24 hours), never past the poll's
// hourly budget (poll-budget.ts), and one poll at a time. What a poll does is suggestions-poll.ts; the
// schedule only learns whether it changed anything, whether anything waits, and how long to wait.
import { clampWait, timerDelay } from '../api/wait-limits';
import { SingleFlight } from '../base/single-flight';
import { PollBudget } from './poll-budget';
import type { PollBudgetLimits } from './poll-budget';

export interface PollTimings {
  /**
   * While suggestions of the user's wait and a screen shows them: an approval just after a poll is seen
   * by the next one, whose three requests (the pending set, the batch, the record) take about 0.4 s at
   * 120 ms each; with the rest of the poll under way when it was made, 2 s keeps it within 3 s.
   */
  fastMs: number;
  /** While the Suggestions screen is open and nothing of the user's waits. */
  watchingMs: number;
  /** First interval after a change, and after start. */
  baseMs: number;
  /** Longest interval while nothing changes. */
  maxMs: number;
}

export const DEFAULT_TIMINGS: PollTimings = {
  fastMs: 2_000,
  watchingMs: 10_000,
  baseMs: 15_000,
  maxMs: 300_000,
};
/** No poll's timer rings sooner than this after it was set: nothing a service sends makes it spin. */
export const POLL_FLOOR_MS = 250;

/** The idle interval after a poll: back to the base on a change, doubled (up to the cap) otherwise. */
export function nextIdleMs(currentMs: number, changed: boolean, timings: PollTimings): number {
  if (changed) return timings.baseMs;
  return Math.min(timings.maxMs, Math.max(timings.baseMs, currentMs * 2));
}

/** What the poll knows of the screen and the service when it sets its next poll. */
export interface PollSituation {
  /** Suggestions or Today is on screen, in a window that is not hidden. */
  watching: boolean;
  /** Suggestions of the user's wait for a person's decision (the last poll said so). */
  waiting: boolean;
  /** The service asked not to be asked again before this many ms. */
  retryAfterMs?: number | undefined;
  /** The hourly budget has no request left for this many ms. */
  budgetWaitMs?: number;
}

/** The delay before the next poll. */
export function pollDelay(idleMs: number, s: PollSituation, timings: PollTimings): number {
  const rhythm = s.watching ? (s.waiting ? timings.fastMs : timings.watchingMs) : timings.maxMs;
  const delay = Math.max(Math.min(rhythm, idleMs), s.budgetWaitMs ?? 0);
  return s.retryAfterMs !== undefined ? Math.max(delay, clampWait(s.retryAfterMs)) : delay;
}

/** Where the suggestions' timers come from: real ones that never keep the process alive, or a test's. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What one poll tells the schedule. */
export interface PollOutcome {
  /** Whether the poll found a change (the idle rhythm starts over). */
  changed: boolean;
  /** Whether suggestions of the user's still wait for a decision. */
  waiting: boolean;
  /** Requests the poll sent (the budget spends them). */
  requests: number;
  /** The service asked not to be asked again before this many ms (Retry-After). */
  retryAfterMs?: number | undefined;
}

export interface PollScheduleOptions {
  /** One poll; it never rejects, its failure is part of what it reports. */
  poll: () => Promise<PollOutcome>;
  timings: PollTimings;
  timers: Timers;
  now: () => Date;
  /** Delay of the first poll after start, so start-up work comes first. */
  firstPollMs: number;
  /** Requests the poll may send in any hour. */
  budget: PollBudgetLimits;
}

/** One timer at a time, and when it rings. */
class Alarm {
  private handle: unknown;
  private at: Date | null = null;

  constructor(
    private readonly timers: Timers,
    private readonly now: () => Date,
  ) {}

  get dueAt(): Date | null {
    return this.at;
  }

  set(delayMs: number, ring: () => void): void {
    this.clear();
    const delay = timerDelay(delayMs, POLL_FLOOR_MS);
    this.at = new Date(this.now().getTime() + delay);
    this.handle = this.timers.set(() => {
      this.handle = undefined;
      this.at = null;
      ring();
    }, delay);
  }

  clear(): void {
    if (this.handle !== undefined) this.timers.clear(this.handle);
    this.handle = undefined;
    this.at = null;
  }
}

export class PollSchedule {
  private readonly alarm: Alarm;
  private phase: 'new' | 'started' | 'stopped' = 'new';
  private online = true;
  private watching = false;
  private waiting = false;
  private idleMs: number;
  private readonly budget: PollBudget;
  /** Not before this time (ms): the service asked us to wait (Retry-After). */
  private notBefore = 0;
  /** One poll at a time; asked to poll while one is under way, one more follows it. */
  private readonly flight = new SingleFlight({
    work: () => this.pollUnlessAskedToWait(),
    mayRepeat: () => this.phase !== 'stopped',
    afterwards: () => {
      if (this.phase === 'started' && this.online) this.set(this.nextDelay());
    },
  });

  constructor(private readonly o: PollScheduleOptions) {
    this.alarm = new Alarm(o.timers, o.now);
    this.idleMs = o.timings.baseMs;
    this.budget = new PollBudget(o.budget, o.now);
  }

  start(): void {
    if (this.phase !== 'new') return;
    this.phase = 'started';
    this.set(this.o.firstPollMs);
  }

  async stop(): Promise<void> {
    this.phase = 'stopped';
    this.alarm.clear();
    await this.flight.whenIdle();
  }

  /**
   * Suggestions or Today came on screen (poll now, within the budget, then in the watched rhythm) or
   * left it, or the window was hidden (back to the idle rhythm).
   */
  watch(open: boolean): void {
    if (open === this.watching) return;
    this.watching = open;
    if (this.phase !== 'started' || this.flight.busy) return;
    this.set(open ? Math.max(250, this.budget.waitMs()) : this.nextDelay());
  }

  /** Polls pause while the service cannot be reached, and resume soon after it can. */
  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (!online) this.alarm.clear();
    else if (!this.flight.busy) this.set(Math.min(1_000, this.o.timings.baseMs));
  }

  /** Something was just submitted or the connection changed: look soon, at the base rhythm. */
  nudge(delayMs = 500): void {
    this.idleMs = this.o.timings.baseMs;
    if (this.phase !== 'started') return;
    if (!this.flight.runAgainIfBusy()) this.set(delayMs);
  }

  /** "Try now" after the service asked for a long wait: the wait is lifted and the poll runs now. */
  tryNow(): void {
    this.notBefore = 0;
    if (this.phase === 'started') void this.run();
  }

  /** Another connection: its service asked for no pause, so look soon. */
  connectionChanged(): void {
    this.notBefore = 0;
    this.nudge(1_000);
  }

  /** Polls now (or joins the poll under way and polls once more after it), then sets the next poll. */
  run(): Promise<void> {
    if (!this.flight.busy) this.alarm.clear();
    return this.flight.run();
  }

  /** When the next poll is due, or null while paused. */
  nextAt(): Date | null {
    return this.alarm.dueAt;
  }

  /** When the next poll is due, in ms from now; undefined while paused. */
  nextDelayMs(): number | undefined {
    const at = this.alarm.dueAt;
    return at ? Math.max(0, at.getTime() - this.o.now().getTime()) : undefined;
  }

  /** Resolves when no poll is under way. */
  async whenIdle(): Promise<void> {
    await this.flight.whenIdle();
  }

  private async pollUnlessAskedToWait(): Promise<void> {
    // The service asked for a pause; honour it even when the user presses refresh.
    if (this.waitLeftMs() !== undefined) return;
    const outcome = await this.o.poll();
    this.budget.spend(outcome.requests);
    this.waiting = outcome.waiting;
    if (outcome.retryAfterMs !== undefined)
      this.notBefore = this.o.now().getTime() + clampWait(outcome.retryAfterMs);
    this.idleMs = nextIdleMs(this.idleMs, outcome.changed, this.o.timings);
  }

  private nextDelay(): number {
    return pollDelay(
      this.idleMs,
      {
        watching: this.watching,
        waiting: this.waiting,
        retryAfterMs: this.waitLeftMs(),
        budgetWaitMs: this.budget.waitMs(),
      },
      this.o.timings,
    );
  }

  /** What is left of the pause the service asked for, or undefined when there is none. */
  private waitLeftMs(): number | undefined {
    const left = this.notBefore - this.o.now().getTime();
    return left > 0 ? left : undefined;
  }

  private set(delayMs: number): void {
    if (this.phase === 'stopped' || !this.online) return this.alarm.clear();
    this.alarm.set(delayMs, () => void this.run());
  }
}
