// The offline copy against a service that limits its rate: every collection is read at once, the
// connection's scheduler backs off and keeps a pace instead of running into the limit again and again,
// and the window is told that the service slows PropDesk down. A wait longer than a request waits
// holds only the collections that got it: the others are copied, the update says it continues by
// itself, nothing more of a held collection is sent, and once the holds are lifted ("Try now") the
// copy resumes and completes. Counted from what the sandbox and the test's service recorded; no pace
// measured in real time (pace.test.ts holds the arithmetic on a clock the test moves).
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

async function expectExactCopy(f: OfflineCopyFixture): Promise<void> {
  const status = f.services.offlineCopy.status();
  for (const c of status.collections)
    expect(c.count).toBe((await cleanListing(f.sandbox.baseUrl, f.key, c.collection)).length);
}

describe('the offline copy under a rate limit', () => {
  it('backs off, keeps a pace, copies exactly, and says the service slows it down', async () => {
    const paces: ServicePace[] = [];
    fx = await offlineCopyFixture(
      { rateLimit: 10, seed: 4 },
      {
        emit: (event: EventName, payload: unknown) => {
          if (event === 'connectivity.pace') paces.push(payload as ServicePace);
        },
      },
    );
    const { services, sandbox } = fx;
    sandbox.control.resetRequestCount();
    services.offlineCopy.start();
    const done = await services.offlineCopy.whenIdle();
    expect(done.state).toBe('done');
    expect(done.message).not.toMatch(/online/);
    // What the sandbox itself counted: it ran into the limit, and most requests went through at the pace.
    const limited = sandbox.control.limitedCount();
    const answered = sandbox.control.requestCount() - limited;
    await expectExactCopy(fx);
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThan(answered / 2);
    const slowed = paces.filter((p) => p.slowedDown);
    expect(slowed.length).toBeGreaterThan(0);
    expect(slowed.every((p) => p.connectionId === fx!.connectionId)).toBe(true);
    // A pace was kept and told (its figure is the pace arithmetic's, tested on a moved clock).
    expect(slowed.some((p) => p.requestsPerSecond !== null)).toBe(true);
    const now = await services.handlers['connectivity.pace']({});
    expect(now).toMatchObject({ connectionId: fx.connectionId, slowedDown: true });
  }, 120_000);

  it('a long wait holds only the collections that got it; the copy continues once the holds are lifted', async () => {
    let refuse = false;
    const refusedSent: string[] = [];
    const fetchRefusing: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (refuse && url.searchParams.has('cursor')) {
        refusedSent.push(url.pathname);
        return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '3600' },
        });
      }
      return fetch(input, init);
    };
    fx = await offlineCopyFixture({}, { fetch: fetchRefusing });
    const { services } = fx;
    refuse = true;
    services.offlineCopy.start();
    const stopped = await services.offlineCopy.whenIdle();
    expect(stopped.state).toBe('failed');
    expect(stopped.message).toMatch(/^The offline copy could not be finished while reading .*payments/);
    expect(stopped.message).toMatch(/continues from where it stopped by itself once the wait is over/);
    expect(stopped.message).not.toMatch(/online/);
    // The collections of one page were copied; each held collection was asked once, then held.
    const held = stopped.collections.filter((c) => c.run?.state === 'failed').map((c) => c.collection);
    expect(stopped.collections.some((c) => c.run?.state === 'done')).toBe(true);
    expect(refusedSent.sort()).toEqual(held.map((c) => `/api/v1/${c}`).sort());
    const pace = await services.handlers['connectivity.pace']({});
    expect(pace.holds.map((h) => h.kind.collection).sort()).toEqual([...held].sort());
    expect(pace.holds.every((h) => h.long && Date.parse(h.until) > Date.now() + 3_000_000)).toBe(true);
    // A read of a held collection is refused at once saying until when; the suggestions still go.
    await expect(services.clients.client().list(held[0]!, {})).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/wait until .+ before reading/) as string,
    });
    await services.clients.client().listProposals({ limit: 1 });
    expect(refusedSent).toHaveLength(held.length);

    // "Try now" on each held collection: once none is held, the copy resumes by itself and completes.
    refuse = false;
    for (const hold of pace.holds) await services.handlers['connectivity.tryNow']({ kind: hold.kind });
    await expect.poll(() => services.offlineCopy.status().state, { timeout: 30_000 }).toBe('running');
    expect((await services.offlineCopy.whenIdle()).state).toBe('done');
    await expectExactCopy(fx);
  }, 60_000);
});
