// Pages of one collection with the given filters, through main. Page after page is appended; an
// invalid list position is reported, never silently restarted from the first page.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ChannelResult } from '../../../../shared/ipc';
import type { Collection } from '../../../../shared/service';
import { MAX_PAGE_SIZE } from '../../../../shared/service';
import { unwrap } from '../../lib/call';
import { PackedPage } from './packed-page';
import { PagedRows } from './paged-rows';

type ListResult = ChannelResult<'collections.list'>;

/** A list page as the cache keeps it: its records packed, the rest as main sent it. */
export type CachedListPage = Omit<ListResult, 'data'> & { rows: PackedPage };

/** The query key of a collection's list, shared with what reads its cached pages. */
export const collectionQueryKey = (collection: Collection, filters: Record<string, string>) =>
  ['collection', collection, filters] as const;

export function useCollectionPages(collection: Collection, filters: Record<string, string>) {
  const query = useInfiniteQuery({
    queryKey: collectionQueryKey(collection, filters),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<CachedListPage> => {
      const { data, ...rest } = await unwrap(
        window.propdesk.collections.list({
          collection,
          filters,
          limit: MAX_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      );
      return { ...rest, rows: new PackedPage(data) };
    },
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    // A failed next page must be retried from where it failed, so pages are kept as they are.
    refetchOnMount: false,
    // Loaded pages never change; comparing 100,000 records on every new page would stall the screen.
    structuralSharing: false,
    staleTime: 60_000,
  });
  const rows = useMemo(() => new PagedRows(query.data?.pages ?? []), [query.data]);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return { query, rows, loadMore };
}
