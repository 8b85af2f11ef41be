// The scheduler against the real sandbox limiting its rate (10 requests a second per key, 429 with
// Retry-After beyond that): a burst of background reads all end with the right records, and once the
// limit has been measured PropDesk keeps a pace instead of running into it again. Counts only: what
// is sent while a wait lasts is held on a clock the test moves (kind-holds.test.ts), and the pace's
// figures likewise (pace.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { RequestScheduler } from '../../../../src/main/api/scheduler/request-scheduler';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';

const LIMIT = 10;
let limited: Sandbox;
let clean: Sandbox;
const keyOf = (s: Sandbox) => s.keys.find((k) => k.name === 'full')!.key;

beforeAll(async () => {
  [limited, clean] = await Promise.all([
    startSandbox({ seed: 5, rateLimit: LIMIT, latencyMs: 20 }),
    startSandbox({ seed: 5 }),
  ]);
});
afterAll(async () => {
  await Promise.all([limited?.close(), clean?.close()]);
});

interface Sent {
  /** Whether the scheduler kept a pace when this request left. */
  paced: boolean;
  status?: number;
}

describe('under a rate limit', () => {
  it('a burst of background reads: all correct, the waits asked for held, fewer refusals once paced', async () => {
    const scheduler = new RequestScheduler({ limits: { initial: 16, min: 1, max: 32 } });
    const sent: Sent[] = [];
    const counting: typeof fetch = async (input, init) => {
      const entry: Sent = { paced: scheduler.status().requestsPerSecond !== undefined };
      sent.push(entry);
      const response = await fetch(input, init);
      entry.status = response.status;
      return response;
    };
    let held = 0;
    scheduler.changed.subscribe((status) => void (held += status.holds.length));
    const api = new ApiClient({
      baseUrl: limited.baseUrl,
      getApiKey: () => keyOf(limited),
      fetch: counting,
      scheduler,
      maxRetries: 10,
    });
    const reference = new ApiClient({ baseUrl: clean.baseUrl, getApiKey: () => keyOf(clean), fetch });

    const sizes = Array.from({ length: 40 }, (_, i) => i + 1);
    const pages = await Promise.all(
      sizes.map((limit) => api.list('payments', { limit }, { priority: 'background' })),
    );
    const expected = await Promise.all(sizes.map((limit) => reference.list('payments', { limit })));
    // The same records as a service without a limit gives (cursors are signed by each service).
    expect(pages.map((p) => p.data)).toEqual(expected.map((p) => p.data));

    const refusedBefore = sent.filter((s) => s.status === 429 && !s.paced).length;
    const refusedAfter = sent.filter((s) => s.status === 429 && s.paced).length;
    const pacedSent = sent.filter((s) => s.paced).length;
    expect(refusedBefore).toBeGreaterThan(0);
    // Once paced, the service refuses rarely: at most one request in ten (a loaded machine may bunch
    // a few together), where an unpaced burst runs into the limit at every window.
    expect(pacedSent).toBeGreaterThan(0);
    expect(refusedAfter).toBeLessThanOrEqual(Math.max(1, Math.floor(pacedSent / 10)));

    // The Retry-Afters were held (for the payments read), and the status says the service slows
    // PropDesk down, keeping a pace and fewer requests at once.
    expect(held).toBeGreaterThan(0);
    const status = scheduler.status();
    expect(status.slowedDown).toBe(true);
    expect(status.requestsPerSecond).toBeDefined();
    expect(status.concurrency).toBeLessThan(16);
  }, 60_000);
});
