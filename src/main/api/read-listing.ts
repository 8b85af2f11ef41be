// Reading a filtered listing whole: the app's one way to ask for every page of a list at the largest
// page size, through the connection's client (so through its scheduler, at the priority given), with
// the one cursor follower (which stops a listing that repeats a cursor, never ends or passes its caps).
// The pages of one listing come one after another (cursors are opaque); listings that can go together
// are started together by the caller, and the connection's scheduler decides how many are in flight.
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service';
import { collectionWords, MAX_PAGE_SIZE } from '../../shared/service';
import { followPages, serviceName } from './paging';
import type { PageCaps } from './paging';
import type { ReadPriority } from './scheduler/request-priority';
import type { ServiceClient } from '../connections/types';

/** Where a listing's pages come from: a connection's client, or a reader in front of it. */
export type PageLister<P extends RecordPage = RecordPage> = {
  readonly host?: string | undefined;
  list: (
    collection: Collection,
    query: { filters: Record<string, string>; limit: number; cursor?: string },
    options: { signal?: AbortSignal; priority?: ReadPriority },
  ) => Promise<P>;
};

export interface ReadAllOptions {
  signal?: AbortSignal | undefined;
  /** Default: interactive (someone is looking at the answer). */
  priority?: ReadPriority;
  /** Default: a listing held in memory whole (HELD_LISTING_CAPS). */
  caps?: PageCaps;
  /**
   * Asked before each page: false stops the listing there. The records read so far are returned,
   * with `complete` false.
   */
  mayRead?: () => boolean;
}

/** Every page of the listing, one after another, for a caller that keeps only part of each. */
export async function* listingPages<P extends RecordPage>(
  lister: PageLister<P>,
  collection: Collection,
  filters: Record<string, string>,
  options: Omit<ReadAllOptions, 'mayRead'> = {},
): AsyncGenerator<P> {
  const { signal, priority, caps } = options;
  yield* followPages(
    (cursor) =>
      lister.list(
        collection,
        { filters, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        { ...(signal ? { signal } : {}), ...(priority ? { priority } : {}) },
      ),
    serviceName(lister),
    collectionWords(collection),
    { signal, ...(caps ? { caps } : {}) },
  );
}

/** Every record of the listing, or those read before `mayRead` said no (then `complete` is false). */
export async function readListing(
  client: Pick<ServiceClient, 'list' | 'host'>,
  collection: Collection,
  filters: Record<string, string>,
  options: ReadAllOptions = {},
): Promise<{ records: ServiceRecord[]; complete: boolean }> {
  const { mayRead, ...rest } = options;
  const records: ServiceRecord[] = [];
  let complete = true;
  const lister: PageLister = {
    host: client.host,
    list: (listed, query, opts) => {
      if (mayRead && !mayRead()) {
        complete = false;
        return Promise.resolve({ data: [], nextCursor: null, hasMore: false });
      }
      return client.list(listed, query, opts);
    },
  };
  for await (const page of listingPages(lister, collection, filters, rest)) records.push(...page.data);
  return { records, complete };
}

export async function readAll(
  client: Pick<ServiceClient, 'list' | 'host'>,
  collection: Collection,
  filters: Record<string, string>,
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  return (await readListing(client, collection, filters, { signal })).records;
}
