// Identical reads in flight are read once: a second caller asking for the same address (same path,
// same query) while the first read is on its way waits for that read's answer instead of sending
// another. Only reads: a submission is never shared. The answer is the same object for every caller,
// so an answer from the service is read-only to whoever receives it.
import type { ScheduledRequest } from './scheduled-request';

interface InFlight {
  request: ScheduledRequest;
  result: Promise<unknown>;
}

export class SharedReads {
  private readonly inFlight = new Map<string, InFlight>();

  /** The read of this address on its way, unless its callers have all let go of it. */
  find<T>(address: string): { request: ScheduledRequest; result: Promise<T> } | undefined {
    const found = this.inFlight.get(address);
    if (!found) return undefined;
    if (found.request.stopped) {
      this.inFlight.delete(address);
      return undefined;
    }
    return found as { request: ScheduledRequest; result: Promise<T> };
  }

  /** Shares `result` for `address` until it settles. */
  add(address: string, request: ScheduledRequest, result: Promise<unknown>): void {
    const entry = { request, result };
    this.inFlight.set(address, entry);
    const done = () => {
      if (this.inFlight.get(address) === entry) this.inFlight.delete(address);
    };
    result.then(done, done);
  }

  clear(): void {
    this.inFlight.clear();
  }
}
