// Every record's page: its fields, the records that point to it (read by main through the service's
// filters) and the documents attached to it; for a property, also its units', leases' and tenants'.
// The title is the record's label, so back and forward through pages say where they land.
import { useEffect } from 'react';
import { BALANCE_COLLECTIONS } from '../../../../shared/balance';
import type { BalanceCollection } from '../../../../shared/balance';
import type { LabelRef } from '../../../../shared/label-refs';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { OWNER_TYPE_OF } from '../../../../shared/related-records';
import { RESOURCE_COLLECTION, resourceTitle, resourceTypeOf } from '../../../../shared/service';
import type { Collection } from '../../../../shared/service';
import { errorMessage } from '../../lib/call';
import { formatRoute } from '../../router/routes';
import { Alert } from '../../ui/alert';
import { recordLabel } from '../collections/record-label';
import { useContract } from '../contract/use-contract-api';
import { NewRepairButton } from '../drafts/from-here/new-record-buttons';
import { NewTenancyButton } from '../drafts/from-here/new-tenancy';
import { SuggestChangeButton } from '../drafts/from-here/suggest-change-button';
import { LeaseActions } from '../renewals/lease-actions';
import { fieldRef } from '../../labels/record-refs';
import { useLabels } from '../../labels/use-labels-api';
import { BalanceCard } from './balance-card';
import { RecordDocuments } from './record-documents';
import { RecordFacts } from './record-facts';
import { RelatedListCard } from './related-list';
import { useRelatedRecords } from './use-records-api';
import '../../styles/records.css';

const isBalanceCollection = (c: Collection): c is BalanceCollection =>
  (BALANCE_COLLECTIONS as readonly string[]).includes(c);

/** "Tenant", "Maintenance request": what a record of the collection is, for its heading. */
function kindOf(collection: Collection): string {
  return resourceTitle(resourceTypeOf(collection) ?? 'document');
}

export function RecordPage({ collection, id }: { collection: Collection; id: string }) {
  const { contract } = useContract();
  const related = useRelatedRecords(collection, id);
  const data = related.data;
  const record = data?.record;
  const refs: LabelRef[] = [{ collection, id }];
  if (record)
    for (const field of Object.keys(record)) {
      const ref = fieldRef(record, field);
      if (ref) refs.push(ref);
    }
  for (const list of data?.lists ?? [])
    for (const row of list.rows) refs.push({ collection: list.collection, id: row.id });
  for (const d of data?.documents ?? [])
    refs.push({ collection: RESOURCE_COLLECTION[d.ownerType], id: d.ownerId });
  const labels = useLabels(refs);
  const own = labels(collection, id);
  const title = own.state === 'named' ? own.text : record ? recordLabel(collection, record, contract) : '';
  const kind = kindOf(collection);

  useEffect(() => {
    const before = document.title;
    if (title) document.title = `${title} — ${kind} — PropDesk`;
    return () => {
      document.title = before;
    };
  }, [title, kind]);

  const owner = OWNER_TYPE_OF[collection];
  return (
    <>
      <header className="toolbar record-page-head">
        <h1>
          <span className="record-kind">{kind}</span> {title || id}
        </h1>
        <span className="spacer" />
        {record && collection === 'units' ? <NewTenancyButton record={record} name={title} /> : null}
        {record && (collection === 'units' || collection === 'properties') ? (
          <NewRepairButton collection={collection} record={record} name={title} />
        ) : null}
        {record && collection === 'leases' ? <LeaseActions leaseId={id} /> : null}
        {record ? <SuggestChangeButton collection={collection} record={record} /> : null}
        <a className="btn" href={formatRoute({ view: 'collection', collection, recordId: id, query: {} })}>
          Show in {COLLECTION_LABELS[collection]}
        </a>
      </header>
      <div className="page list record-page">
        {related.isPending ? (
          <p className="muted">Loading this {kind.toLowerCase()} and its records…</p>
        ) : null}
        {related.isError ? <Alert>{errorMessage(related.error)}</Alert> : null}
        {data && record ? (
          <>
            {data.partial?.map((note) => (
              <p key={note} className="muted" role="note">
                {note}
              </p>
            ))}
            <section className="card" aria-labelledby="facts-title">
              <h2 id="facts-title">About this {kind.toLowerCase()}</h2>
              <RecordFacts collection={collection} record={record} labels={labels} />
            </section>
            {isBalanceCollection(collection) ? <BalanceCard collection={collection} id={id} /> : null}
            {data.lists.map((list) => (
              <RelatedListCard key={list.collection} list={list} labels={labels} />
            ))}
            {data.documents && owner ? (
              <RecordDocuments
                documents={data.documents}
                labels={labels}
                scope={
                  collection === 'properties'
                    ? 'Counts the documents of this property and of its units, their leases and those leases’ tenants.'
                    : `Counts the documents attached to this ${kind.toLowerCase()}.`
                }
                listLink={formatRoute({
                  view: 'collection',
                  collection: 'documents',
                  query: { entity_type: owner, entity_id: id },
                })}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
