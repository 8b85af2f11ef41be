// When the suggestions service polls: backing off while nothing changes, fast while the screen is open, paused
// while the service cannot be reached, and never before a Retry-After has passed. Real sandbox and
// SQLite; only the scheduler's timers are driven by hand.
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectivityMonitor } from '../../../../src/main/connectivity/connectivity-monitor';
import { LONGEST_WAIT_MS } from '../../../../src/main/api/wait-limits';
import {
  DEFAULT_TIMINGS,
  nextIdleMs,
  POLL_FLOOR_MS,
  PollSchedule,
  pollDelay,
} from '../../../../src/main/suggestions/poll-schedule';
import { POLL_BUDGET } from '../../../../src/main/suggestions/poll-budget';
import { suggestionsFixture, rentChanges } from './suggestions-fixture';
import type { SuggestionsFixture } from './suggestions-fixture';

let f: SuggestionsFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

async function fire(fx: SuggestionsFixture): Promise<number | undefined> {
  fx.timers.fire();
  await fx.suggestions.whenIdle();
  return fx.timers.pending()[0];
}

describe('poll schedule (pure)', () => {
  it('doubles while idle up to the cap, returns to the base on a change, and respects Retry-After', () => {
    let idle = DEFAULT_TIMINGS.baseMs;
    const seen = [];
    for (let i = 0; i < 7; i++) seen.push((idle = nextIdleMs(idle, false, DEFAULT_TIMINGS)));
    expect(seen).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000]);
    expect(nextIdleMs(300_000, true, DEFAULT_TIMINGS)).toBe(15_000);
    const watched = { watching: true, waiting: false };
    const hidden = { watching: false, waiting: true };
    expect(pollDelay(300_000, watched, DEFAULT_TIMINGS)).toBe(10_000);
    expect(pollDelay(300_000, { ...watched, waiting: true }, DEFAULT_TIMINGS)).toBe(2_000);
    expect(pollDelay(300_000, { ...watched, waiting: true, budgetWaitMs: 7_200 }, DEFAULT_TIMINGS)).toBe(
      7_200,
    );
    expect(pollDelay(300_000, { ...watched, retryAfterMs: 90_000 }, DEFAULT_TIMINGS)).toBe(90_000);
    expect(pollDelay(15_000, { ...hidden, retryAfterMs: 1_000 }, DEFAULT_TIMINGS)).toBe(15_000);
    expect(pollDelay(15_000, { ...hidden, retryAfterMs: 1e17 }, DEFAULT_TIMINGS)).toBe(LONGEST_WAIT_MS);
  });

  it('a crafted Retry-After holds the poll 24 hours at most, with one timer, never set below its floor', async () => {
    const delays: number[] = [];
    let ring: () => void = () => undefined;
    let now = Date.parse('2026-11-25T12:00:00Z');
    let polls = 0;
    const schedule = new PollSchedule({
      poll: async () => {
        polls += 1;
        return { changed: false, waiting: false, requests: 1, retryAfterMs: 1e17 };
      },
      timings: DEFAULT_TIMINGS,
      budget: POLL_BUDGET,
      timers: {
        set: (fn, ms) => {
          delays.push(ms);
          ring = fn;
          return delays.length;
        },
        clear: () => undefined,
      },
      now: () => new Date(now),
      firstPollMs: 0,
    });
    schedule.start();
    expect(delays).toEqual([POLL_FLOOR_MS]);
    ring();
    await schedule.whenIdle();
    expect(polls).toBe(1);
    expect(delays.at(-1)).toBe(LONGEST_WAIT_MS);
    // Rung early (a clock set forward by a second only): nothing is asked, one timer for the rest.
    now += 1_000;
    ring();
    await schedule.whenIdle();
    expect(polls).toBe(1);
    expect(delays).toEqual([POLL_FLOOR_MS, LONGEST_WAIT_MS, LONGEST_WAIT_MS - 1_000]);
    // "Try now": the wait is lifted and the poll runs at once.
    schedule.tryNow();
    await schedule.whenIdle();
    expect(polls).toBe(2);
    await schedule.stop();
  });
});

describe('suggestions scheduling', () => {
  it('backs off while nothing changes, polls fast while watched, and starts over after a change', async () => {
    f = await suggestionsFixture({ suggestions: { firstPollMs: 2_000 } });
    const leases = await f.activeLeases(1);
    const answer = await f.submit('Backoff', rentChanges(leases));
    f.suggestions.start();
    expect(f.timers.pending()).toEqual([2_000]);
    const delays = [];
    for (let i = 0; i < 6; i++) delays.push(await fire(f));
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);

    // Watched while the suggestion waits: fast, so a decision shows within seconds.
    f.suggestions.watch(true);
    expect(f.timers.pending()).toEqual([250]);
    expect(await fire(f)).toBe(2_000);
    expect(await fire(f)).toBe(2_000);
    f.suggestions.watch(false);
    expect(f.timers.pending()).toEqual([300_000]);

    f.sandbox.control.dismiss(answer.proposals[0]!.id, 'landlord');
    expect(await fire(f)).toBe(15_000);
    expect(f.notes).toHaveLength(1);
    expect(await fire(f)).toBe(30_000);
    // Nothing of the user's waits any more: watched, the poll goes at the calmer rhythm.
    f.suggestions.watch(true);
    expect(await fire(f)).toBe(10_000);
  });

  it("the fast rhythm keeps every rolling hour within the poll's budget", async () => {
    const clock = { now: Date.parse('2026-11-28T09:00:00Z') };
    const sent: number[] = [];
    let ring: () => void = () => undefined;
    let delay = 0;
    const schedule = new PollSchedule({
      poll: async () => {
        sent.push(clock.now);
        return { changed: false, waiting: true, requests: 1 };
      },
      timings: DEFAULT_TIMINGS,
      budget: POLL_BUDGET,
      timers: {
        set: (fn, ms) => {
          ring = fn;
          delay = ms;
          return 1;
        },
        clear: () => undefined,
      },
      now: () => new Date(clock.now),
      firstPollMs: 0,
    });
    schedule.start();
    schedule.watch(true);
    const delays: number[] = [];
    // Three hours watched, with a suggestion waiting throughout.
    while (clock.now < Date.parse('2026-11-28T12:00:00Z')) {
      clock.now += delay;
      delays.push(delay);
      ring();
      await schedule.whenIdle();
    }
    await schedule.stop();
    // Fast at first: about 9 minutes of polls 2 s apart.
    const fast = delays.slice(2).findIndex((d) => d !== 2_000);
    expect(fast * 2_000).toBeGreaterThan(8 * 60_000);
    expect(fast * 2_000).toBeLessThan(11 * 60_000);
    // In no hour more than the budget allows.
    let most = 0;
    for (let i = 0, j = 0; i < sent.length; i++) {
      while (sent[i]! - sent[j]! >= 3_600_000) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(POLL_BUDGET.perHour);
    expect(most).toBeGreaterThan(POLL_BUDGET.perHour - 10);
  });

  it('polls soon after a submission is recorded (nudge)', async () => {
    f = await suggestionsFixture();
    f.suggestions.start();
    await fire(f);
    await fire(f);
    expect(f.timers.pending()).toEqual([60_000]);
    f.suggestions.nudge();
    expect(f.timers.pending()).toEqual([500]);
    expect(await fire(f)).toBe(30_000);
  });

  it('pauses while offline and resumes when the connectivity monitor says the service is back', async () => {
    const states: boolean[] = [];
    const wired: { monitor?: ConnectivityMonitor } = {};
    f = await suggestionsFixture({
      client: {
        maxRetries: 0,
        onOutcome: (online) => wired.monitor!.report(online),
      },
    });
    const fx = f;
    const monitor = (wired.monitor = new ConnectivityMonitor({
      probe: async () => false,
      computerOnline: () => true,
      probeEveryMs: 3_600_000,
    }));
    monitor.changed.subscribe((s) => {
      states.push(s.online);
      fx.suggestions.setOnline(s.online);
    });
    try {
      fx.suggestions.start();
      await fire(fx);
      expect(fx.timers.pending()).toHaveLength(1);
      await fx.sandbox.close();
      // The failed poll tells the monitor, which pauses the suggestions service: nothing is scheduled.
      expect(await fire(fx)).toBeUndefined();
      expect(states).toEqual([false]);
      expect(fx.suggestions.nextDelayMs()).toBeUndefined();
      expect(fx.suggestions.state().pollProblem).toMatch(/\S/);
      monitor.report(true);
      expect(fx.timers.pending()).toEqual([1_000]);
    } finally {
      monitor.stop();
    }
  });

  it('honours Retry-After: no request goes out before it has passed, even on refresh', async () => {
    f = await suggestionsFixture({ sandbox: { rateLimit: 1 }, client: { maxRetries: 0 } });
    // Use up this second's allowance, so the suggestions' poll is answered 429 with Retry-After.
    let limited = false;
    for (let i = 0; i < 5 && !limited; i++) {
      f.suggestions.start();
      await f.suggestions.refresh();
      limited = /too many|rate|wait|retry/i.test(f.suggestions.state().pollProblem ?? '');
    }
    expect(limited).toBe(true);
    const delay = f.suggestions.nextDelayMs()!;
    expect(delay).toBeGreaterThanOrEqual(900);
    f.sandbox.control.resetRequestCount();
    await f.suggestions.refresh();
    await f.suggestions.refresh();
    expect(f.sandbox.control.requestCount()).toBe(0);
    expect(f.suggestions.nextDelayMs()).toBeGreaterThan(0);
  });
});
