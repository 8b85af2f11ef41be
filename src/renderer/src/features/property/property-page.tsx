// The property page: the property, its units, its open maintenance requests and the documents of the
// property and of its units, leases and tenants, grouped by type.
import { Alert } from '../../ui/alert';
import { isOpenRequest } from '../../../../shared/maintenance-status';
import { Switch } from 'radix-ui';
import { BadgeCheck, CircleDashed } from 'lucide-react';
import { useState } from 'react';
import type { ServiceRecord } from '../../../../shared/service';
import { RESOURCE_COLLECTION } from '../../../../shared/service';
import { errorMessage } from '../../lib/call';
import { fieldWords } from '../../../../shared/contract';
import { formatTyped } from '../../lib/format-typed';
import { useContract } from '../contract/use-contract-api';
import { useCurrency } from '../connections/use-currency';
import { recordColumns } from '../collections/columns';
import { formatBytes } from '../../lib/format-size';
import { formatRoute } from '../../router/routes';
import { recordLabel } from '../collections/record-label';
import { RefName } from '../labels/ref-name';
import { useLabels } from '../labels/use-labels';
import { documentSize, groupDocuments } from './document-groups';
import { usePropertyOverview } from './use-property-api';

function Facts({ record }: { record: ServiceRecord }) {
  const { contract } = useContract();
  const currency = useCurrency();
  const described = contract?.recordFields.properties;
  const fields = recordColumns(record, described).filter((f) => f.name !== 'id');
  return (
    <dl className="facts">
      {fields.map((f) => (
        <div key={f.name}>
          <dt>{f.label}</dt>
          <dd>{formatTyped(record[f.name], f, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PropertyPage({ id }: { id: string }) {
  const [unverifiedOnly, setUnverifiedOnly] = useState(false);
  const { contract } = useContract();
  const overview = usePropertyOverview(id);
  const data = overview.data;
  const open = data?.maintenance.filter(isOpenRequest) ?? [];
  const groups = data ? groupDocuments(data.documents, unverifiedOnly) : [];
  // Units as "<property> · <unit>" and each document's owner by name, in one call for the page.
  const labels = useLabels([
    ...(data?.units ?? []).map((u) => ({ collection: 'units' as const, id: u.id })),
    ...(data?.documents ?? []).map((d) => ({ collection: RESOURCE_COLLECTION[d.ownerType], id: d.ownerId })),
  ]);

  return (
    <>
      <header className="toolbar">
        <h1>{data ? recordLabel('properties', data.property, contract) : 'Property'}</h1>
        <span className="spacer" />
        <a
          className="btn"
          href={formatRoute({ view: 'collection', collection: 'properties', recordId: id, query: {} })}
        >
          Show in Properties
        </a>
      </header>
      <div className="page list">
        {overview.isPending ? <p className="muted">Loading the property, its units and documents…</p> : null}
        {overview.isError ? <Alert>{errorMessage(overview.error)}</Alert> : null}
        {data ? (
          <>
            <section className="card" aria-labelledby="facts-title">
              <h2 id="facts-title">About this property</h2>
              <Facts record={data.property} />
            </section>
            <section className="card" aria-labelledby="units-title">
              <h2 id="units-title">Units ({data.units.length})</h2>
              {data.units.length === 0 ? (
                <p className="muted">No units are recorded for this property.</p>
              ) : (
                <ul className="chips">
                  {data.units.map((u) => (
                    <li key={u.id}>
                      <a
                        href={formatRoute({
                          view: 'collection',
                          collection: 'units',
                          recordId: u.id,
                          query: { property_id: id },
                        })}
                        title={u.id}
                      >
                        {labels('units', u.id).state === 'named'
                          ? labels('units', u.id).text
                          : recordLabel('units', u, contract)}
                      </a>
                      {typeof u.status === 'string' ? (
                        <span className="badge">{u.status.replace(/_/g, ' ')}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="card" aria-labelledby="maintenance-title">
              <h2 id="maintenance-title">Open maintenance requests ({open.length})</h2>
              {open.length === 0 ? (
                <p className="muted">Nothing open. Closed requests are under Maintenance.</p>
              ) : (
                <ul className="rows">
                  {open.map((m) => (
                    <li key={m.id}>
                      <a
                        href={formatRoute({
                          view: 'collection',
                          collection: RESOURCE_COLLECTION.maintenance_request,
                          recordId: m.id,
                          query: { property_id: id },
                        })}
                      >
                        {recordLabel('maintenance_requests', m, contract)}
                      </a>
                      <span className="badge">{String(m.priority ?? '')}</span>
                      <span className="muted">{String(m.status ?? '').replace(/_/g, ' ')}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="card" aria-labelledby="documents-title">
              <div className="card-row">
                <h2 id="documents-title" style={{ flex: 1 }}>
                  Documents ({data.documents.length})
                </h2>
                <label className="switch-label" htmlFor="unverified-only">
                  Unverified only
                </label>
                <Switch.Root
                  id="unverified-only"
                  className="switch"
                  checked={unverifiedOnly}
                  onCheckedChange={setUnverifiedOnly}
                >
                  <Switch.Thumb className="switch-thumb" />
                </Switch.Root>
              </div>
              <p className="muted">
                File contents are not available through the service; PropDesk shows what is recorded about
                each file.
              </p>
              {groups.length === 0 ? (
                <p className="muted">
                  {unverifiedOnly ? 'Every document is verified.' : 'No documents are recorded.'}
                </p>
              ) : null}
              {groups.map(([type, items]) => (
                <div key={type} className="doc-group">
                  <h3>
                    {fieldWords(type)} <span className="muted">({items.length})</span>
                  </h3>
                  <table className="grid" aria-label={`${fieldWords(type)} documents`}>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col" className="num">
                          Size
                        </th>
                        <th scope="col">Verified</th>
                        <th scope="col">Belongs to</th>
                      </tr>
                    </thead>
                    <tbody>
                      {items.map(({ document, ownerType, ownerId }) => (
                        <tr key={document.id}>
                          <td>{String(document.name ?? document.id)}</td>
                          <td className="num">{formatBytes(documentSize(document))}</td>
                          <td>
                            {document.is_verified === true ? (
                              <span className="ok">
                                <BadgeCheck size={13} aria-hidden /> Verified
                              </span>
                            ) : (
                              <span className="muted">
                                <CircleDashed size={13} aria-hidden /> Not verified
                              </span>
                            )}
                          </td>
                          <td>
                            <a
                              href={formatRoute({
                                view: 'collection',
                                collection: RESOURCE_COLLECTION[ownerType],
                                recordId: ownerId,
                                query: {},
                              })}
                            >
                              {fieldWords(ownerType)}{' '}
                              <RefName view={labels(RESOURCE_COLLECTION[ownerType], ownerId)} />
                            </a>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ))}
            </section>
          </>
        ) : null}
      </div>
    </>
  );
}
