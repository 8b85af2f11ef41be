// Per-key request limit in one-second windows (real time, not the virtual clock); beyond it the
// answer is 429 with Retry-After in whole seconds.
export class RateLimiter {
  private readonly windows = new Map<string, { second: number; count: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(Number.isInteger(perSecond) && perSecond > 0))
      throw new Error('--rate-limit must be a positive whole number');
  }

  /** Seconds to wait when over the limit, undefined when the request may go ahead. */
  check(identity: string): number | undefined {
    const second = Math.floor(this.now() / 1000);
    const w = this.windows.get(identity);
    if (!w || w.second !== second) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(identity, { second, count: 1 });
      return undefined;
    }
    w.count += 1;
    return w.count > this.perSecond ? 1 : undefined;
  }
}
