// A record and the records that point to it, read through the service's own filters: a tenant's
// leases, payments and documents; a unit's leases, maintenance requests and documents; a lease's
// payments and documents; a property's units, maintenance requests and the documents of it and of its
// units, leases and tenants. Long lists keep their first rows and their full count; documents are
// kept whole, so a page can count the unverified ones. Works the same over the offline copy.
import type { Collection, ServiceRecord } from '../../shared/service';
import { OWNER_TYPE_OF } from '../../shared/related-records';
import type { OwnedDocument, OwnerType, RelatedList } from '../../shared/related-records';
import { referencedCollection } from '../../shared/contract/references';
import { isOpenRequest } from '../../shared/maintenance-status';
import { paymentState } from '../../shared/status-meaning';
import type { ServiceClient } from '../connections/types';
import { mapLimited, readAll } from '../properties/read-all';

export type { OwnedDocument, OwnerType, RelatedList };

export interface RelatedRecords {
  collection: Collection;
  record: ServiceRecord;
  lists: RelatedList[];
  /** Documents attached to the record (for a property, also to its units, leases and tenants). */
  documents: OwnedDocument[] | null;
}

export type RecordReader = Pick<ServiceClient, 'get' | 'list'>;

/** How many rows of a related list travel to the page; the count says how many there are. */
export const SHOWN_ROWS = 8;
const CONCURRENCY = 4;

/** The lists that point at a record of each collection: the listed collection and its filter. */
const INCOMING: Record<Collection, Array<{ collection: Collection; filter: string }>> = {
  properties: [
    { collection: 'units', filter: 'property_id' },
    { collection: 'maintenance_requests', filter: 'property_id' },
  ],
  units: [
    { collection: 'leases', filter: 'unit_id' },
    { collection: 'maintenance_requests', filter: 'unit_id' },
  ],
  tenants: [
    { collection: 'leases', filter: 'tenant_id' },
    { collection: 'payments', filter: 'tenant_id' },
  ],
  leases: [{ collection: 'payments', filter: 'lease_id' }],
  payments: [],
  maintenance_requests: [],
  documents: [],
};

export function documentFilters(ownerType: OwnerType, ownerId: string): Record<string, string> {
  return { entity_type: ownerType, entity_id: ownerId };
}

/**
 * The rows a page shows first: open requests before closed ones, and a tenant's or lease's unpaid
 * charges (due before today, not paid), oldest first, before the rest, so no debt hides behind "All".
 */
function shownFirst(collection: Collection, rows: ServiceRecord[], today: string): ServiceRecord[] {
  if (collection === 'maintenance_requests')
    return [...rows.filter(isOpenRequest), ...rows.filter((r) => !isOpenRequest(r))];
  if (collection !== 'payments') return rows;
  const hasPaidDate = rows.some((r) => 'paid_date' in r);
  const owed = rows.filter((r) => paymentState(r, today, hasPaidDate) === 'owed');
  owed.sort((a, b) => String(a.due_date).localeCompare(String(b.due_date)));
  return [...owed, ...rows.filter((r) => !owed.includes(r))];
}

/** The tenants a lease names, by whichever `<resource>_id` field of it points at tenants. */
function tenantIdsOf(leases: ServiceRecord[]): string[] {
  const ids = new Set<string>();
  for (const lease of leases)
    for (const [field, value] of Object.entries(lease))
      if (typeof value === 'string' && value !== '' && referencedCollection(field) === 'tenants')
        ids.add(value);
  return [...ids];
}

async function documentsOf(
  client: RecordReader,
  owners: Array<{ ownerType: OwnerType; ownerId: string }>,
  signal?: AbortSignal,
): Promise<OwnedDocument[]> {
  const lists = await mapLimited(owners, CONCURRENCY, async (owner) => {
    const docs = await readAll(client, 'documents', documentFilters(owner.ownerType, owner.ownerId), signal);
    return docs.map((document) => ({ document, ...owner }));
  });
  return lists.flat();
}

/** A property's document owners: itself, its units, their leases and those leases' tenants. */
async function propertyOwners(
  client: RecordReader,
  propertyId: string,
  units: ServiceRecord[],
  signal?: AbortSignal,
): Promise<Array<{ ownerType: OwnerType; ownerId: string }>> {
  const leaseLists = await mapLimited(units, CONCURRENCY, (u) =>
    readAll(client, 'leases', { unit_id: u.id }, signal),
  );
  const leases = leaseLists.flat();
  return [
    { ownerType: 'property', ownerId: propertyId },
    ...units.map((u) => ({ ownerType: 'unit' as const, ownerId: u.id })),
    ...leases.map((l) => ({ ownerType: 'lease' as const, ownerId: l.id })),
    ...tenantIdsOf(leases).map((id) => ({ ownerType: 'tenant' as const, ownerId: id })),
  ];
}

export async function relatedRecords(
  client: RecordReader,
  collection: Collection,
  id: string,
  signal?: AbortSignal,
): Promise<RelatedRecords> {
  const record = await client.get(collection, id, { signal });
  const full = await Promise.all(
    INCOMING[collection].map(async ({ collection: listed, filter }) => {
      const filters = { [filter]: id };
      return { collection: listed, filters, all: await readAll(client, listed, filters, signal) };
    }),
  );
  const lists = full.map(({ collection: listed, filters, all }) => ({
    collection: listed,
    filters,
    total: all.length,
    rows: shownFirst(listed, all, new Date().toISOString().slice(0, 10)).slice(0, SHOWN_ROWS),
  }));
  const ownerType = OWNER_TYPE_OF[collection];
  if (!ownerType) return { collection, record, lists, documents: null };
  const owners =
    collection === 'properties'
      ? await propertyOwners(client, id, full.find((l) => l.collection === 'units')?.all ?? [], signal)
      : [{ ownerType, ownerId: id }];
  return { collection, record, lists, documents: await documentsOf(client, owners, signal) };
}
