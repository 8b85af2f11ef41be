// What each filter's label says it does, from the service's documentation: IDs select one record,
// booleans are yes or no, leases' end date selects leases ending on or before the date. Where the
// documentation leaves a filter's matching unsaid, the label names the field and its hint says so.
import type { Collection, FilterKind } from '../../../../shared/service';
import { fieldWords } from '../../../../shared/contract';

const RECORD_WORDS: Record<Collection | 'any', string> = {
  properties: 'Property',
  units: 'Unit',
  tenants: 'Tenant',
  leases: 'Lease',
  payments: 'Payment',
  maintenance_requests: 'Maintenance request',
  documents: 'Document',
  any: 'Record',
};

export const UNDOCUMENTED_HINT = "The service's documentation does not say how it matches this filter.";

export function filterWords(
  collection: Collection,
  name: string,
  kind: FilterKind,
): { label: string; hint?: string } {
  switch (kind.kind) {
    case 'id':
      return { label: `${RECORD_WORDS[kind.target]} is` };
    case 'boolean':
      return { label: fieldWords(name) };
    case 'date':
      return collection === 'leases' && name === 'end_date'
        ? { label: 'Ending on or before' }
        : { label: fieldWords(name), hint: UNDOCUMENTED_HINT };
    case 'text':
      return { label: fieldWords(name), hint: UNDOCUMENTED_HINT };
  }
}
