// A wait that a signal can end early: backoffs, Retry-After waits and the pace's spacing all use it,
// so stopping a connection never leaves a request waiting on a timer. Its delay is clamped to Node's
// timer ceiling (wait-limits.ts): a longer one would end at once.
import { cancelledError } from './errors/error-wording';
import { timerDelay } from './wait-limits';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
