// The request scheduler over real HTTP, against a small service in the test that holds each request
// until the test answers it: what reaches the service, in what order, how many at once, and what the
// callers get. Order and counts only; nothing here depends on how long anything takes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../../../src/main/api/api-client';
import { ApiError } from '../../../../../src/main/api/errors/api-error';
import { RequestScheduler } from '../../../../../src/main/api/scheduler/request-scheduler';
import type { SchedulerOptions } from '../../../../../src/main/api/scheduler/request-scheduler';
import { recordAnswer, startHeldServer } from '../../../../support/held-server';
import type { HeldServer } from '../../../../support/held-server';
import {
  CREATED_ANSWER as created,
  holding as heldAt,
  movedClock,
  ONE_CHANGE_BODY as submitBody,
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

const connect = (options: SchedulerOptions = {}) => scheduledClient(service, options);
const holding = (count: number) => heldAt(service, count);
const paths = () => service.arrivals.map((r) => r.path.replace('/api/v1/', ''));

describe('priorities', () => {
  it('sends what the user is looking at before every queued background read, after only those in flight', async () => {
    const { api } = connect({ limits: { initial: 2, min: 1, max: 2 } });
    const background = Array.from({ length: 8 }, (_, i) =>
      api.get('leases', `B${i}`, { priority: 'background' }),
    );
    await holding(2);
    const onScreen = api.get('leases', 'SEEN');
    service.autoAnswer(recordAnswer);
    for (const request of service.held())
      request.answer(200, { data: { id: request.path.split('/').at(-1) } });
    expect((await onScreen).id).toBe('SEEN');
    expect((await Promise.all(background)).map((r) => r.id)).toEqual(
      Array.from({ length: 8 }, (_, i) => `B${i}`),
    );
    // The two in flight, then the read on screen, then the queued background reads in their order.
    expect(paths()).toEqual([
      'leases/B0',
      'leases/B1',
      'leases/SEEN',
      ...Array.from({ length: 6 }, (_, i) => `leases/B${i + 2}`),
    ]);
  });

  it('a submission goes before queued reads of either kind', async () => {
    const { api } = connect({ limits: { initial: 1, min: 1, max: 1 } });
    const first = api.get('leases', 'B0', { priority: 'background' });
    await holding(1);
    const reads = [api.get('leases', 'B1', { priority: 'background' }), api.get('leases', 'SEEN')];
    const submitted = api.submitBatch(submitBody, 'idem-1');
    service.autoAnswer((r) => (r.method === 'POST' ? { status: 201, body: created } : recordAnswer(r)));
    service.held()[0]!.answer(200, { data: { id: 'B0' } });
    await Promise.all([first, ...reads, submitted]);
    expect(paths()).toEqual(['leases/B0', 'proposals', 'leases/SEEN', 'leases/B1']);
  });

  it('a queued background read asked for again on screen moves up with it and is read once', async () => {
    const { api } = connect({ limits: { initial: 1, min: 1, max: 1 } });
    const reads = ['B0', 'B1', 'B2', 'WANTED'].map((id) => api.get('leases', id, { priority: 'background' }));
    await holding(1);
    const onScreen = api.get('leases', 'WANTED');
    service.autoAnswer(recordAnswer);
    service.held()[0]!.answer(200, { data: { id: 'B0' } });
    expect((await onScreen).id).toBe('WANTED');
    await Promise.all(reads);
    expect(paths()).toEqual(['leases/B0', 'leases/WANTED', 'leases/B1', 'leases/B2']);
  });

  it('within the background work a larger order goes first, and no order passes a read on screen', async () => {
    const { api } = connect({ limits: { initial: 1, min: 1, max: 1 } });
    const first = api.get('leases', 'B0', { priority: 'background' });
    await holding(1);
    const reads = [
      api.get('leases', 'SHORT', { priority: 'background', order: 2 }),
      api.get('leases', 'NONE', { priority: 'background' }),
      api.get('leases', 'LONG', { priority: 'background', order: 900 }),
      api.get('leases', 'SEEN'),
      api.get('leases', 'HUGE', { priority: 'background', order: Number.MAX_SAFE_INTEGER }),
    ];
    service.autoAnswer(recordAnswer);
    service.held()[0]!.answer(200, { data: { id: 'B0' } });
    await Promise.all([first, ...reads]);
    expect(paths()).toEqual([
      'leases/B0',
      'leases/SEEN',
      'leases/HUGE',
      'leases/LONG',
      'leases/SHORT',
      'leases/NONE',
    ]);
  });
});

describe('the pace the service allows', () => {
  it('the most urgent request goes past the pace’s wait, one at a time; the rest keep to the pace', async () => {
    // A clock the test moves: every wait of the scheduler ends only when the test says.
    const clock = movedClock(0);
    const advance = clock.advance;
    const { api, scheduler } = connect({
      limits: { initial: 8, min: 8, max: 8 },
      now: clock.now,
      sleep: clock.sleep,
      pace: { minSample: 2, below: 0.5 },
    });
    // Four reads in one moment, the last refused as too many: three a second went through, so
    // PropDesk keeps to 1.5 a second (a send every 667 ms).
    const first = ['A1', 'A2', 'A3', 'A4'].map((id) => api.get('leases', id, { priority: 'background' }));
    await holding(4);
    for (const request of service.held().slice(0, 3)) request.answer(200, { data: { id: 'A' } });
    service
      .held()[0]!
      .answer(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'Retry-After': '1' });
    await vi.waitFor(() => expect(scheduler.status().requestsPerSecond).toBe(1.5));
    advance(1_000);
    await holding(1);
    service.held()[0]!.answer(200, { data: { id: 'A4' } });
    await Promise.all(first);
    advance(1_000);
    // The pace's wait ends (its timer's callback has run) before the next reads are asked for.
    await vi.waitFor(() => expect(clock.sleeping()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 10));
    service.arrivals.length = 0;

    // One read goes and the pace holds the next; two more wait for their turn.
    const reads = [api.get('leases', 'B1', { priority: 'background' })];
    await holding(1);
    reads.push(
      api.get('leases', 'B2', { priority: 'background' }),
      api.get('leases', 'B3', { priority: 'background' }),
    );
    // The longest listing's next page outranks them and goes at once, without the clock moving…
    reads.push(api.get('leases', 'LONG', { priority: 'background', order: 50 }));
    await holding(2);
    // …but only one goes ahead: a read on screen now waits for the pace, then goes first.
    reads.push(api.get('leases', 'SEEN'));
    await holding(2);
    service.autoAnswer(recordAnswer);
    for (const request of service.held()) request.answer(200, { data: { id: 'x' } });
    for (let i = 0; i < 4 && service.arrivals.length < 5; i++) {
      advance(700);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await Promise.all(reads);
    expect(paths()).toEqual(['leases/B1', 'leases/LONG', 'leases/SEEN', 'leases/B2', 'leases/B3']);
  });
});

describe('sharing', () => {
  it('two identical reads in flight are one request, and both callers get its answer', async () => {
    const { api } = connect();
    const a = api.get('leases', 'L1');
    const b = api.get('leases', 'L1', { priority: 'background' });
    await holding(1);
    service.held()[0]!.answer(200, { data: { id: 'L1', monthly_rent: 900 } });
    expect(await a).toEqual({ id: 'L1', monthly_rent: 900 });
    expect(await b).toEqual({ id: 'L1', monthly_rent: 900 });
    expect(service.arrivals).toHaveLength(1);
    // Once answered, the next read of it is a new request.
    service.autoAnswer(recordAnswer);
    await api.get('leases', 'L1');
    expect(service.arrivals).toHaveLength(2);
  });

  it('reads with another query are not shared, and a submission is never shared', async () => {
    const { api } = connect();
    service.autoAnswer((r) =>
      r.method === 'POST'
        ? { status: 201, body: created }
        : { status: 200, body: { data: [], nextCursor: null, hasMore: false } },
    );
    await Promise.all([
      api.list('leases', { limit: 5 }),
      api.list('leases', { limit: 6 }),
      api.submitBatch(submitBody, 'idem-2'),
      api.submitBatch(submitBody, 'idem-2'),
    ]);
    expect(service.arrivals.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(service.arrivals.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it("a caller's cancel lets go of a shared read for that caller only; the last one to go stops it", async () => {
    const { api } = connect();
    const first = new AbortController();
    const second = new AbortController();
    const a = settled(api.get('leases', 'L1', { signal: first.signal }));
    const b = settled(api.get('leases', 'L1', { signal: second.signal }));
    await holding(1);
    first.abort();
    expect(await a).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(service.arrivals[0]!.abandoned).toBe(false);
    second.abort();
    expect(await b).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await vi.waitFor(() => expect(service.arrivals[0]!.abandoned).toBe(true));

    // Kept by one of two: the one left gets the answer.
    const third = new AbortController();
    const c = settled(api.get('leases', 'L2', { signal: third.signal }));
    const d = api.get('leases', 'L2');
    await holding(1);
    third.abort();
    expect(await c).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    service.held()[0]!.answer(200, { data: { id: 'L2' } });
    expect((await d).id).toBe('L2');
    expect(service.arrivals).toHaveLength(2);
  });
});

describe('adapting to the service', () => {
  it('halves what it sends at once after 503s, then grows again while answers come', async () => {
    const { api, scheduler } = connect({ limits: { initial: 4, min: 1, max: 8 } });
    const reads = Array.from({ length: 24 }, (_, i) =>
      settled(api.get('leases', `L${i}`, { priority: 'background' })),
    );
    await holding(4);
    expect(service.peak()).toBe(4);
    // The four in flight are all refused as unavailable: one burst, one cut.
    for (const request of service.held()) request.answer(503, { error: { code: 'unavailable' } });
    await holding(2);
    expect(scheduler.status().concurrency).toBe(2);
    service.resetPeak();
    // Answers come one at a time; after each full round the service gets one more at once.
    const openCounts: number[] = [];
    while (service.held().length > 0) {
      const before = service.arrivals.length;
      service.held()[0]!.answer(200, { data: { id: 'x' } });
      // 4 refused and 24 answered: until all 28 have arrived, each answer lets at least one more in.
      if (before < 28) await vi.waitFor(() => expect(service.arrivals.length).toBeGreaterThan(before));
      await new Promise((resolve) => setTimeout(resolve, 30));
      openCounts.push(service.held().length);
    }
    const results = await Promise.all(reads);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(openCounts.slice(0, 2)).toEqual([2, 3]);
    expect(Math.max(...openCounts)).toBeGreaterThanOrEqual(4);
    expect(service.peak()).toBeLessThanOrEqual(scheduler.status().concurrency);
    expect(scheduler.status().concurrency).toBeGreaterThan(2);
  });
});

describe('stopping a connection', () => {
  it('refuses what is queued at once, aborts what is in flight, and takes no more work', async () => {
    const { api, scheduler } = connect({ limits: { initial: 3, min: 1, max: 3 } });
    const reads = Array.from({ length: 10 }, (_, i) =>
      settled(api.get('leases', `L${i}`, { priority: 'background' })),
    );
    const submitted = settled(api.submitBatch(submitBody, 'idem-3'));
    await holding(3);
    scheduler.abortAll('moved');
    const outcomes = await Promise.all([...reads, submitted]);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.code).toBe('connection_changed');
    }
    // The queued submission never left: it says so, so the outbox may still withdraw it.
    const submission = outcomes.at(-1)!;
    expect(!submission.ok && submission.error.undelivered).toBe(true);
    await vi.waitFor(() => expect(service.arrivals.filter((r) => r.abandoned)).toHaveLength(3));
    expect(service.arrivals).toHaveLength(3);
    const later = await settled(api.get('leases', 'AFTER'));
    expect(later).toMatchObject({ ok: false, error: { code: 'connection_changed' } });
    expect(service.arrivals).toHaveLength(3);
  });

  it('a submission stopped while its key is still being read from the keychain never left, and says so', async () => {
    const scheduler = new RequestScheduler();
    // A keychain that has not answered yet (locked, or slow to wake): the send waits on it.
    const api = new ApiClient({
      baseUrl: service.baseUrl,
      getApiKey: () => new Promise<string>(() => undefined),
      fetch,
      scheduler,
      random: () => 0,
    });
    const submitted = settled(api.submitBatch(submitBody, 'idem-key-read'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    scheduler.abortAll('moved');
    const outcome = await submitted;
    expect(outcome).toMatchObject({ ok: false, error: { code: 'connection_changed' } });
    // Nothing reached any server, so the outbox may still let the user withdraw it.
    expect(!outcome.ok && outcome.error.undelivered).toBe(true);
    expect(service.arrivals).toHaveLength(0);
  });

  it('a stopped connection sends nothing more, and says why', async () => {
    const { api, scheduler } = connect();
    scheduler.abortAll('removed');
    const error = await api.list('leases').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/removed/);
    expect(service.arrivals).toHaveLength(0);
  });
});
