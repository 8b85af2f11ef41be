// Fetches one page of a full listing for the update, with the client's own retries and Retry-After
// handling underneath. On top: a rate limit that outlasts those retries is waited out (and later pages
// are paced), and a few more tries for server errors. A network failure or timeout ends the update:
// the service cannot be reached.
import { MAX_PAGE_SIZE } from '../../shared/service';
import type { Collection, RecordPage } from '../../shared/service';
import type { ServiceClient } from '../connections/types';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const TRANSIENT = new Set(['server_error', 'bad_response']);
const MAX_TRANSIENT_RETRIES = 4;
const MAX_RATE_LIMIT_WAITS = 30;

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export class PageFetcher {
  /** Extra wait before each page, raised when the service says "too many requests", eased after. */
  private pacingMs = 0;

  constructor(private readonly sleep: Sleep = abortableSleep) {}

  async fetch(
    client: ServiceClient,
    collection: Collection,
    cursor: string | undefined,
    signal: AbortSignal,
  ): Promise<RecordPage> {
    let transient = 0;
    let limited = 0;
    for (;;) {
      signal.throwIfAborted();
      if (this.pacingMs > 0) await this.sleep(this.pacingMs, signal);
      try {
        const page = await client.list(
          collection,
          { filters: {}, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
          { signal },
        );
        this.pacingMs = this.pacingMs < 5 ? 0 : Math.floor(this.pacingMs * 0.9);
        return page;
      } catch (error) {
        if (signal.aborted) throw error;
        const e = error as { code?: unknown; retryAfterMs?: unknown };
        if (e.code === 'rate_limited' && limited++ < MAX_RATE_LIMIT_WAITS) {
          this.pacingMs = Math.min(1_000, Math.max(50, this.pacingMs * 2));
          const wait = typeof e.retryAfterMs === 'number' ? e.retryAfterMs : 1_000;
          await this.sleep(Math.min(wait, 120_000), signal);
          continue;
        }
        if (typeof e.code === 'string' && TRANSIENT.has(e.code) && transient < MAX_TRANSIENT_RETRIES) {
          await this.sleep(250 * 2 ** transient++, signal);
          continue;
        }
        throw error;
      }
    }
  }
}
