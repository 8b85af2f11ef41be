// Reads every page of a filtered listing into memory, through the app's one cursor follower (which
// stops a listing that repeats a cursor or never ends). The pages of one listing come one after
// another (cursors are opaque); listings that can go together are started together by the caller,
// and the connection's scheduler decides how many requests are in flight.
import type { Collection, ServiceRecord } from '../../shared/service/index';
import { collectionWords, MAX_PAGE_SIZE } from '../../shared/service/index';
import { followPages, serviceName } from './paging';
import type { ReadPriority } from './scheduler/request-priority';
import type { ServiceClient } from '../connections/types';

export interface ReadAllOptions {
  signal?: AbortSignal | undefined;
  /** Default: interactive (someone is looking at the answer). */
  priority?: ReadPriority;
  /**
   * Asked before each page: false stops the listing there. The records read so far are returned,
   * with `complete` false.
   */
  mayRead?: () => boolean;
}

/** Every record of the listing, or those read before `mayRead` said no (then `complete` is false). */
export async function readListing(
  client: Pick<ServiceClient, 'list' | 'host'>,
  collection: Collection,
  filters: Record<string, string>,
  options: ReadAllOptions = {},
): Promise<{ records: ServiceRecord[]; complete: boolean }> {
  const { signal, priority, mayRead } = options;
  const records: ServiceRecord[] = [];
  let complete = true;
  const pages = followPages(
    async (cursor) => {
      if (mayRead && !mayRead()) {
        complete = false;
        return { data: [], nextCursor: null, hasMore: false };
      }
      return client.list(
        collection,
        { filters, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        { ...(signal ? { signal } : {}), ...(priority ? { priority } : {}) },
      );
    },
    serviceName(client),
    collectionWords(collection),
    { signal },
  );
  for await (const page of pages) records.push(...page.data);
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
