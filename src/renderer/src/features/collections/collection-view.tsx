// A collection's records, page by page through main, with the selected record's fields beside it.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AlertTriangle } from 'lucide-react';
import type { Collection } from '../../../../shared/service/collections';
import { errorMessage, unwrap } from '../../lib/call';
import { formatValue, humanise, isNumeric } from '../../lib/format';
import { COLLECTION_LABELS } from '../../router/routes';
import { useNavigate } from '../../router/use-route';
import { RecordPanel } from './record-panel';

const PAGE = 50;
const MAX_COLUMNS = 8;

export function CollectionView({
  collection,
  recordId,
  query,
}: {
  collection: Collection;
  recordId?: string;
  query: Record<string, string>;
}) {
  const navigate = useNavigate();
  const list = useInfiniteQuery({
    queryKey: ['collection', collection, query],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        window.propdesk.collections.list({
          collection,
          filters: query,
          limit: PAGE,
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      ),
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const columns = useMemo(() => {
    const first = rows[0];
    return first
      ? Object.keys(first)
          .filter((k) => k !== 'id')
          .slice(0, MAX_COLUMNS)
      : [];
  }, [rows]);

  return (
    <>
      <header className="toolbar">
        <h1>{COLLECTION_LABELS[collection]}</h1>
        <span className="muted" aria-live="polite">
          {list.isPending
            ? 'Loading…'
            : `${rows.length.toLocaleString()} loaded${list.hasNextPage ? ' — more available' : ''}`}
        </span>
        <span className="spacer" />
      </header>
      <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <div className="page" style={{ flex: 1, padding: 0 }}>
          {list.isError ? (
            <div className="page">
              <div className="alert" role="alert">
                <AlertTriangle size={16} aria-hidden />
                <div>
                  <strong>{COLLECTION_LABELS[collection]} could not be loaded.</strong>
                  <div>{errorMessage(list.error)}</div>
                  <button className="btn" type="button" onClick={() => void list.refetch()}>
                    Try again
                  </button>
                </div>
              </div>
            </div>
          ) : rows.length === 0 && !list.isPending ? (
            <div className="empty">
              <h2>No {COLLECTION_LABELS[collection].toLowerCase()} here</h2>
              <p>Nothing matches these filters. Clear the filters or choose another collection.</p>
            </div>
          ) : (
            <table className="grid" aria-label={COLLECTION_LABELS[collection]}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {humanise(c)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    aria-selected={row.id === recordId}
                    tabIndex={0}
                    onClick={() => navigate({ view: 'collection', collection, recordId: row.id, query })}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter')
                        navigate({ view: 'collection', collection, recordId: row.id, query });
                    }}
                  >
                    {columns.map((c) => (
                      <td key={c} className={isNumeric(row[c]) ? 'num' : undefined}>
                        {formatValue(row[c])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {list.hasNextPage ? (
            <div style={{ padding: 12 }}>
              <button
                className="btn"
                type="button"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          ) : null}
        </div>
        {recordId ? (
          <RecordPanel
            collection={collection}
            id={recordId}
            onClose={() => navigate({ view: 'collection', collection, query })}
          />
        ) : null}
      </div>
    </>
  );
}
