// The sandbox's clock: real time plus an offset tests move forward to make proposals expire.
export class VirtualClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new Error('advanceClock takes a non-negative number of milliseconds');
    this.offsetMs += ms;
  }
}
