// How many requests the suggestions' poll may send in any hour. The poll is fast only while it is worth
// it (suggestions of the user's wait and a screen shows them), and that fast rhythm costs twice what
// the poll costs at its steadiest today; the budget keeps every rolling hour at or under that old cost.
// It is a bucket: a burst of `burst` requests, refilled at the rest of the hour's allowance, so that a
// burst plus an hour's refill never passes `perHour`. A poll spends what it sent, and a bucket
// overdrawn by a poll of many requests is waited out before the next.

export interface PollBudgetLimits {
  /** Requests allowed in any 60 minutes. */
  perHour: number;
  /** Of those, how many may go at once (the fast rhythm's store); the rest refill over the hour. */
  burst: number;
}

/**
 * The poll's rate at its steadiest before it had a fast rhythm: one request every 5 s after the last
 * one ends, about 700 an hour at 120 ms a request. A store of 200 makes about 9 minutes of the fast
 * rhythm (the refill goes on meanwhile), then the poll goes at the refill's pace, one request every
 * 7.2 s, until the store is back: an hour away from the screens that watch refills it.
 */
export const POLL_BUDGET: PollBudgetLimits = { perHour: 700, burst: 200 };

const HOUR_MS = 3_600_000;

export class PollBudget {
  private tokens: number;
  private at: number;
  private readonly refillPerMs: number;

  constructor(
    private readonly limits: PollBudgetLimits,
    private readonly now: () => Date,
  ) {
    if (!(limits.burst > 0 && limits.perHour > limits.burst))
      throw new RangeError('A poll budget needs a burst above 0 and an hour above its burst.');
    this.tokens = limits.burst;
    this.at = now().getTime();
    this.refillPerMs = (limits.perHour - limits.burst) / HOUR_MS;
  }

  /** A poll sent this many requests. */
  spend(requests: number): void {
    this.refill();
    this.tokens -= Math.max(1, requests);
  }

  /** How long until the next request may go (0: now). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) / this.refillPerMs);
  }

  private refill(): void {
    const now = this.now().getTime();
    // A clock set back refills nothing, and never takes back what was given.
    const elapsed = Math.max(0, now - this.at);
    this.at = now;
    this.tokens = Math.min(this.limits.burst, this.tokens + elapsed * this.refillPerMs);
  }
}
