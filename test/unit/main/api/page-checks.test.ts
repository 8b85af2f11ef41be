// Every page of a listing is checked against the list envelope, on the quick path as well: each way a
// page can break the envelope is the same bad_response, with the same issues, as the schema gives;
// a good page comes back with the envelope's three members only; and the key sent is always the
// current one, checked before it is sent.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import { recordPageSchema } from '../../../../src/main/api/record-page';

function answering(bodies: unknown[], sent: Array<Headers> = []): typeof fetch {
  return (async (_url: string | URL, init?: RequestInit) => {
    sent.push(new Headers(init?.headers));
    return new Response(JSON.stringify(bodies.shift()), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

const record = { id: 'pay_1', amount: 12 };
const broken: unknown[] = [
  null,
  [],
  'page',
  {},
  { data: [record], nextCursor: null },
  { data: [record], hasMore: false },
  { data: [record], nextCursor: '', hasMore: true },
  { data: [record], nextCursor: 7, hasMore: true },
  { data: [record], nextCursor: null, hasMore: 'no' },
  { data: { 0: record }, nextCursor: null, hasMore: false },
  { data: [record, null], nextCursor: null, hasMore: false },
  { data: [record, [record]], nextCursor: null, hasMore: false },
  { data: [{ id: '' }], nextCursor: null, hasMore: false },
  { data: [{ id: 3 }], nextCursor: null, hasMore: false },
  { data: [{ name: 'no id' }], nextCursor: null, hasMore: false },
];

describe('pages of a listing', () => {
  it('refuses every page the envelope does not allow, with the schema’s own issues', async () => {
    const api = new ApiClient({
      baseUrl: 'https://pm.example.com',
      getApiKey: () => 'k1',
      fetch: answering([...broken]),
    });
    for (const body of broken) {
      const error = await api.list('payments').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(body)).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('bad_response');
      const issues = recordPageSchema.safeParse(body).error!.issues.slice(0, 5);
      expect((error as ApiError).details).toEqual({
        issues: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
  });

  it('gives back a good page with the envelope’s members only', async () => {
    const body = { data: [record, { id: 'pay_2' }], nextCursor: 'c2', hasMore: true, meta: { total: 2 } };
    const api = new ApiClient({
      baseUrl: 'https://pm.example.com',
      getApiKey: () => 'k1',
      fetch: answering([body]),
    });
    expect(await api.list('payments')).toEqual({ data: body.data, nextCursor: 'c2', hasMore: true });
  });

  it('sends the key of the moment, and refuses one that cannot be sent even after a good one', async () => {
    const keys = ['k1', 'k1', 'k2', 'bad key', undefined];
    const sent: Headers[] = [];
    const page = { data: [], nextCursor: null, hasMore: false };
    const api = new ApiClient({
      baseUrl: 'https://pm.example.com',
      getApiKey: () => keys.shift(),
      fetch: answering([page, page, page, page], sent),
    });
    await api.list('payments');
    await api.list('payments');
    await api.list('payments');
    expect(sent.map((h) => h.get('authorization'))).toEqual(['Bearer k1', 'Bearer k1', 'Bearer k2']);
    expect(sent.every((h) => h.get('accept') === 'application/json')).toBe(true);
    await expect(api.list('payments')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(api.list('payments')).rejects.toMatchObject({ code: 'no_api_key' });
    expect(sent).toHaveLength(3);
  });
});
