// A client and its own request scheduler in front of a held server (held-server.ts), for tests of what
// the scheduler sends: when, in what order, how many at once. Waits of the scheduler can run on a
// clock the test moves, so a wait of a day ends when the test says and nothing is timed.
import { expect, vi } from 'vitest';
import { ApiClient } from '../../src/main/api/api-client';
import type { ApiError } from '../../src/main/api/errors/api-error';
import { RequestScheduler } from '../../src/main/api/scheduler/request-scheduler';
import type { SchedulerOptions } from '../../src/main/api/scheduler/request-scheduler';
import type { HeldServer } from './held-server';

export const SCHEDULED_KEY = 'pdk_SchedulerKey0123456789abcdef';

/** The body of a batch of one lease's rent change, as the outbox stores and sends it. */
export const ONE_CHANGE_BODY = JSON.stringify({
  changes: [{ operation: 'update', resourceType: 'lease', resourceId: 'L1', fields: { monthly_rent: 1 } }],
});

/** The service's answer recording that batch (201). */
export const CREATED_ANSWER = {
  data: {
    batchId: 'b1',
    status: 'awaiting_human_approval',
    message: 'Recorded as suggestions only; nothing has changed yet.',
    reviewUrl: 'http://127.0.0.1/review?batch=b1',
    proposals: [],
  },
};

/**
 * A client whose every request goes through a fresh scheduler. No backoff of its own between
 * attempts: every wait is the scheduler's. `refused` hears what the client did not take as given.
 */
export function scheduledClient(
  service: HeldServer,
  options: SchedulerOptions = {},
  refused: (message: string) => void = () => undefined,
) {
  const scheduler = new RequestScheduler(options);
  const api = new ApiClient({
    baseUrl: service.baseUrl,
    getApiKey: () => SCHEDULED_KEY,
    fetch,
    scheduler,
    random: () => 0,
    ...(options.now ? { now: options.now } : {}),
    onRefused: refused,
  });
  return { scheduler, api };
}

/** A clock and a sleep the test moves: every wait ends only when `advance` passes its end. */
export function movedClock(start = 1_000_000) {
  let clock = start;
  const sleeps: Array<{ until: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  return {
    now: () => clock,
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        sleeps.push({ until: clock + ms, resolve, reject });
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    advance(ms: number) {
      clock += ms;
      for (const s of sleeps.splice(0))
        if (s.until <= clock) s.resolve();
        else sleeps.push(s);
    },
    /** Waits still running. */
    sleeping: () => sleeps.length,
  };
}

/** Waits until the service holds exactly `count` requests, and a moment more to see that no other comes. */
export async function holding(service: HeldServer, count: number): Promise<void> {
  await vi.waitFor(() => expect(service.held()).toHaveLength(count), { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(service.held()).toHaveLength(count);
}

/** A call's outcome as a value, to look at after it ended. */
export function settled<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as ApiError }),
  );
}
