// A collection's list with the grid's sort: read sorted from main over every row of the offline copy
// when the copy has the collection, otherwise the rows loaded so far sorted here (and said so).
import { useCallback, useMemo, useState } from 'react';
import { nextSort } from '../../../../shared/list-order';
import type { ListSort } from '../../../../shared/list-order';
import type { Collection } from '../../../../shared/service';
import { useOfflineCopyStatus } from '../offline-copy/use-offline-copy-api';
import type { ColumnDef } from './columns';
import { columnSortBy } from './column-sort';
import type { PagedRows } from './paged-rows';
import type { SortScope } from './sort-note';
import { SortedRows } from './sorted-rows';
import { useCollectionPages, useOnScreenCheck } from './use-collections-api';

export function useSortedList(collection: Collection, query: Record<string, string>) {
  const [held, setHeld] = useState<{ collection: Collection; sort: ListSort | null }>({
    collection,
    sort: null,
  });
  // A sort belongs to the collection it was chosen on.
  const sort = held.collection === collection ? held.sort : null;
  const asOf =
    useOfflineCopyStatus().data?.collections.find((c) => c.collection === collection)?.asOf ?? null;
  const fromCopy = sort !== null && asOf !== null;
  const plain = useCollectionPages(collection, query);
  useOnScreenCheck(collection, query, asOf !== null);
  const sorted = useCollectionPages(collection, query, fromCopy ? sort : null);
  const [loadingAll, setLoadingAll] = useState(false);

  const active = fromCopy ? sorted : plain;
  // While every page is being read, the rows are sorted once at the end, not again on every page.
  const [settled, setSettled] = useState(plain.rows);
  if (!loadingAll && settled !== plain.rows) setSettled(plain.rows);
  const rows = useMemo(
    () => (sort && !fromCopy ? new SortedRows(settled, sort) : active.rows),
    [sort, fromCopy, settled, active.rows],
  );

  const onSort = useCallback(
    (column: ColumnDef) => setHeld({ collection, sort: nextSort(sort, ...columnSortBy(column)) }),
    [collection, sort],
  );

  const { loadAll: readAll } = plain;
  const loadAll = useCallback(() => {
    setLoadingAll(true);
    void readAll().finally(() => setLoadingAll(false));
  }, [readAll]);

  const firstPage = sorted.query.data?.pages[0];
  const scope: SortScope | null = !sort
    ? null
    : fromCopy
      ? { kind: 'copy', asOf: firstPage?.offline?.asOf ?? asOf, total: firstPage?.total }
      : {
          kind: 'loaded',
          count: plain.rows.length,
          complete: !plain.query.hasNextPage,
          loading: loadingAll,
        };

  return {
    list: active.query,
    rows: rows as PagedRows | SortedRows,
    loadMore: active.loadMore,
    restart: active.restart,
    sort,
    onSort,
    scope,
    loadAll,
  };
}
