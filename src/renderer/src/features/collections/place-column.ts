// The Payments list's Property column: the property each payment's money belongs to, through its
// lease and unit, as main reads it from the offline copy by the income view's rule (the list page's
// `properties`). The service gives payments no property of their own in most contracts, so the column
// is PropDesk's reading, labelled so, and placed beside the lease it comes through; where the contract
// does give payments a property, that field is the column and nothing is added.
import type { Collection, ServiceRecord } from '../../../../shared/service';
import type { ColumnDef } from './columns';

/** The field a payment's property is shown under, so that it is named like any property reference. */
export const PLACE_FIELD = 'property_id';

const PLACE_COLUMN: ColumnDef = {
  name: PLACE_FIELD,
  label: 'Property (by lease)',
  type: 'string',
  money: null,
  derived: {},
};

/** The columns with the Property column after the lease's, for payments whose contract has none. */
export function withPlaceColumn(collection: Collection, columns: ColumnDef[]): ColumnDef[] {
  if (collection !== 'payments' || columns.some((c) => c.name === PLACE_FIELD)) return columns;
  const at = columns.findIndex((c) => c.name === 'lease_id');
  return at < 0
    ? [...columns, PLACE_COLUMN]
    : [...columns.slice(0, at + 1), PLACE_COLUMN, ...columns.slice(at + 1)];
}

/** A page's payments with their property where the service gives them none. */
export function withPlaces(
  records: ServiceRecord[],
  properties: Record<string, string | null> | undefined,
): ServiceRecord[] {
  if (!properties) return records;
  return records.map((r) =>
    r[PLACE_FIELD] === undefined && r.id in properties ? { ...r, [PLACE_FIELD]: properties[r.id] } : r,
  );
}
