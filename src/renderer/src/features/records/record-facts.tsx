// A record's fields, named and typed by the contract; a reference shows the label of the record it
// names and leads to that record's page.
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { formatTyped } from '../../lib/format-typed';
import { formatRoute } from '../../router/routes';
import { recordColumns } from '../collections/columns';
import { useCurrency } from '../connections/use-currency';
import { useContract } from '../contract/use-contract-api';
import { fieldRef } from '../labels/record-refs';
import { RefName } from '../labels/ref-name';
import type { LabelLookup } from '../labels/label-view';

export function RecordFacts({
  collection,
  record,
  labels,
}: {
  collection: Collection;
  record: ServiceRecord;
  labels: LabelLookup;
}) {
  const { contract } = useContract();
  const currency = useCurrency();
  const fields = recordColumns(record, contract?.recordFields[collection]).filter((f) => f.name !== 'id');
  return (
    <dl className="facts">
      {fields.map((f) => {
        const ref = fieldRef(record, f.name);
        return (
          <div key={f.name}>
            <dt>{f.label}</dt>
            <dd>
              {ref ? (
                <a href={formatRoute({ view: 'record', collection: ref.collection, id: ref.id })}>
                  <RefName view={labels(ref.collection, ref.id)} />
                </a>
              ) : (
                formatTyped(record[f.name], f, currency)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
