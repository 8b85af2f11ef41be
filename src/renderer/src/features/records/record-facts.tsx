// A record's fields, named and typed by the contract; a reference shows the label of the record it
// names and leads to that record's page.
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { recordColumns } from '../collections/columns';
import { useCurrency } from '../connections/use-currency';
import { useContract } from '../contract/use-contract-api';
import type { LabelLookup } from '../../labels/label-view';
import { FieldValue } from '../collections/field-value';

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
      {fields.map((f) => (
        <div key={f.name}>
          <dt>{f.label}</dt>
          <dd>
            <FieldValue record={record} field={f} labels={labels} currency={currency} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
