// One field of a record on screen: a reference as the label of the record it names, leading to that
// record's page; any other value formatted by its type in the contract.
import type { ServiceRecord } from '../../../../shared/service';
import { formatTyped } from '../../lib/format-typed';
import type { ColumnDef } from './columns';
import { formatRoute } from '../../router/routes';
import { fieldRef } from '../../labels/record-refs';
import { RefName } from '../../labels/ref-name';
import type { LabelLookup } from '../../labels/label-view';

export function FieldValue({
  record,
  field,
  labels,
  currency,
}: {
  record: ServiceRecord;
  field: ColumnDef;
  labels: LabelLookup;
  currency: string;
}) {
  const ref = fieldRef(record, field.name);
  if (!ref) return <>{formatTyped(record[field.name], field, currency)}</>;
  return (
    <a href={formatRoute({ view: 'record', collection: ref.collection, id: ref.id })}>
      <RefName view={labels(ref.collection, ref.id)} />
    </a>
  );
}
