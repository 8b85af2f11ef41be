// The selected record, read fresh from the service: every field formatted, a reference by the label
// of the record it names (its ID on hover), and links to its page and the pages of the records it
// belongs to.
import { Alert } from '../../ui/alert';
import { ArrowUpRight, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { errorMessage } from '../../lib/call';
import { fieldWords, relatedLinks } from '../../../../shared/contract';
import { RefName } from '../../labels/ref-name';
import { useLabels } from '../../labels/use-labels-api';
import { useContract } from '../contract/use-contract-api';
import { recordColumns } from './columns';
import { formatRoute } from '../../router/routes';
import { useRecord } from './use-collections-api';
import { useCurrency } from '../connections/use-currency';
import { FieldValue } from './field-value';

/** Buttons for the record on show, given by the screen that composes the list with other features. */
export type RecordActions = (collection: Collection, record: ServiceRecord) => ReactNode;

export function RecordPanel({
  collection,
  id,
  onClose,
  actions,
}: {
  collection: Collection;
  id: string;
  onClose: () => void;
  actions?: RecordActions;
}) {
  const record = useRecord(collection, id);
  const data = record.data?.record;
  const links = data ? relatedLinks(data) : [];
  const labels = useLabels(links);
  const currency = useCurrency();
  const { contract } = useContract();
  const described = contract?.recordFields[collection];
  // Every field the record carries, typed by the contract where it describes the field.
  const fields = data ? recordColumns(data, described) : [];
  return (
    <aside className="panel" aria-label="Record details">
      <div className="panel-head">
        <h2>Details</h2>
        <button className="btn icon" type="button" onClick={onClose} aria-label="Close details">
          <X size={14} aria-hidden />
        </button>
      </div>
      {record.isPending ? <p className="muted">Loading…</p> : null}
      {record.isError ? <Alert>{errorMessage(record.error)}</Alert> : null}
      {data ? (
        <a className="btn primary panel-cta" href={formatRoute({ view: 'record', collection, id })}>
          Open page
        </a>
      ) : null}
      {data && actions ? actions(collection, data) : null}
      {links.length ? (
        <nav aria-label="Related records" className="related">
          {links.map((l) => (
            <a
              key={l.field}
              className="btn"
              href={formatRoute({ view: 'record', collection: l.collection, id: l.id })}
            >
              <ArrowUpRight size={13} aria-hidden /> Open {l.label}:{' '}
              <RefName view={labels(l.collection, l.id)} />
            </a>
          ))}
        </nav>
      ) : null}
      {data ? (
        <dl className="fields">
          {fields.map((field) => (
            <div key={field.name} className="field">
              <dt>{field.label || fieldWords(field.name)}</dt>
              <dd>
                <FieldValue record={data} field={field} labels={labels} currency={currency} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </aside>
  );
}
