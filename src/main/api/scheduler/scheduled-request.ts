// One request through a connection's scheduler, with all its attempts: its priority (raised when a
// more urgent caller shares it), the callers waiting for it, and a stop of its own. A caller's own
// signal lets go of the request for that caller alone; the request itself stops when its last caller
// has let go, or when the whole connection stops. Stopping is plain callbacks rather than an
// AbortController per request: a fresh AbortSignal with a listener costs more than the rest of the
// scheduling, and a listing of 100,000 records makes a thousand requests; a signal is made only for
// the rare wait that needs one.
import type { ApiError } from '../errors/api-error';
import { cancelledError } from '../errors/error-wording';
import type { RequestKind } from '../../../shared/request-kind';
import type { RequestPriority } from './request-priority';

type StopListener = (error: ApiError) => void;

export class ScheduledRequest {
  private error: ApiError | undefined;
  private readonly listeners = new Set<StopListener>();
  private controller: AbortController | undefined;
  private callers = 0;
  /** The queue's id for the attempt now waiting for its turn; undefined while none waits. */
  waiting: string | undefined;

  /**
   * `kind`: its method and collection, which a wait the service asks for holds; `order`: its place within its priority (see ReadOptions.order).
   */
  constructor(
    public priority: RequestPriority,
    readonly kind: RequestKind,
    readonly order = 0,
  ) {}

  /** The error it was stopped with; undefined while it may go on. */
  get stopped(): ApiError | undefined {
    return this.error;
  }

  /** Calls `listener` once when the request stops (at once if it has); returns its removal. */
  whenStopped(listener: StopListener): () => void {
    if (this.error) {
      listener(this.error);
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** A signal aborted when the request stops, for a wait that takes one (a backoff's sleep). */
  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = new AbortController();
      this.controller = controller;
      this.whenStopped((error) => controller.abort(error));
    }
    return this.controller.signal;
  }

  abort(error: ApiError): void {
    if (this.error) return;
    this.error = error;
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener(error);
  }

  /**
   * One more caller waits for `result`. The promise returned settles with it, or at once with
   * "cancelled" when that caller's signal aborts; the last caller to go stops the request.
   */
  follow<T>(result: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    this.callers += 1;
    if (!signal) return result;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(cancelledError());
        this.callers -= 1;
        if (this.callers === 0) this.abort(cancelledError());
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      result.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}
