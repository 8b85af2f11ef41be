// What a sort covers, said next to the headings: every row of the offline copy (and how old it is),
// all the rows of a list that is fully loaded, or only the rows loaded so far, with an offer to load
// the rest first.
import type { ListSort } from '../../../../shared/list-order';
import { formatAsOf } from '../offline-copy/copy-words';
import { isReferenceField } from '../../labels/record-refs';

export type SortScope =
  | { kind: 'copy'; asOf: string; total: number | undefined }
  | { kind: 'loaded'; count: number; complete: boolean; loading: boolean };

export function SortNote({
  sort,
  label,
  scope,
  onLoadAll,
}: {
  sort: ListSort;
  /** The sorted column's heading. */
  label: string;
  scope: SortScope;
  onLoadAll: () => void;
}) {
  const by = `${label}, ${sort.direction === 'asc' ? 'ascending' : 'descending'}`;
  // References are ordered by the ID they hold, not by the name shown for it.
  const byId = isReferenceField(sort.field) ? ' (by record ID)' : '';
  return (
    <div className="sort-note" role="status">
      {scope.kind === 'copy' ? (
        <span>
          Sorted by {by}
          {byId}: all {scope.total !== undefined ? `${scope.total.toLocaleString()} ` : ''}rows of the offline
          copy as of {formatAsOf(scope.asOf)}.
        </span>
      ) : scope.complete ? (
        <span>
          Sorted by {by}
          {byId}: all {scope.count.toLocaleString()} rows.
        </span>
      ) : (
        <>
          <span>
            Sorted: the {scope.count.toLocaleString()} rows loaded so far, by {by}
            {byId}. Rows not loaded yet are not in this order.
          </span>
          <button type="button" className="btn" onClick={onLoadAll} disabled={scope.loading}>
            {scope.loading ? 'Loading all…' : 'Load all, then sort'}
          </button>
        </>
      )}
    </div>
  );
}
