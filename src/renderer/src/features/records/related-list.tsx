// One list of records that point to a record (a tenant's payments, a unit's leases …): its first rows,
// each leading to its own page, the full count, and a link to the whole list, filtered, in its
// collection.
import type { RelatedList } from '../../../../shared/related-records';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { paymentState, paymentTone, statusTone } from '../../../../shared/status-meaning';
import { formatDay } from '../../lib/format-day';
import { formatRoute } from '../../router/routes';
import { StatusChip } from '../../ui/status-chip';
import { RefName } from '../../labels/ref-name';
import type { LabelLookup } from '../../labels/label-view';

export function RelatedListCard({ list, labels }: { list: RelatedList; labels: LabelLookup }) {
  const name = COLLECTION_LABELS[list.collection];
  const titleId = `related-${list.collection}`;
  const today = new Date().toISOString().slice(0, 10);
  const hasPaidDate = list.rows.some((r) => 'paid_date' in r);
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
              <RowStatus collection={list.collection} row={row} today={today} hasPaidDate={hasPaidDate} />
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

/**
 * A row's status chip, coloured by meaning. A payment is judged by its facts (paid date, due date)
 * first, so a "late" charge that was paid reads as paid late, with the day it was paid beside it.
 */
function RowStatus({
  collection,
  row,
  today,
  hasPaidDate,
}: {
  collection: RelatedList['collection'];
  row: RelatedList['rows'][number];
  today: string;
  hasPaidDate: boolean;
}) {
  const status = typeof row.status === 'string' ? row.status : null;
  if (collection !== 'payments')
    return status ? <StatusChip value={status} tone={statusTone(status)} /> : null;
  const state = paymentState(row, today, hasPaidDate);
  const paid = typeof row.paid_date === 'string' ? row.paid_date.slice(0, 10) : null;
  const words = status ?? (state === 'owed' ? 'unpaid' : state === 'paid' ? 'paid' : null);
  if (!words) return null;
  const after = state === 'paid' && paid ? `paid ${formatDay(paid)}` : undefined;
  return <StatusChip value={words} tone={paymentTone(state, status)} {...(after ? { after } : {})} />;
}
