// Work that runs one at a time and is never lost: asked for while it runs, it runs once more when
// that run ends (however often it was asked meanwhile), and every caller waits for the runs asked for
// before it answered. The outbox's look at its submissions, the search for created records and the
// suggestions poll each run this way.
export interface SingleFlightOptions {
  work: () => Promise<void>;
  /** Asked before each run asked for meanwhile: false ends the flight (the owner is stopping). */
  mayRepeat?: () => boolean;
  /** Told once no run is left, after the flight is marked idle (the poll sets its next timer here). */
  afterwards?: () => void;
}

export class SingleFlight {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly o: SingleFlightOptions) {}

  /** Whether a run is under way. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /**
   * Runs the work now, or once more after the run under way. Rejects with the last run's error when
   * that run failed; an earlier run's failure does not stop the run asked for after it.
   */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.flight();
    return this.running;
  }

  /** Asks for one more run only when one is under way; whether one was. */
  runAgainIfBusy(): boolean {
    if (this.running) this.again = true;
    return this.running !== undefined;
  }

  /** Resolves when no run is under way (a failed run counts as ended). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  private async flight(): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      do {
        this.again = false;
        failure = undefined;
        try {
          await this.o.work();
        } catch (error) {
          failure = { error };
        }
      } while (this.again && (this.o.mayRepeat?.() ?? true));
    } finally {
      this.running = undefined;
      this.again = false;
    }
    this.o.afterwards?.();
    if (failure) throw failure.error;
  }
}
