// Fetches one page of a full listing for the offline copy, as background work of the connection's
// scheduler, which paces it (a Retry-After holds every request of the connection, then PropDesk keeps
// below the rate the service allows) and retries it a few times itself. On top: a request still
// refused as "too many" after those retries is asked again (the scheduler holds it until the wait
// ends; a wait longer than it holds ends the update), and a few more tries for server errors. A
// network failure or timeout ends the update: the service cannot be reached.
import { MAX_PAGE_SIZE } from '../../shared/service';
import type { Collection, RecordPage } from '../../shared/service';
import { DEFAULT_LONGEST_WAIT_MS } from '../api/scheduler/request-scheduler';
import { timerDelay } from '../api/wait-limits';
import type { ServiceClient } from '../connections/types';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const TRANSIENT = new Set(['server_error', 'bad_response']);
const MAX_TRANSIENT_RETRIES = 4;
const MAX_RATE_LIMIT_RETRIES = 30;

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A "too many requests" the scheduler waits out by itself: one whose wait it holds requests for. */
function heldWait(error: { code?: unknown; retryAfterMs?: unknown }): boolean {
  if (error.code !== 'rate_limited') return false;
  return typeof error.retryAfterMs !== 'number' || error.retryAfterMs <= DEFAULT_LONGEST_WAIT_MS;
}

export class PageFetcher {
  constructor(private readonly sleep: Sleep = abortableSleep) {}

  async fetch(
    client: ServiceClient,
    collection: Collection,
    cursor: string | undefined,
    signal: AbortSignal,
    /** Within the background work, a larger order goes first (ReadOptions.order). */
    order = 0,
  ): Promise<RecordPage> {
    let transient = 0;
    let limited = 0;
    for (;;) {
      signal.throwIfAborted();
      try {
        return await client.list(
          collection,
          { filters: {}, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
          { signal, priority: 'background', order },
        );
      } catch (error) {
        if (signal.aborted) throw error;
        const e = error as { code?: unknown; retryAfterMs?: unknown };
        if (heldWait(e) && limited++ < MAX_RATE_LIMIT_RETRIES) continue;
        if (typeof e.code === 'string' && TRANSIENT.has(e.code) && transient < MAX_TRANSIENT_RETRIES) {
          await this.sleep(250 * 2 ** transient++, signal);
          continue;
        }
        throw error;
      }
    }
  }
}
