// When the suggestions service polls next: quickly while the Suggestions screen is open, backing off while nothing
// changes (so an idle app costs the service little), never sooner than the service asked.
export interface PollTimings {
  /** While the Suggestions screen is open. */
  watchingMs: number;
  /** First interval after a change, and after start. */
  baseMs: number;
  /** Longest interval while nothing changes. */
  maxMs: number;
}

export const DEFAULT_TIMINGS: PollTimings = { watchingMs: 5_000, baseMs: 15_000, maxMs: 300_000 };

/** The idle interval after a poll: back to the base on a change, doubled (up to the cap) otherwise. */
export function nextIdleMs(currentMs: number, changed: boolean, timings: PollTimings): number {
  if (changed) return timings.baseMs;
  return Math.min(timings.maxMs, Math.max(timings.baseMs, currentMs * 2));
}

/** The delay before the next poll. */
export function pollDelay(
  idleMs: number,
  watching: boolean,
  retryAfterMs: number | undefined,
  timings: PollTimings,
): number {
  const delay = watching ? Math.min(timings.watchingMs, idleMs) : idleMs;
  return retryAfterMs !== undefined ? Math.max(delay, retryAfterMs) : delay;
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
