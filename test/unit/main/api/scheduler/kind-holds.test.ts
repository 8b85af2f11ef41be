// The waits a service asks for, per kind of request, over real HTTP against a small service in the
// test that holds each request until the test answers it, on a clock the test moves: a Retry-After
// holds only the kind that got it (the same method and collection), a held request takes no slot
// while it waits, a long wait refuses that kind at once naming when, no wait is held past 24 hours
// whatever the service sends, "Try now" lifts a hold, and a stop ends held requests at once. Order
// and counts only: no wait here takes real time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONGEST_WAIT_MS } from '../../../../../src/main/api/wait-limits';
import { recordAnswer, startHeldServer } from '../../../../support/held-server';
import type { HeldServer } from '../../../../support/held-server';
import {
  CREATED_ANSWER as CREATED,
  holding,
  movedClock,
  ONE_CHANGE_BODY as BODY,
  scheduledClient,
  settled,
} from '../../../../support/scheduled-client';

let service: HeldServer;
beforeEach(async () => {
  service = await startHeldServer();
});
afterEach(async () => {
  await service.close();
});

const PAGE = { data: [], nextCursor: null, hasMore: false };
const tooMany = (retryAfter: string) =>
  [429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'Retry-After': retryAfter }] as const;
const paths = () => service.arrivals.map((r) => `${r.method} ${r.path.replace('/api/v1/', '')}`);
const POST_PROPOSALS = { method: 'POST', collection: 'proposals' } as const;
/** A connection with one request in flight at a time, on a clock the test moves. */
function oneAtATime(refused?: (message: string) => void) {
  const clock = movedClock();
  const connection = scheduledClient(
    service,
    { limits: { initial: 1, min: 1, max: 1 }, now: clock.now, sleep: clock.sleep },
    refused,
  );
  return { clock, ...connection };
}

describe('a wait the service asks for holds one kind of request', () => {
  it("the poll's Retry-After holds the poll only: a read of leases goes at once, and the poll after the wait", async () => {
    const { clock, api, scheduler } = oneAtATime();
    const poll = settled(api.listProposals({}, { priority: 'background' }));
    await holding(service, 1);
    service.held()[0]!.answer(...tooMany('59'));
    await vi.waitFor(() => expect(scheduler.status().holds).toHaveLength(1));
    expect(scheduler.status().holds[0]).toMatchObject({
      kind: { method: 'GET', collection: 'proposals' },
      until: clock.now() + 59_000,
      long: false,
    });
    // The poll's retry and a second poll wait outside the queue: with one slot, a read on screen
    // still gets it, and a submission (another kind at the same address) too.
    const again = settled(api.listProposals({ status: 'proposed' }, { priority: 'background' }));
    service.autoAnswer((r) =>
      r.method === 'POST' ? { status: 400, body: { error: { code: 'invalid_request' } } } : recordAnswer(r),
    );
    expect((await api.get('leases', 'L1')).id).toBe('L1');
    await settled(api.submitBatch(BODY, 'idem-held-1'));
    expect(paths()).toEqual(['GET proposals', 'GET leases/L1', 'POST proposals']);

    service.autoAnswer(() => ({ status: 200, body: PAGE }));
    clock.advance(59_000);
    expect(await poll).toMatchObject({ ok: true });
    expect(await again).toMatchObject({ ok: true });
    expect(paths().slice(3).sort()).toEqual(['GET proposals', 'GET proposals?status=proposed']);
    await vi.waitFor(() => expect(scheduler.status()).toMatchObject({ slowedDown: false, holds: [] }));
  });

  it('a request queued before its kind was held gives its slot back and waits; the next kind goes', async () => {
    const { clock, api } = oneAtATime();
    const first = settled(api.listProposals({}, { priority: 'background' }));
    await holding(service, 1);
    // Queued behind the one in flight: a second poll first, then a background read of payments.
    const second = settled(api.listProposals({ status: 'applied' }, { priority: 'background', order: 5 }));
    const payments = settled(api.list('payments', {}, { priority: 'background' }));
    service.held()[0]!.answer(...tooMany('30'));
    await holding(service, 1);
    expect(paths()).toEqual(['GET proposals', 'GET payments']);
    service.autoAnswer(() => ({ status: 200, body: PAGE }));
    service.held()[0]!.answer(200, PAGE);
    expect(await payments).toMatchObject({ ok: true });
    clock.advance(30_000);
    expect(await first).toMatchObject({ ok: true });
    expect(await second).toMatchObject({ ok: true });
    expect(service.arrivals).toHaveLength(4);
  });

  it('a wait longer than a minute refuses that kind at once, naming when, and sends none of it', async () => {
    const { clock, api, scheduler } = oneAtATime();
    const first = settled(api.list('leases'));
    await holding(service, 1);
    service.held()[0]!.answer(...tooMany('600'));
    expect(await first).toMatchObject({ ok: false, error: { code: 'rate_limited', status: 429 } });
    const refused = await settled(api.list('leases', { limit: 5 }, { priority: 'background' }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'rate_limited', retryAfterMs: 600_000 } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^The service asked PropDesk to wait about 10 minutes before reading leases again/,
    );
    expect(service.arrivals).toHaveLength(1);
    // Another collection goes on.
    service.autoAnswer(() => ({ status: 200, body: PAGE }));
    expect(await settled(api.list('tenants'))).toMatchObject({ ok: true });
    // At its end the kind goes again.
    clock.advance(600_000);
    await vi.waitFor(() => expect(scheduler.status().holds).toEqual([]));
    expect(await settled(api.list('leases'))).toMatchObject({ ok: true });
    expect(paths()).toEqual(['GET leases', 'GET tenants', 'GET leases']);
  });

  it('a crafted Retry-After is held 24 hours at most, said once, and "Try now" lifts it', async () => {
    const heard: string[] = [];
    const { clock, api, scheduler } = oneAtATime((message) => heard.push(message));
    for (const [key, header] of [
      ['idem-a', '99999999999999'],
      ['idem-b', 'Fri, 31 Dec 9999 23:59:59 GMT'],
      ['idem-c', 'Sat, 01 Jan 275761 00:00:00 GMT'],
    ] as const) {
      scheduler.liftHold(POST_PROPOSALS);
      const sent = settled(api.submitBatch(BODY, key));
      await vi.waitFor(() => expect(service.held()).toHaveLength(1));
      service.held()[0]!.answer(...tooMany(header));
      const outcome = await sent;
      expect(outcome).toMatchObject({
        ok: false,
        error: { code: 'rate_limited', retryAfterMs: LONGEST_WAIT_MS },
      });
      expect(scheduler.status().holds).toEqual([
        { kind: POST_PROPOSALS, until: clock.now() + LONGEST_WAIT_MS, long: true },
      ]);
    }
    expect(heard).toHaveLength(3);
    expect(heard[0]).toMatch(
      /asked PropDesk to wait longer than it waits for any service .*it waits 24 hours/,
    );
    // Held: refused without sending, naming the time.
    const refused = await settled(api.submitBatch(BODY, 'idem-d'));
    expect(!refused.ok && refused.error.message).toMatch(
      /^The service asked PropDesk to wait until .+ \(about 24 hours from now\) before sending suggestions again/,
    );
    expect(service.arrivals).toHaveLength(3);
    // "Try now": the next one is sent.
    expect(scheduler.liftHold(POST_PROPOSALS)).toBe(true);
    service.autoAnswer(() => ({ status: 201, body: CREATED }));
    expect(await settled(api.submitBatch(BODY, 'idem-e'))).toMatchObject({ ok: true });
    expect(service.arrivals).toHaveLength(4);
  });

  it('a stop ends the requests waiting for a hold at once, as cancelled by the close', async () => {
    const { api, scheduler } = oneAtATime();
    const poll = settled(api.listProposals({}, { priority: 'background' }));
    await holding(service, 1);
    service.held()[0]!.answer(...tooMany('59'));
    await vi.waitFor(() => expect(scheduler.status().holds).toHaveLength(1));
    const submitted = settled(api.submitBatch(BODY, 'idem-stop'));
    service.autoAnswer(() => ({ status: 429, headers: { 'Retry-After': '59' } }));
    await vi.waitFor(() => expect(service.arrivals).toHaveLength(2));
    scheduler.abortAll('closing');
    expect(await poll).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const stopped = await submitted;
    expect(stopped).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    // It had been sent once before the hold: it may have arrived, so the outbox keeps its key.
    expect(!stopped.ok && stopped.error.undelivered).toBe(false);
    expect(service.arrivals).toHaveLength(2);
  });
});
