// A small service on 127.0.0.1 for tests of what a service's listings can do to PropDesk: every list
// request is answered by a function of the collection and the position asked for, so a test can make
// a service whose pages never end, whose records are huge or deep, or an honest one with a few records.
// It counts every request and the Authorization header it carried, so a test can say which key went
// where. A record asked for by ID is answered by `recordOf`; anything it has no answer for is a 404.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListingPage {
  data: unknown[];
  nextCursor: string | null;
  hasMore: boolean;
}

export interface ListingRequest {
  path: string;
  authorization: string | undefined;
}

export interface ListingService {
  baseUrl: string;
  /** Every request, in the order it arrived. */
  requests: ListingRequest[];
  /** How many requests carried this key. */
  withKey(key: string): number;
  close(): Promise<void>;
}

/** A page, or its JSON text as sent (for answers JSON.stringify cannot write, such as very deep ones). */
export type PageOf = (collection: string, cursor: string | undefined) => ListingPage | string | undefined;
/** A record, or its JSON text as sent. */
export type RecordOf = (collection: string, id: string) => unknown;

export async function startListingService(
  pageOf: PageOf,
  recordOf: RecordOf = () => undefined,
): Promise<ListingService> {
  const requests: ListingRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    const [, api, v1, collection, id, extra] = url.pathname.split('/');
    const ours = api === 'api' && v1 === 'v1' && collection && collection !== 'openapi.json' && !extra;
    const record = ours && id ? recordOf(collection, decodeURIComponent(id)) : undefined;
    const page =
      ours && !id
        ? pageOf(collection, url.searchParams.get('cursor') ?? undefined)
        : typeof record === 'string'
          ? `{"data":${record}}`
          : record && { data: record };
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(typeof page === 'string' ? page : JSON.stringify(page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    withKey: (key) => requests.filter((r) => r.authorization === `Bearer ${key}`).length,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Pages that never end: `size` records a page, each named after the service, with a fresh position. */
export function endlessPages(name: string, size = 100): PageOf {
  return (collection, cursor) => {
    const page = cursor ? Number(cursor.slice(1)) : 0;
    return {
      data: Array.from({ length: size }, (_, i) => ({
        id: `${collection}-${page}-${i}`,
        name: `${name} record ${page}-${i}`,
      })),
      nextCursor: `p${page + 1}`,
      hasMore: true,
    };
  };
}

/** One page of `size` records in every collection, each named after the service. */
export function fewRecords(name: string, size = 2): PageOf {
  return (collection) => ({
    data: Array.from({ length: size }, (_, i) => ({ id: `${collection}-${i}`, name: `${name} record ${i}` })),
    nextCursor: null,
    hasMore: false,
  });
}
