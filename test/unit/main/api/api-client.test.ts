// ApiClient with a scripted fetch: what is sent (auth, URL, body bytes), what the user sees when the
// service says no, and when it retries. Real HTTP is covered by the local-server and sandbox tests.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import type { ApiClientOptions } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';

const KEY = 'pdk_TestKey0123456789abcdefGHIJ';
type Step = Response | Error | ((init: RequestInit) => Response | Promise<Response>);

function scripted(steps: Step[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchFn = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const step = steps.shift();
    if (!step) throw new Error('no more scripted answers');
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(init ?? {}) : step;
  }) as typeof fetch;
  return { fetchFn, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const page = (ids: string[], nextCursor: string | null) =>
  json(200, { data: ids.map((id) => ({ id })), nextCursor, hasMore: nextCursor !== null });

function client(steps: Step[], extra: Partial<ApiClientOptions> = {}) {
  const s = scripted(steps);
  const sleeps: number[] = [];
  const outcomes: boolean[] = [];
  const api = new ApiClient({
    baseUrl: 'https://pm.example.com/base/',
    getApiKey: async () => KEY,
    fetch: s.fetchFn,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    onOutcome: (online) => outcomes.push(online),
    ...extra,
  });
  return { api, calls: s.calls, sleeps, outcomes };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const submitBody = JSON.stringify({
  label: 'Rent review',
  changes: [
    { operation: 'update', resourceType: 'lease', resourceId: 'lease_1', fields: { monthly_rent: 1500 } },
  ],
});
const created = {
  data: {
    batchId: 'b1',
    status: 'awaiting_human_approval',
    message: 'Recorded as suggestions only; nothing has changed yet.',
    reviewUrl: 'https://pm.example.com/review?batch=b1',
    proposals: [],
  },
};

describe('ApiClient requests', () => {
  it('sends a Bearer key in the header only, filters and paging in the query, below the base path', async () => {
    const { api, calls, outcomes } = client([page(['l1'], null)]);
    const result = await api.list('leases', {
      filters: { status: 'active', end_date: '2025-12-31' },
      limit: 50,
    });
    expect(result.data).toEqual([{ id: 'l1' }]);
    expect(calls[0]!.url).toBe(
      'https://pm.example.com/base/api/v1/leases?status=active&end_date=2025-12-31&limit=50',
    );
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${KEY}`);
    expect(calls[0]!.url).not.toContain(KEY);
    expect(outcomes).toEqual([true]);
  });

  it('refuses unknown or malformed filters before any request', async () => {
    const { api, calls } = client([]);
    expect((await failure(api.list('leases', { filters: { colour: 'red' } }))).code).toBe('invalid_input');
    expect((await failure(api.list('properties', { filters: { is_active: 'yes' } }))).message).toMatch(
      /true or false/,
    );
    expect((await failure(api.list('payments', { limit: 500 }))).code).toBe('invalid_input');
    expect(calls).toHaveLength(0);
  });

  it('rejects base URLs that are not https (or http to this computer) or carry credentials', () => {
    const base = { getApiKey: () => KEY, fetch: globalThis.fetch };
    expect(() => new ApiClient({ ...base, baseUrl: 'ftp://pm.example.com' })).toThrow(/https:\/\//);
    expect(() => new ApiClient({ ...base, baseUrl: 'http://pm.example.com' })).toThrow(/unencrypted/);
    expect(() => new ApiClient({ ...base, baseUrl: `https://user:${KEY}@pm.example.com` })).toThrow(
      /own field/,
    );
  });

  it('says there is no key instead of sending an unauthenticated request', async () => {
    const { api, calls } = client([], { getApiKey: () => undefined });
    expect((await failure(api.get('leases', 'l1'))).code).toBe('no_api_key');
    expect(calls).toHaveLength(0);
  });

  it('follows cursors to the end and stops when a cursor repeats', async () => {
    const { api } = client([page(['a'], 'c1'), page(['b'], 'c2'), page(['c'], null)]);
    const ids: string[] = [];
    for await (const p of api.listAll('units')) ids.push(...p.data.map((r) => r.id));
    expect(ids).toEqual(['a', 'b', 'c']);
    const looping = client([page(['a'], 'c1'), page(['b'], 'c1')]);
    const error = await failure(
      (async () => {
        for await (const _ of looping.api.listAll('units')) {
          /* read */
        }
      })(),
    );
    expect(error.code).toBe('bad_response');
    expect(error.message).toMatch(/same list position twice/);
  });
});

describe('ApiClient errors a landlord understands', () => {
  it('401: the key was not accepted; ask an Admin', async () => {
    const { api } = client([json(401, { error: { code: 'unauthorized', message: `bad key ${KEY}` } })]);
    const error = await failure(api.list('leases'));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(error.message).toMatch(/didn't accept this connection's API key.*ask an Admin/);
    expect(JSON.stringify(error.toAppError())).not.toContain(KEY);
  });

  it('403: names what was refused and the scope it needs', async () => {
    const { api } = client([json(403, { code: 'forbidden', message: 'nope' })]);
    const error = await failure(api.list('maintenance_requests'));
    expect(error.message).toBe(
      "This API key isn't allowed to read maintenance requests (needs the scope maintenance:read). An Admin can add it in API & Automation.",
    );
    const submit = client([json(403, {})]);
    expect((await failure(submit.api.submitBatch(submitBody, 'k-1'))).message).toMatch(
      /suggest changes to leases \(needs the scope leases:propose\)/,
    );
  });

  it('a not_found code wins over an unexpected status; a bad cursor is not silently restarted', async () => {
    const { api, calls } = client([
      json(400, { error: { code: 'not_found', message: 'No such record' } }),
      json(400, { error: { code: 'invalid_request', message: 'Cursor is malformed' } }),
    ]);
    const missing = await failure(api.get('leases', 'lease_x'));
    expect(missing.code).toBe('not_found');
    expect(missing.message).toMatch(/That lease wasn't found/);
    const cursor = await failure(api.list('leases', { cursor: 'bogus' }));
    expect(cursor.code).toBe('invalid_cursor');
    expect(cursor.message).toMatch(/reload the list from the start/);
    expect(calls).toHaveLength(2);
  });

  it('reads problem+json, {errors:[…]} and plain text bodies; ignores HTML', async () => {
    const { api } = client([
      new Response(
        JSON.stringify({
          type: 'https://x/probs/bad-filter',
          title: 'Bad filter',
          detail: 'status must be one of active, ended',
        }),
        { status: 422, headers: { 'content-type': 'application/problem+json' } },
      ),
      json(400, { errors: [{ field: 'limit', message: 'too big' }] }),
      new Response('Service temporarily\u0007 closed', { status: 400 }),
      new Response('<html><body><h1>502 Bad Gateway</h1><script>x()</script></body></html>', {
        status: 400,
        headers: { 'content-type': 'text/html' },
      }),
    ]);
    expect((await failure(api.list('leases'))).message).toMatch(/status must be one of active, ended/);
    expect((await failure(api.list('leases'))).message).toMatch(/limit: too big/);
    expect((await failure(api.list('leases'))).message).toMatch(/“Service temporarily closed”/);
    const html = await failure(api.list('leases'));
    expect(html.message).not.toMatch(/<|script|Bad Gateway/);
    expect(html.message).toMatch(/HTTP 400/);
  });

  it('a 200 that is not the documented envelope is a bad_response, not a crash', async () => {
    const { api } = client([json(200, { items: [] }), new Response('<html>portal</html>', { status: 200 })]);
    expect((await failure(api.list('leases'))).code).toBe('bad_response');
    expect((await failure(api.list('leases'))).message).toMatch(/couldn't understand/);
  });

  it('network failures say the host cannot be reached and report offline', async () => {
    const down = new TypeError('fetch failed');
    const { api, outcomes, calls } = client([down, down, down, down]);
    const error = await failure(api.list('leases'));
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/^Can't reach pm\.example\.com\. Check your internet connection/);
    expect(calls).toHaveLength(4);
    expect(outcomes).toEqual([false]);
  });
});

describe('ApiClient retries', () => {
  it('GET retries 5xx and 429 with backoff, then succeeds', async () => {
    const { api, sleeps, calls } = client([json(503, {}), json(429, {}), page(['a'], null)]);
    await api.list('leases');
    expect(calls).toHaveLength(3);
    // Full jitter with random()=0.5: half of 250·2^attempt.
    expect(sleeps).toEqual([125, 250]);
  });

  it('honours Retry-After in seconds and turns a long wait into a rate_limited error saying when', async () => {
    const { api, sleeps } = client([json(429, {}, { 'retry-after': '2' }), page([], null)]);
    await api.list('leases');
    expect(sleeps).toEqual([2000]);
    const long = client([json(429, {}, { 'retry-after': '600' })]);
    const error = await failure(long.api.list('leases'));
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 600_000, status: 429 });
    expect(error.message).toMatch(/Try again in about 10 minutes/);
    expect(long.calls).toHaveLength(1);
  });

  it('never retries other 4xx answers', async () => {
    const { api, calls } = client([json(400, {})]);
    await failure(api.list('leases'));
    expect(calls).toHaveLength(1);
  });

  it('submitBatch retries with the same key and byte-identical body, never on 409', async () => {
    const { api, calls } = client([new TypeError('fetch failed'), json(502, {}), json(201, created)]);
    const result = await api.submitBatch(submitBody, 'idem-123');
    expect(result.batchId).toBe('b1');
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.init.body).toBe(submitBody);
      expect((call.init.headers as Record<string, string>)['Idempotency-Key']).toBe('idem-123');
      expect(call.init.method).toBe('POST');
    }
    const conflict = client([
      json(409, { error: { code: 'idempotency_conflict', message: 'different body' } }),
    ]);
    const error = await failure(conflict.api.submitBatch(submitBody, 'idem-123'));
    expect(error.code).toBe('idempotency_conflict');
    expect(conflict.calls).toHaveLength(1);
  });

  it('refuses to send a batch that does not have the documented shape', async () => {
    const { api, calls } = client([]);
    expect((await failure(api.submitBatch('{"changes":[]}', 'k'))).code).toBe('invalid_input');
    expect((await failure(api.submitBatch('not json', 'k'))).code).toBe('invalid_input');
    expect(calls).toHaveLength(0);
  });

  it('times out a silent server and can be cancelled by the caller', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const { api, calls } = client([hang, hang], { timeoutMs: 30, maxRetries: 1 });
    const error = await failure(api.list('leases'));
    expect(error.code).toBe('timeout');
    expect(calls).toHaveLength(2);
    const controller = new AbortController();
    const c2 = client([hang], { timeoutMs: 5_000 });
    const pending = failure(c2.api.list('leases', {}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 10);
    expect((await pending).code).toBe('cancelled');
  });

  it('does not follow redirects that could carry the key elsewhere', async () => {
    const { api, calls } = client([
      new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }),
    ]);
    const error = await failure(api.list('leases'));
    expect(error.code).toBe('redirected');
    expect(error.message).toContain('a redirect to https://evil.example;');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.redirect).toBe('manual');
  });
});
