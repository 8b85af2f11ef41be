// ApiClient over real HTTP against a tiny local server: Retry-After as an HTTP-date, and fuzzed
// error bodies of every shape, which must give a clear message: no crash, no HTML, never the key.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import { parseRetryAfter } from '../../../../src/main/api/retry-policy';

const KEY = 'pdk_LocalKey9876543210zyxwvuTSRQ';
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('Retry-After over HTTP', () => {
  it('waits until an HTTP-date, then succeeds', async () => {
    const now = Date.UTC(2025, 5, 1, 12, 0, 0);
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(503, {
          'Retry-After': new Date(now + 3_000).toUTCString(),
          'Content-Type': 'text/plain',
        });
        res.end('Down for maintenance');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: 'p1' }], nextCursor: null, hasMore: false }));
    };
    const sleeps: number[] = [];
    const api = new ApiClient({
      baseUrl,
      getApiKey: () => KEY,
      fetch,
      now: () => now,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect((await api.list('properties')).data).toHaveLength(1);
    expect(sleeps).toEqual([3_000]);
  });

  it('an HTTP-date beyond the cap becomes rate_limited with the wait, without waiting', async () => {
    const now = Date.UTC(2025, 5, 1, 12, 0, 0);
    handler = (_req, res) => {
      res.writeHead(429, { 'Retry-After': new Date(now + 2 * 3600_000).toUTCString() });
      res.end();
    };
    const api = new ApiClient({
      baseUrl,
      getApiKey: () => KEY,
      fetch,
      now: () => now,
      sleep: async () => {
        throw new Error('must not wait');
      },
    });
    const error = (await api.list('properties').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 7_200_000 });
    expect(error.message).toMatch(/Try again in about 2 hours/);
  });

  it('parses both forms and rejects nonsense', () => {
    const now = Date.parse('Sun, 01 Jun 2025 12:00:00 GMT');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

const text = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    KEY,
    `Bearer ${KEY}`,
    `Authorization: Bearer ${KEY}`,
    '<b>bold</b>',
    '<script>alert(1)</script>',
    '\u202eevil',
    'x'.repeat(5000),
  ),
);
const errorBody = fc.oneof(
  fc.record(
    {
      error: fc.record(
        {
          code: fc.oneof(text, fc.constantFrom('not_found', 'invalid_request')),
          message: text,
          details: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  fc.record({ code: text, message: text }, { requiredKeys: [] }),
  fc.record({
    errors: fc.array(fc.oneof(text, fc.record({ message: text, field: text }, { requiredKeys: [] })), {
      maxLength: 5,
    }),
  }),
  fc.record({ type: text, title: text, detail: text }, { requiredKeys: [] }),
  fc.anything(),
);
const rawBody = fc.oneof(
  errorBody.map((b) => ({ type: 'application/json', body: JSON.stringify(b) ?? 'null' })),
  errorBody.map((b) => ({ type: 'application/problem+json', body: JSON.stringify(b) ?? 'null' })),
  text.map((t) => ({ type: 'text/plain', body: t })),
  text.map((t) => ({ type: 'text/html', body: `<!doctype html><html><body><h1>${t}</h1></body></html>` })),
  fc
    .uint8Array({ maxLength: 300 })
    .map((b) => ({ type: 'application/octet-stream', body: Buffer.from(b).toString('latin1') })),
  fc.constant({ type: 'application/json', body: `{"error":{"message":"${'A'.repeat(100_000)}"}}` }),
);

describe('fuzzed error bodies', () => {
  it('always give an ApiError with a clean, bounded message: no HTML, no control characters, never the key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(400, 401, 403, 404, 409, 422, 429, 500, 503),
        rawBody,
        async (status, { type, body }) => {
          // A client of its own for each answer: the pace a run of "too many requests" would set is
          // the scheduler's business (tested on its own), not the wording's.
          const api = new ApiClient({ baseUrl, getApiKey: () => KEY, fetch, maxRetries: 0 });
          handler = (_req, res) => {
            res.writeHead(status, { 'Content-Type': type });
            res.end(body);
          };
          const error = await api.list('leases', { cursor: 'c1' }).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ApiError);
          const app = (error as ApiError).toAppError();
          const all = JSON.stringify(app);
          expect(app.message.length).toBeGreaterThan(10);
          expect(app.message.length).toBeLessThan(700);
          expect(all).not.toContain(KEY);
          expect(app.message).not.toMatch(/<\/?[a-z!?]/i);
          // eslint-disable-next-line no-control-regex
          expect(app.message).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
          expect(app.status).toBe(status);
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe('a body that stalls', () => {
  it('is timed out at its timeout, once: the service has the request, asking again would wait as long again', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Half an answer, then nothing: the connection stays open.
      res.write('{"data":[{"id":"p1"},');
    };
    const api = new ApiClient({ baseUrl, getApiKey: () => KEY, fetch, timeoutMs: 1_000, maxRetries: 3 });
    const error = await api.list('properties').then(
      () => undefined,
      (e: unknown) => e as ApiError,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error!.code).toBe('timeout');
    expect(error!.message).toBe(
      `${new URL(baseUrl).host} began to answer but had not finished within 1 second, so PropDesk stopped waiting. Try again; if it happens again, the service may be overloaded.`,
    );
    expect(calls).toBe(1);
    server.closeAllConnections();
  });
});
