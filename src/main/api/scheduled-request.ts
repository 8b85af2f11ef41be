// One request through a connection's scheduler, with all its attempts: its priority (raised when a
// more urgent caller shares it), the callers waiting for it, and an abort of its own. A caller's own
// signal lets go of the request for that caller alone; the request itself stops when its last caller
// has let go, or when the whole connection stops.
import type { ApiError } from './api-error';
import { cancelledError } from './error-wording';
import type { RequestPriority } from './request-priority';

export class ScheduledRequest {
  private readonly controller = new AbortController();
  private callers = 0;
  /** The queue's id for the attempt now waiting for its turn; undefined while none waits. */
  waiting: string | undefined;

  constructor(public priority: RequestPriority) {}

  /** Aborted, with the error to give, when the request must stop. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(error: ApiError): void {
    if (!this.controller.signal.aborted) this.controller.abort(error);
  }

  /**
   * One more caller waits for `result`. The promise returned settles with it, or at once with
   * "cancelled" when that caller's signal aborts; the last caller to go stops the request.
   */
  follow<T>(result: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    this.callers += 1;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(cancelledError());
        this.callers -= 1;
        if (this.callers === 0) this.abort(cancelledError());
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      result.then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}
