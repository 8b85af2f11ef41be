// Reads every page of a filtered listing into memory, through the app's one cursor follower (which
// stops a listing that repeats a cursor or never ends), and runs reads a few at a time.
import type { Collection, ServiceRecord } from '../../shared/service';
import { MAX_PAGE_SIZE } from '../../shared/service';
import { followPages, serviceName } from '../api/paging';
import type { ServiceClient } from '../connections/types';

export async function readAll(
  client: Pick<ServiceClient, 'list' | 'host'>,
  collection: Collection,
  filters: Record<string, string>,
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  const out: ServiceRecord[] = [];
  const pages = followPages(
    (cursor) =>
      client.list(collection, { filters, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) }, { signal }),
    serviceName(client),
    collection.replace(/_/g, ' '),
    { signal },
  );
  for await (const page of pages) out.push(...page.data);
  return out;
}

/** Runs tasks with at most `limit` in flight, keeping the order of results. */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}
