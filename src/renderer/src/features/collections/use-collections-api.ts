// The collections screens' traffic with main: a collection's pages (page after page appended; an
// invalid list position is reported, never silently restarted from the first page), one record, the
// sum of every record a filtered list matches, the record picker's choices and its search of the
// offline copy, and CSV exports.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { ChannelResult, EventPayload } from '../../../../shared/ipc';
import { listArgsOf } from '../../../../shared/own-filters';
import { withPlaces } from './place-column';
import type { ListSort } from '../../../../shared/list-order';
import type { SummedCollection } from '../../../../shared/list-sum';
import type { Collection } from '../../../../shared/service';
import { MAX_PAGE_SIZE } from '../../../../shared/service';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { useBridgeEvent } from '../../lib/use-bridge-event';
import { useDebounced } from '../../lib/use-debounced';
import { SEARCH_MAX_HITS } from '../../../../shared/search';
import { PackedPage } from './packed-page';
import { PagedRows } from './paged-rows';

type ListResult = ChannelResult<'collections.list'>;

/** A list page as the cache keeps it: its records packed, the rest as main sent it. */
export type CachedListPage = Omit<ListResult, 'data'> & { rows: PackedPage };

/**
 * A collection's pages for the route's query (the service's filters and the app's lower date bounds).
 * With `sort`, every row of the offline copy in that order; `null` asks for no sorted list (the query
 * stays idle), left out it is the list in the service's order.
 */
/**
 * Reload: main reads the list's first rows from the service now and lands what it holds in the
 * offline copy (a list read from the service anyway is simply read again); the list then reads again.
 */
export async function reloadFromService(
  collection: Collection,
  filters: Record<string, string>,
): Promise<void> {
  await unwrap(
    window.propdesk.collections.list({
      collection,
      ...listArgsOf(collection, filters),
      limit: MAX_PAGE_SIZE,
      fresh: true,
    }),
  );
}

/** How often what is on screen is checked with the service. */
export const ON_SCREEN_CHECK_MS = 30_000;

/**
 * A list shown from the offline copy is checked with the service every 30 s while the window is not
 * hidden, and at once when it comes back into view: its first page is asked of main as the list asks
 * it, main reads that page again from the service (not again within 25 s for the same page, whoever asks)
 * and lands any change in the copy, which the list then shows (copy.refreshed). Only the first page,
 * the rows a list opens on: a screen costs at most 120 requests an hour however far it was scrolled.
 * A list without a copy was read from the service when it opened, and Reload reads it again.
 */
export function useOnScreenCheck(
  collection: Collection,
  filters: Record<string, string>,
  fromCopy: boolean,
): void {
  // By value: the route gives a new filters object on every render.
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (!fromCopy) return;
    const args = { collection, ...listArgsOf(collection, JSON.parse(key)), limit: MAX_PAGE_SIZE };
    const check = () => {
      if (document.hidden) return;
      // A failed check changes nothing on screen; the status bar and the banner say why it failed.
      void window.propdesk.collections.list(args).catch(() => undefined);
    };
    const timer = setInterval(check, ON_SCREEN_CHECK_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [collection, key, fromCopy]);
}

export function useCollectionPages(
  collection: Collection,
  filters: Record<string, string>,
  sort?: ListSort | null,
) {
  const client = useQueryClient();
  const base = queryKeys.collection(collection, filters);
  const query = useInfiniteQuery({
    queryKey: sort === undefined ? base : [...base, sort],
    enabled: sort !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<CachedListPage> => {
      const { data, properties, ...rest } = await unwrap(
        window.propdesk.collections.list({
          collection,
          ...listArgsOf(collection, filters),
          limit: MAX_PAGE_SIZE,
          ...(sort ? { sort } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      );
      return { ...rest, rows: new PackedPage(withPlaces(data, properties)) };
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
  /** Drops the loaded pages and reads from the first page again (after an invalid list position). */
  const restart = useCallback(
    () => void client.resetQueries({ queryKey: queryKeys.collection(collection, filters) }),
    [client, collection, filters],
  );
  /** Reads every remaining page, so that a sort of the loaded rows covers them all. */
  const loadAll = useCallback(async () => {
    for (let more = hasNextPage; more;) {
      const next = await fetchNextPage({ cancelRefetch: false });
      if (next.isError) return;
      more = next.hasNextPage;
    }
  }, [hasNextPage, fetchNextPage]);
  return { query, rows, loadMore, restart, loadAll };
}

export function useRecord(collection: Collection, id: string) {
  return useQuery({
    queryKey: queryKeys.record(collection, id),
    queryFn: () => unwrap(window.propdesk.collections.get({ collection, id })),
  });
}

/**
 * The count and total of every record a filtered list matches, from the offline copy; `sum: null`
 * without one. Asked only of a list that has a sum.
 */
export function useWholeSum(collection: SummedCollection, filters: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.listSum(collection, filters),
    queryFn: () =>
      unwrap(window.propdesk.collections.sum({ collection, ...listArgsOf(collection, filters) })),
    enabled,
  });
}

/** One record read on demand (not cached): the answer, or the UiError that says why not. */
export function useReadRecord() {
  return useMutation({
    mutationFn: (args: { collection: Collection; id: string }) =>
      unwrap(window.propdesk.collections.get(args)),
  });
}

/** Every record of `target`, page by page, read only once the picker is opened. */
/** The picker's pages of `target`, narrowed by the service's own filters where given. */
export function usePickerPages(target: Collection, enabled: boolean, filters: Record<string, string> = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.picker(target, filters),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        window.propdesk.collections.list({
          collection: target,
          filters,
          limit: MAX_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      ),
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });
}

/**
 * The picker's search of the offline copy, by the same words rule as search everything (a typed ID is
 * also read from the service). Sent once typing pauses; the last answer stays until the next arrives.
 */
export function usePickerSearch(text: string, enabled: boolean) {
  const settled = useDebounced(text.trim(), PICKER_DEBOUNCE_MS);
  return useQuery({
    queryKey: queryKeys.search.query(settled, SEARCH_MAX_HITS),
    queryFn: () => unwrap(window.propdesk.search.query({ text: settled, limit: SEARCH_MAX_HITS })),
    enabled: enabled && settled !== '',
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

const PICKER_DEBOUNCE_MS = 120;

export function useStartExport(
  collection: Collection,
  filters: Record<string, string>,
  onStarted: (started: ChannelResult<'exports.start'>) => void,
) {
  return useMutation({
    mutationFn: () => {
      // The list's lower date bounds and PropDesk's own filters go with it, so the file holds what the
      // list shows.
      return unwrap(window.propdesk.exports.start({ collection, ...listArgsOf(collection, filters) }));
    },
    onSuccess: onStarted,
  });
}

/** Save as PDF of every record the list's filters match, in the columns given. */
export function useSaveListPdf(
  collection: SummedCollection,
  filters: Record<string, string>,
  columns: Array<{ name: string; label: string }>,
) {
  return useMutation({
    mutationFn: () =>
      unwrap(
        window.propdesk.collections.savePdf({ collection, ...listArgsOf(collection, filters), columns }),
      ),
  });
}

export function useCancelExport() {
  return useMutation({
    mutationFn: (exportId: string) => unwrap(window.propdesk.exports.cancel({ exportId })),
  });
}

/** Main's word on how far a CSV export has come, for as long as the caller is on screen. */
export function useExportProgress(listener: (progress: EventPayload<'exports.progress'>) => void): void {
  useBridgeEvent(window.propdesk, 'exports.progress', listener);
}

/** "Open" and "Show in folder" for a file main saved, named by the ID main gave it. */
export function useSavedFile(savedId: string) {
  return {
    open: useMutation({ mutationFn: () => unwrap(window.propdesk.files.open({ savedId })) }),
    show: useMutation({ mutationFn: () => unwrap(window.propdesk.files.showInFolder({ savedId })) }),
  };
}
