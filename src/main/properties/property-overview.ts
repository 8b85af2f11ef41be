// Everything the property page shows, gathered in main: the property, its units, its maintenance
// requests, and the documents metadata of the property and of its units, leases and tenants. File
// contents are never requested (the service has none). Read from the service or, through the same
// two calls, from the offline copy.
import type { ServiceRecord } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
import { mapLimited, readAll } from './read-all';

export interface OwnedDocument {
  document: ServiceRecord;
  ownerType: 'property' | 'unit' | 'lease' | 'tenant';
  ownerId: string;
}

export interface PropertyOverview {
  property: ServiceRecord;
  units: ServiceRecord[];
  maintenance: ServiceRecord[];
  documents: OwnedDocument[];
}

const CONCURRENCY = 4;

export async function propertyOverview(
  client: Pick<ServiceClient, 'get' | 'list'>,
  propertyId: string,
  signal?: AbortSignal,
): Promise<PropertyOverview> {
  const property = await client.get('properties', propertyId, signal);
  const [units, maintenance] = await Promise.all([
    readAll(client, 'units', { property_id: propertyId }, signal),
    readAll(client, 'maintenance_requests', { property_id: propertyId }, signal),
  ]);
  const leaseLists = await mapLimited(units, CONCURRENCY, (u) =>
    readAll(client, 'leases', { unit_id: u.id }, signal),
  );
  const leases = leaseLists.flat();
  const tenantIds = [
    ...new Set(leases.map((l) => l.tenant_id).filter((t): t is string => typeof t === 'string' && t !== '')),
  ];

  const owners: Array<{ ownerType: OwnedDocument['ownerType']; ownerId: string }> = [
    { ownerType: 'property', ownerId: propertyId },
    ...units.map((u) => ({ ownerType: 'unit' as const, ownerId: u.id })),
    ...leases.map((l) => ({ ownerType: 'lease' as const, ownerId: l.id })),
    ...tenantIds.map((id) => ({ ownerType: 'tenant' as const, ownerId: id })),
  ];
  const documentLists = await mapLimited(owners, CONCURRENCY, async (owner) => {
    const docs = await readAll(
      client,
      'documents',
      { entity_type: owner.ownerType, entity_id: owner.ownerId },
      signal,
    );
    return docs.map((document) => ({ document, ...owner }));
  });
  return { property, units, maintenance, documents: documentLists.flat() };
}
