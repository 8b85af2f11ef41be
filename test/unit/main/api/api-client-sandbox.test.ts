// ApiClient against the real sandbox over HTTP: a flaky, rate-limited service still yields exactly
// the records of a clean run, a retried submission is recorded once, and refusals read clearly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import type { ApiClientOptions } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import { COLLECTIONS } from '../../../../src/shared/service';
import type { Collection } from '../../../../src/shared/service';
import { startSandbox } from '../../../../src/sandbox/index';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let clean: Sandbox;
let flaky: Sandbox;
const keyOf = (sb: Sandbox, name: string) => sb.keys.find((k) => k.name === name)!.key;

beforeAll(async () => {
  clean = await startSandbox({ seed: 11 });
  flaky = await startSandbox({ seed: 11, failRate: 0.3, rateLimit: 10 });
});
afterAll(async () => {
  await Promise.all([clean?.close(), flaky?.close()]);
});

// Backoff waits are kept short; Retry-After waits (whole seconds from the rate limiter) are honoured.
const testSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms >= 1000 ? ms : Math.min(ms, 50)));

function clientFor(sb: Sandbox, key = 'full', extra: Partial<ApiClientOptions> = {}) {
  return new ApiClient({ baseUrl: sb.baseUrl, getApiKey: () => keyOf(sb, key), fetch, ...extra });
}

async function allIds(api: ApiClient, collection: Collection): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of api.listAll(collection, { limit: 100 })) ids.push(...page.data.map((r) => r.id));
  return ids;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiClient against the sandbox', () => {
  it('lists every collection to its end through 30% failures and rate limiting: nothing lost, nothing repeated', async () => {
    // Retries are the point here, so allow more of them than the default 3.
    const seen = new Map<string, number>();
    const counting: typeof fetch = async (url, init) => {
      try {
        const response = await fetch(url, init);
        seen.set(String(response.status), (seen.get(String(response.status)) ?? 0) + 1);
        return response;
      } catch (error) {
        seen.set('dropped', (seen.get('dropped') ?? 0) + 1);
        throw error;
      }
    };
    const api = clientFor(flaky, 'full', { fetch: counting, maxRetries: 10, sleep: testSleep });
    for (const collection of COLLECTIONS) {
      const expected = await allIds(clientFor(clean), collection);
      const got = await allIds(api, collection);
      expect(got.length, collection).toBe(expected.length);
      expect(new Set(got).size, collection).toBe(got.length);
      expect(got, collection).toEqual(expected);
    }
    // The run really went through failures of every kind.
    expect(seen.get('429') ?? 0).toBeGreaterThan(0);
    expect((seen.get('500') ?? 0) + (seen.get('502') ?? 0) + (seen.get('503') ?? 0)).toBeGreaterThan(0);
    expect(seen.get('dropped') ?? 0).toBeGreaterThan(0);
  });

  it('a submission retried after injected failures is recorded as exactly one batch', async () => {
    const leases = await clientFor(clean).list('leases', { limit: 2 });
    const body = JSON.stringify({
      label: 'Rent review',
      changes: leases.data.map((l) => ({
        operation: 'update',
        resourceType: 'lease',
        resourceId: l.id,
        fields: { monthly_rent: 1234.5 },
      })),
    });
    // The first two answers are lost after the service has seen the request; then the sandbox's
    // own faults apply. Every retry must carry the same key and bytes.
    let lost = 0;
    const sent: string[] = [];
    const lossy: typeof fetch = async (url, init) => {
      if (init?.method === 'POST')
        sent.push(
          `${String((init.headers as Record<string, string>)['Idempotency-Key'])}|${String(init.body)}`,
        );
      const response = await fetch(url, init);
      if (init?.method === 'POST' && lost < 2) {
        lost++;
        await response.arrayBuffer();
        throw new TypeError('fetch failed');
      }
      return response;
    };
    const api = clientFor(flaky, 'full', { fetch: lossy, maxRetries: 10, sleep: testSleep });
    const result = await api.submitBatch(body, 'submission-0001');
    expect(result.status).toBe('awaiting_human_approval');
    expect(result.proposals).toHaveLength(2);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sent).size).toBe(1);
    const reader = clientFor(flaky, 'full', { maxRetries: 10, sleep: testSleep });
    const all: string[] = [];
    for await (const page of reader.listAllProposals({})) all.push(...page.data.map((p) => p.id));
    expect(all.sort()).toEqual(result.proposals.map((p) => p.id).sort());
    const inBatch = await reader.listProposals({ batchId: result.batchId });
    expect(inBatch.data).toHaveLength(2);
  });

  it('the same key with a different body is refused as a conflict and records nothing', async () => {
    const api = clientFor(clean);
    const lease = (await api.list('leases', { limit: 1 })).data[0]!;
    const change = (rent: number) =>
      JSON.stringify({
        changes: [
          {
            operation: 'update',
            resourceType: 'lease',
            resourceId: lease.id,
            fields: { monthly_rent: rent },
          },
        ],
      });
    await api.submitBatch(change(1000), 'conflict-key');
    const error = await failure(api.submitBatch(change(2000), 'conflict-key'));
    expect(error).toMatchObject({ code: 'idempotency_conflict', status: 409 });
  });

  it('names the missing scope, hides other organisations’ records and rejects bad cursors', async () => {
    const forbidden = await failure(clientFor(clean, 'properties-only').list('leases'));
    expect(forbidden.code).toBe('forbidden');
    expect(forbidden.message).toContain('needs the scope leases:read');
    const someLease = (await clientFor(clean).list('leases', { limit: 1 })).data[0]!;
    const hidden = await failure(clientFor(clean, 'other-org').get('leases', someLease.id));
    expect(hidden.code).toBe('not_found');
    const cursor = await failure(clientFor(clean).list('leases', { cursor: 'not-a-real-cursor' }));
    expect(cursor.code).toBe('invalid_cursor');
    const wrongKey = new ApiClient({
      baseUrl: clean.baseUrl,
      getApiKey: () => 'pdk_wrongWRONG0123456789',
      fetch,
    });
    const unauthorized = await failure(wrongKey.list('units'));
    expect(unauthorized.code).toBe('unauthorized');
    expect(unauthorized.message).not.toContain('pdk_wrong');
  });

  it('fetches the contract document', async () => {
    const doc = (await clientFor(clean).openapi()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/v1/proposals');
  });
});
