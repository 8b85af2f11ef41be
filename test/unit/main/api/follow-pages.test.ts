// The one cursor follower against a hostile service: a small HTTP server in the test, on 127.0.0.1,
// read through the real ApiClient. A service that sends pages for ever, repeats a position, leaves
// the position out or sends huge pages is stopped with one clear error naming it and what was being
// listed, and nothing past the cap is handed on; an abort stops a listing between pages. The app's
// own listings (a list read whole, the offline copy) stop the same way.
import { tmpdir } from 'node:os';
import { freeBytesIn } from '../../../../src/main/offline-copy/disk-room';
import { DEFAULT_COPY_BUDGET } from '../../../../src/main/offline-copy/copy-budget';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import { followPages } from '../../../../src/main/api/paging';
import type { PageCaps } from '../../../../src/main/api/paging';
import { readAll } from '../../../../src/main/api/read-listing';
import { OfflineCopyService } from '../../../../src/main/offline-copy/offline-copy-service';
import type { RecordPage } from '../../../../src/shared/service';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';
import { TODAY_NEEDS } from '../../../../src/main/portfolio/today-figures';

type Answer = (
  cursor: string | null,
  url: URL,
) => { data: unknown[]; nextCursor: string | null; hasMore: boolean };

let answer: Answer = () => ({ data: [], nextCursor: null, hasMore: false });
let requests = 0;
let server: Server;
let baseUrl: string;
let host: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const url = new URL(req.url ?? '/', baseUrl);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer(url.searchParams.get('cursor'), url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = `http://${host}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  requests = 0;
});

const client = () => new ApiClient({ baseUrl, getApiKey: () => 'pdk_FollowKey0123456789abcdefGHIJ', fetch });
const records = (from: number, count: number, pad = '') =>
  Array.from({ length: count }, (_, i) => ({ id: `lea_${from + i}`, note: pad }));
/** Pages of `size` records, for ever, each with a fresh position. */
const endless =
  (size = 2, pad = ''): Answer =>
  (cursor) => {
    const at = Number(cursor ?? 0);
    return { data: records(at * size, size, pad), nextCursor: String(at + 1), hasMore: true };
  };

async function follow(
  caps?: PageCaps,
  signal?: AbortSignal,
): Promise<{ pages: RecordPage[]; error: unknown }> {
  const api = client();
  const pages: RecordPage[] = [];
  try {
    const listing = followPages(
      (cursor) => api.list('leases', { limit: 100, ...(cursor ? { cursor } : {}) }, { signal }),
      api.host,
      'leases',
      { ...(caps ? { caps } : {}), signal },
    );
    for await (const page of listing) pages.push(page);
    return { pages, error: undefined };
  } catch (error) {
    return { pages, error };
  }
}

const NO_CAP = 1_000_000_000;

describe('following a hostile service’s pages', () => {
  it('stops a service that never stops sending pages at the page cap, naming it and the listing', async () => {
    answer = endless();
    const { pages, error } = await follow({ pages: 40, records: NO_CAP, bytes: NO_CAP });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'bad_response' });
    expect((error as Error).message).toBe(
      `${host} kept sending pages of leases, more than 40 pages, so PropDesk stopped reading them. The service may be misbehaving: try again later, and if it happens again, ask whoever runs it to check.`,
    );
    // Nothing is asked for past the cap, and the page that went past it is not handed on.
    expect(requests).toBe(40);
    expect(pages).toHaveLength(39);
  });

  it('stops at the record cap and at the byte cap before handing on the page that passes it', async () => {
    answer = endless(100);
    const byRecords = await follow({ pages: NO_CAP, records: 250, bytes: NO_CAP });
    expect((byRecords.error as Error).message).toMatch(/kept sending pages of leases, more than 250 records/);
    expect(byRecords.pages.flatMap((p) => p.data)).toHaveLength(200);

    // Pages of about 2 MB each against a cap of 5 MB.
    answer = endless(100, 'x'.repeat(20_000));
    const byBytes = await follow({ pages: NO_CAP, records: NO_CAP, bytes: 5 * 1024 * 1024 });
    expect((byBytes.error as Error).message).toMatch(
      /kept sending pages of leases, more than 5 MB of records/,
    );
    expect(byBytes.pages).toHaveLength(2);
  });

  it('stops when a position comes back, keeping the repeated check, and when it is left out', async () => {
    answer = (cursor) => ({
      data: records(Number(cursor?.slice(1) ?? 0), 1),
      nextCursor: cursor === 'c2' ? 'c1' : cursor === 'c1' ? 'c2' : 'c1',
      hasMore: true,
    });
    const repeated = await follow();
    expect((repeated.error as ApiError).code).toBe('bad_response');
    expect((repeated.error as Error).message).toMatch(
      new RegExp(`^${host} sent an answer .*same list position twice while listing leases`),
    );
    expect(repeated.pages).toHaveLength(2);

    answer = () => ({ data: records(0, 1), nextCursor: null, hasMore: true });
    const missing = await follow();
    expect((missing.error as Error).message).toMatch(/said more leases follow but gave no list position/);
    expect(missing.pages).toHaveLength(0);
  });

  it('ends a listing that is not hostile with every page, under the default caps', async () => {
    answer = (cursor) => {
      const at = Number(cursor ?? 0);
      return { data: records(at * 100, 100), nextCursor: String(at + 1), hasMore: at < 49 };
    };
    const { pages, error } = await follow();
    expect(error).toBeUndefined();
    expect(pages.flatMap((p) => p.data)).toHaveLength(5_000);
  });

  it('stops between pages when aborted, with the abort’s reason', async () => {
    answer = endless();
    const controller = new AbortController();
    const api = client();
    const seen: RecordPage[] = [];
    const reason = new Error('Stopped by the test');
    const listing = followPages(
      (cursor) => api.list('leases', cursor ? { cursor } : {}, { signal: controller.signal }),
      api.host,
      'leases',
      { signal: controller.signal },
    );
    await expect(
      (async () => {
        for await (const page of listing) {
          seen.push(page);
          if (seen.length === 5) controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    expect(seen).toHaveLength(5);
    expect(requests).toBe(5);
  });
});

describe('the app’s listings against a service that never stops', () => {
  it('a list read whole stops at the cap for listings held in memory', async () => {
    answer = endless();
    const error = await readAll(client(), 'leases', {}).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      new RegExp(`^${host} kept sending pages of leases, more than 2,000 pages`),
    );
    expect(requests).toBe(2_000);
  });

  let temp: TempStore | undefined;
  afterEach(() => temp?.close());

  it('the offline copy stops a repeated position with the error, keeping what was read to resume from', async () => {
    temp = tempStore('follow-pages');
    const { store } = temp;
    answer = (cursor, url) => {
      if (!url.pathname.endsWith('/properties')) return { data: [], nextCursor: null, hasMore: false };
      const at = Number(cursor ?? 0);
      // Three good pages, then a position already given.
      return { data: records(at * 100, 100), nextCursor: at === 3 ? '1' : String(at + 1), hasMore: true };
    };
    const service = new OfflineCopyService({
      firstCollections: TODAY_NEEDS,
      freeBytes: freeBytesIn(tmpdir()),
      budget: DEFAULT_COPY_BUDGET,
      repo: store.offlineCopies,
      activeId: () => 'c1',
      clientFor: () => client(),
      log: () => undefined,
      loadContract: async () => undefined,
    });
    service.start();
    const status = await service.whenIdle();
    expect(status.state).toBe('failed');
    expect(status.message).toMatch(
      new RegExp(
        `while reading properties: ${host} sent an answer .*same list position twice while listing properties`,
      ),
    );
    const properties = status.collections.find((c) => c.collection === 'properties')!;
    expect(properties.asOf).toBeNull();
    expect(properties.pending).toMatchObject({ fetched: 300, resumable: true });
    expect(store.offlineCopies.state('c1', 'properties')?.stagingCursor).toBe('3');
  });
});
