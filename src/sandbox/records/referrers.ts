// Which records still name a record (a tenant's leases and payments, a unit's leases, requests and
// documents …): what keeps a person from removing it, as a web application would refuse to leave leases
// pointing at nothing. Counted through the core's index of references, never by scanning a table.
import type { Collection } from '../../shared/service';
import type { SandboxCore } from '../core';

const NAMED_BY: Partial<Record<Collection, Array<[Collection, string]>>> = {
  properties: [
    ['units', 'property_id'],
    ['maintenance_requests', 'property_id'],
  ],
  units: [
    ['leases', 'unit_id'],
    ['maintenance_requests', 'unit_id'],
  ],
  tenants: [
    ['leases', 'tenant_id'],
    ['payments', 'tenant_id'],
  ],
  leases: [['payments', 'lease_id']],
};

/** A document's `entity_type` for the records documents may belong to. */
const DOCUMENT_ENTITY: Partial<Record<Collection, string>> = {
  properties: 'property',
  units: 'unit',
  leases: 'lease',
  tenants: 'tenant',
};

/** How many records of each collection name the record; collections with none are left out. */
export function referrers(
  core: SandboxCore,
  organisation: string,
  collection: Collection,
  id: string,
): Array<{ collection: Collection; count: number }> {
  const out: Array<{ collection: Collection; count: number }> = [];
  const table = (c: Collection) => core.store.table(organisation, c);
  for (const [from, field] of NAMED_BY[collection] ?? []) {
    const count = core.byReference.matching(table(from), field, id).items.length;
    if (count > 0) out.push({ collection: from, count });
  }
  const entity = DOCUMENT_ENTITY[collection];
  if (entity) {
    const documents = core.byReference.matching(table('documents'), 'entity_id', id).items;
    const count = documents.filter((d) => d.entity_type === entity).length;
    if (count > 0) out.push({ collection: 'documents', count });
  }
  return out;
}
