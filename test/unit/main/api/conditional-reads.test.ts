// Conditional re-reads against the real sandbox. Started with `etags`, it sends an ETag with every
// record and listing and answers 304 when the caller names the version it holds: a background re-read
// of an unchanged page then costs no body (counted at the sandbox) and lands nothing new in the
// offline copy, while a page a colleague changed is read whole. Without the flag nothing changes:
// no validator, no condition, every read whole. What is kept stays in memory, within its budget,
// and only values that can be sent back are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { PageValidators } from '../../../../src/main/api/page-validators';
import { RequestScheduler } from '../../../../src/main/api/scheduler/request-scheduler';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { Colleague } from '../../../support/colleague';
import { offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

/** What reached the service and how it was answered: the condition sent, the status, the body's size. */
interface Exchange {
  condition: string | null;
  status: number;
  bodyBytes: number;
}

function watchedClient(sandbox: Sandbox, exchanges: Exchange[]): ApiClient {
  const watching: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    const body = await answer.clone().arrayBuffer();
    const headers = new Headers(init?.headers);
    exchanges.push({
      condition: headers.get('if-none-match'),
      status: answer.status,
      bodyBytes: body.byteLength,
    });
    return answer;
  };
  return new ApiClient({
    baseUrl: sandbox.baseUrl,
    getApiKey: () => sandbox.keys.find((k) => k.name === 'full')!.key,
    fetch: watching,
    scheduler: new RequestScheduler(),
  });
}

const firstPage = { filters: {}, limit: 100 };

describe('a service that sends ETags (the sandbox with etags)', () => {
  let sandbox: Sandbox;
  const exchanges: Exchange[] = [];
  let client: ApiClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, etags: true, colleague: true });
    client = watchedClient(sandbox, exchanges);
  });
  afterAll(() => sandbox.close());

  it('answers an unchanged page re-read in the background with 304 and no body, and a changed one whole', async () => {
    const first = await client.list('maintenance_requests', firstPage, { priority: 'background' });
    expect(exchanges.at(-1)).toMatchObject({ condition: null, status: 200 });
    expect(sandbox.control.unchangedCount()).toBe(0);

    const again = await client.list('maintenance_requests', firstPage, { priority: 'background' });
    expect(sandbox.control.unchangedCount()).toBe(1);
    expect(exchanges.at(-1)).toMatchObject({ status: 304, bodyBytes: 0 });
    expect(exchanges.at(-1)!.condition).toMatch(/^".+"$/);
    expect(again).toEqual(first);

    // A colleague retitles a request on that page: the next re-read is answered whole, with the change.
    const changed = first.data[3]!;
    await new Colleague(sandbox.baseUrl).change('maintenance_requests', changed.id, {
      title: 'Porch light flickers',
    });
    const after = await client.list('maintenance_requests', firstPage, { priority: 'background' });
    expect(sandbox.control.unchangedCount()).toBe(1);
    expect(exchanges.at(-1)!.status).toBe(200);
    expect(exchanges.at(-1)!.bodyBytes).toBeGreaterThan(1000);
    expect(after.data.find((r) => r.id === changed.id)!.title).toBe('Porch light flickers');

    // The version just read is the one named next time.
    await client.list('maintenance_requests', firstPage, { priority: 'background' });
    expect(sandbox.control.unchangedCount()).toBe(2);
  });

  it('asks only for background re-reads: what someone waits for on screen is read whole', async () => {
    const filtered = { filters: { priority: 'emergency' }, limit: 100 };
    await client.list('maintenance_requests', filtered, { priority: 'interactive' });
    await client.list('maintenance_requests', filtered, { priority: 'interactive' });
    expect(exchanges.slice(-2).map((e) => [e.condition, e.status])).toEqual([
      [null, 200],
      [null, 200],
    ]);
  });
});

describe('a service that sends no validators (the sandbox as the demo runs it)', () => {
  let sandbox: Sandbox;
  const exchanges: Exchange[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(() => sandbox.close());

  it('reads every page whole, as before, and asks no condition', async () => {
    const client = watchedClient(sandbox, exchanges);
    const raw = await fetch(`${sandbox.baseUrl}/api/v1/units?limit=5`, {
      headers: { Authorization: `Bearer ${sandbox.keys.find((k) => k.name === 'full')!.key}` },
    });
    expect(raw.headers.get('etag')).toBeNull();
    for (let i = 0; i < 3; i++) await client.list('units', firstPage, { priority: 'background' });
    expect(exchanges.map((e) => [e.condition, e.status])).toEqual([
      [null, 200],
      [null, 200],
      [null, 200],
    ]);
    expect(sandbox.control.unchangedCount()).toBe(0);
  });
});

describe('a screen checked with a service that sends ETags', () => {
  let fx: OfflineCopyFixture;
  beforeAll(async () => {
    fx = await offlineCopyFixture({ port: 0, etags: true, colleague: true });
    await offlineCopyToEnd(fx.services);
  });
  afterAll(() => fx.close());

  it('lands nothing from a 304, and lands a colleague’s change read whole', async () => {
    const shown = {
      connectionId: fx.connectionId,
      kind: 'page' as const,
      collection: 'maintenance_requests' as const,
      filters: {},
      limit: 100,
      onOrAfter: {},
    };
    await fx.services.copyRefresh.checkNow(shown);
    const before = fx.sandbox.control.unchangedCount();
    expect(await fx.services.copyRefresh.checkNow(shown)).toBe(0);
    expect(fx.sandbox.control.unchangedCount()).toBe(before + 1);

    const [record] = fx.services.store.offlineCopies.records(fx.connectionId, 'maintenance_requests');
    await new Colleague(fx.sandbox.baseUrl).change('maintenance_requests', record!.id, {
      title: 'Gate latch sticks',
    });
    expect(await fx.services.copyRefresh.checkNow(shown)).toBe(1);
    expect(fx.sandbox.control.unchangedCount()).toBe(before + 1);
    const stored = fx.services.store.offlineCopies
      .records(fx.connectionId, 'maintenance_requests')
      .find((r) => r.id === record!.id);
    expect(stored!.title).toBe('Gate latch sticks');
  });
});

describe('what is kept for conditional re-reads', () => {
  const withHeaders = (headers: Record<string, string>) => new Headers(headers);

  it('keeps an answer only with a validator that can be sent back', () => {
    const kept = new PageValidators();
    kept.remember('https://a.example/api/v1/units', withHeaders({}), '{"data":[]}');
    kept.remember('https://a.example/api/v1/leases', withHeaders({ ETag: '"caf\u00e9"' }), '{}');
    expect(kept.size).toBe(0);
    kept.remember(
      'https://a.example/api/v1/tenants',
      withHeaders({ 'Last-Modified': 'Sat, 28 Nov 2026' }),
      '{}',
    );
    expect(kept.conditionFor('https://a.example/api/v1/tenants')!.headers).toEqual({
      'If-Modified-Since': 'Sat, 28 Nov 2026',
    });
    // An answer without a validator replaces the kept one: nothing stale is asked for.
    kept.remember('https://a.example/api/v1/tenants', withHeaders({}), '{}');
    expect(kept.conditionFor('https://a.example/api/v1/tenants')).toBeUndefined();
  });

  it('stays within its byte budget, letting the least recently used go first', () => {
    const kept = new PageValidators(40_000);
    const text = 'x'.repeat(4_000);
    for (let page = 0; page < 10; page++)
      kept.remember(`https://a.example/p${page}`, withHeaders({ ETag: `"v${page}"` }), text);
    expect(kept.size).toBeLessThan(10);
    expect(kept.conditionFor('https://a.example/p0')).toBeUndefined();
    expect(kept.conditionFor('https://a.example/p9')!.headers).toEqual({ 'If-None-Match': '"v9"' });
  });
});
