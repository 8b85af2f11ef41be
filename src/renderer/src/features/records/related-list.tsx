// One list of records that point to a record (a tenant's payments, a unit's leases …): its first rows,
// each leading to its own page, the full count, and a link to the whole list, filtered, in its
// collection.
import type { RelatedList } from '../../../../shared/related-records';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { formatRoute } from '../../router/routes';
import { RefName } from '../../labels/ref-name';
import type { LabelLookup } from '../../labels/label-view';

export function RelatedListCard({ list, labels }: { list: RelatedList; labels: LabelLookup }) {
  const name = COLLECTION_LABELS[list.collection];
  const titleId = `related-${list.collection}`;
  const status = (row: RelatedList['rows'][number]) =>
    typeof row.status === 'string' ? row.status.replace(/_/g, ' ') : null;
  return (
    <section className="card related-list" aria-labelledby={titleId}>
      <div className="card-row">
        <h2 id={titleId}>
          {name} <span className="muted">({list.total.toLocaleString()})</span>
        </h2>
        <span className="spacer" />
        {list.total > 0 ? (
          <a href={formatRoute({ view: 'collection', collection: list.collection, query: list.filters })}>
            {list.total > list.rows.length
              ? `All ${list.total.toLocaleString()} in ${name}`
              : `Show in ${name}`}
          </a>
        ) : null}
      </div>
      {list.total === 0 ? (
        <p className="muted">None recorded.</p>
      ) : (
        <ul className="rows">
          {list.rows.map((row) => (
            <li key={row.id}>
              <a href={formatRoute({ view: 'record', collection: list.collection, id: row.id })}>
                <RefName view={labels(list.collection, row.id)} />
              </a>
              {status(row) ? <span className="badge">{status(row)}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {list.total > list.rows.length ? (
        <p className="muted">
          Showing the first {list.rows.length} of {list.total.toLocaleString()}.
        </p>
      ) : null}
    </section>
  );
}
