// The offline copy against a service that limits its rate: every collection is read at once, the
// connection's scheduler backs off and keeps to a pace below the limit instead of running into it
// again and again, the window is told that the service slows PropDesk down (and when it lets go), and
// a wait longer than PropDesk holds a request for ends the update in words that never say "check that
// you are online". Counts and order only.
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../../src/shared/ipc';
import type { ServicePace } from '../../../../src/shared/service-pace';
import { cleanListing, offlineCopyFixture } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** Every status the service answered PropDesk's record requests with, in order. */
function answering() {
  const statuses: number[] = [];
  const fetchCounting: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    if (!new URL(String(input)).pathname.endsWith('/proposals')) statuses.push(answer.status);
    return answer;
  };
  return { statuses, fetchCounting };
}

describe('the offline copy under a rate limit', () => {
  it('backs off, keeps below the limit, copies exactly, and says the service slows it down', async () => {
    const { statuses, fetchCounting } = answering();
    const paces: ServicePace[] = [];
    fx = await offlineCopyFixture(
      { rateLimit: 10, seed: 4 },
      {
        fetch: fetchCounting,
        emit: (event: EventName, payload: unknown) => {
          if (event === 'connectivity.pace') paces.push(payload as ServicePace);
        },
      },
    );
    const { services } = fx;
    services.offlineCopy.start();
    const done = await services.offlineCopy.whenIdle();
    expect(done.state).toBe('done');
    expect(done.message).not.toMatch(/online/);
    for (const c of done.collections)
      expect(c.count).toBe((await cleanListing(fx.sandbox.baseUrl, fx.key, c.collection)).length);

    const refused = statuses.filter((s) => s === 429).length;
    const answered = statuses.filter((s) => s === 200).length;
    // It ran into the limit, learned it, and most requests then went through at the pace.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(answered / 2);
    const slowed = paces.filter((p) => p.slowedDown);
    expect(slowed.length).toBeGreaterThan(0);
    expect(slowed.every((p) => p.connectionId === fx!.connectionId)).toBe(true);
    const kept = slowed.map((p) => p.requestsPerSecond).filter((r): r is number => r !== null);
    expect(kept.length).toBeGreaterThan(0);
    // The sandbox counts by whole seconds, so a second's window straddling two may pass up to twice
    // its limit: the pace measured can start above it, and comes down to it after a refusal.
    expect(Math.min(...kept)).toBeLessThanOrEqual(10);
    expect(Math.max(...kept)).toBeLessThanOrEqual(20);
    const now = await services.handlers['connectivity.pace']({});
    expect(now).toMatchObject({ connectionId: fx.connectionId, slowedDown: true });
  }, 120_000);

  it('a wait longer than PropDesk holds requests for stops the update, saying so without "online"', async () => {
    let refuse = false;
    const fetchRefusing: typeof fetch = async (input, init) => {
      if (refuse && new URL(String(input)).searchParams.has('cursor'))
        return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
        });
      return fetch(input, init);
    };
    fx = await offlineCopyFixture({}, { fetch: fetchRefusing });
    const { services } = fx;
    refuse = true;
    services.offlineCopy.start();
    const stopped = await services.offlineCopy.whenIdle();
    expect(stopped.state).toBe('failed');
    expect(stopped.message).toMatch(
      /^The offline copy could not be finished while reading .*too many requests/,
    );
    expect(stopped.message).toMatch(/choose “Update the offline copy” once the wait is over/);
    expect(stopped.message).not.toMatch(/online/);
    const pace = await services.handlers['connectivity.pace']({});
    expect(pace.slowedDown).toBe(true);
    expect(Date.parse(pace.waitingUntil!)).toBeGreaterThan(Date.now() + 500_000);
  }, 60_000);
});
