// Reads every page of a filtered listing, stopping if the service ever repeats a cursor.
import type { Collection, ServiceRecord } from '../../shared/service';
import { MAX_PAGE_SIZE } from '../../shared/service';
import type { ServiceClient } from '../connections/types';

export async function readAll(
  client: Pick<ServiceClient, 'list'>,
  collection: Collection,
  filters: Record<string, string>,
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  const out: ServiceRecord[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await client.list(
      collection,
      { filters, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      { signal },
    );
    out.push(...page.data);
    if (!page.hasMore || !page.nextCursor) return out;
    if (seen.has(page.nextCursor))
      throw new Error(
        `The service repeated a list position while reading ${collection}; the list was stopped.`,
      );
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
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
