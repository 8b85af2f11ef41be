// A record and the records that point to it, read through the service's own filters: a tenant's
// leases, payments and documents; a unit's leases, maintenance requests and documents; a lease's
// payments and documents; a property's units, maintenance requests and the documents of it and of its
// units, leases and tenants. Long lists keep their first rows and their full count; documents are
// kept whole, so a page can count the unverified ones. Works the same over the offline copy.
//
// Every read that can go together is started together (a unit's leases and its documents, a lease's
// documents as soon as its unit's leases are in), and the connection's scheduler decides how many are
// in flight. A page reads within a budget of requests: a property of 1,500 units would otherwise take
// thousands. What the budget leaves unread is said on the page.
import { setMaxListeners } from 'node:events';
import type { Collection, ServiceRecord } from '../../shared/service';
import { OWNER_TYPE_OF } from '../../shared/related-records';
import type { OwnedDocument, OwnerType, RelatedList } from '../../shared/related-records';
import { referencedCollection } from '../../shared/contract/references';
import { isOpenRequest } from '../../shared/maintenance-status';
import { paymentState } from '../../shared/status-meaning';
import type { ServiceClient } from '../connections/types';
import { readListing } from '../api/read-listing';
import { collectionWords } from '../../shared/service';

export type { OwnedDocument, OwnerType, RelatedList };

export interface RelatedRecords {
  collection: Collection;
  record: ServiceRecord;
  lists: RelatedList[];
  /** Documents attached to the record (for a property, also to its units, leases and tenants). */
  documents: OwnedDocument[] | null;
  /** What the page leaves out because reading it all would pass the budget, in plain words. */
  partial?: string[];
}

export type RecordReader = Pick<ServiceClient, 'get' | 'list'> & { readonly host?: string };

/** How many rows of a related list travel to the page; the count says how many there are. */
export const SHOWN_ROWS = 8;

/**
 * Requests one record page may make to the service (each page of a listing is one). A property of 35
 * units takes about 150; one of 1,500 took 6,020 before there was a budget.
 */
export const RECORD_PAGE_BUDGET = 300;

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

/** The lists that point at a record of this collection: each listed collection and its filter. */
export function incomingLists(
  collection: Collection,
): ReadonlyArray<{ collection: Collection; filter: string }> {
  return INCOMING[collection];
}

/** The collections a record page of this collection reads. */
export function relatedCollections(collection: Collection): Collection[] {
  const read = new Set<Collection>([collection, ...INCOMING[collection].map((i) => i.collection)]);
  if (OWNER_TYPE_OF[collection]) read.add('documents');
  if (collection === 'properties') read.add('leases');
  return [...read];
}

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
function tenantIdsOf(lease: ServiceRecord): string[] {
  const ids: string[] = [];
  for (const [field, value] of Object.entries(lease))
    if (typeof value === 'string' && value !== '' && referencedCollection(field) === 'tenants')
      ids.push(value);
  return ids;
}

/** The requests left to one page, and what it could not read within them. */
class Budget {
  private left: number;
  /** Listings cut short or never read, by what they are. */
  readonly cut = new Set<string>();

  constructor(readonly size: number) {
    this.left = size;
  }

  /** Whether one more request may go; `what` names the listing it belongs to. */
  take(what: string): boolean {
    if (this.left <= 0) {
      this.cut.add(what);
      return false;
    }
    this.left -= 1;
    return true;
  }
}

const OWNER_WORDS: Record<OwnerType, string> = {
  property: 'the property',
  unit: 'its units',
  lease: 'their leases',
  tenant: 'those leases’ tenants',
};

function partialNotes(budget: Budget, lists: readonly string[]): string[] {
  const notes: string[] = [];
  for (const what of lists)
    if (budget.cut.has(what))
      notes.push(
        `Only part of the ${collectionWords(what)} was read for this page: reading them all would take more than ${budget.size.toLocaleString('en-US')} requests to the service. The count is of those read; the full list in its collection has them all.`,
      );
  const owners = (Object.keys(OWNER_WORDS) as OwnerType[]).filter((o) => budget.cut.has(`documents:${o}`));
  if (owners.length)
    notes.push(
      `Documents of ${owners.map((o) => OWNER_WORDS[o]).join(', ')} are shown only in part: reading them all would take more than ${budget.size.toLocaleString('en-US')} requests to the service. The Documents list has them all.`,
    );
  return notes;
}

export interface RelatedOptions {
  signal?: AbortSignal;
  /** Requests the page may make; without a limit over the offline copy. */
  budget?: number;
}

/** A promise awaited later: its failure is the awaiting code's, not an unhandled rejection now. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export async function relatedRecords(
  client: RecordReader,
  collection: Collection,
  id: string,
  options: RelatedOptions = {},
): Promise<RelatedRecords> {
  // One read failing fails the page: the others stop instead of spending requests on it.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // Every read of the page listens to it: a property's page starts a hundred or more.
  setMaxListeners(0, signal);
  try {
    return await readPage(client, collection, id, signal, new Budget(options.budget ?? RECORD_PAGE_BUDGET));
  } finally {
    stop.abort();
  }
}

async function readPage(
  client: RecordReader,
  collection: Collection,
  id: string,
  signal: AbortSignal,
  budget: Budget,
): Promise<RelatedRecords> {
  const read = (listed: Collection, filters: Record<string, string>, what: string = listed) =>
    readListing(client, listed, filters, { signal, mayRead: () => budget.take(what) });
  const docsOf = async (ownerType: OwnerType, ownerId: string): Promise<OwnedDocument[]> => {
    const { records } = await read(
      'documents',
      documentFilters(ownerType, ownerId),
      `documents:${ownerType}`,
    );
    return records.map((document) => ({ document, ownerType, ownerId }));
  };

  const ownerType = OWNER_TYPE_OF[collection];
  // The record, its lists and its own documents go together.
  const [record, full, own] = await Promise.all([
    client.get(collection, id, { signal }),
    Promise.all(
      INCOMING[collection].map(async ({ collection: listed, filter }) => {
        const filters = { [filter]: id };
        return { collection: listed, filters, all: (await read(listed, filters)).records };
      }),
    ),
    ownerType ? docsOf(ownerType, id) : Promise.resolve(null),
  ]);
  const lists = full.map(({ collection: listed, filters, all }) => ({
    collection: listed,
    filters,
    total: all.length,
    rows: shownFirst(listed, all, new Date().toISOString().slice(0, 10)).slice(0, SHOWN_ROWS),
  }));
  const documents =
    own && collection === 'properties'
      ? [...own, ...(await unitsDocuments(full.find((l) => l.collection === 'units')?.all ?? []))]
      : own;
  const partial = partialNotes(
    budget,
    INCOMING[collection].map((i) => i.collection),
  );
  return { collection, record, lists, documents, ...(partial.length ? { partial } : {}) };

  /**
   * A property's units' documents, their leases' and those leases' tenants': each unit's leases and
   * documents at once, and each lease's documents as soon as its unit's leases are in. In the order
   * units, leases, tenants; a tenant of several leases once.
   */
  async function unitsDocuments(units: readonly ServiceRecord[]): Promise<OwnedDocument[]> {
    const tenants = new Map<string, Promise<OwnedDocument[]>>();
    const perUnit = await Promise.all(
      units.map(async (unit) => {
        const [docs, leased] = await Promise.all([
          docsOf('unit', unit.id),
          read('leases', { unit_id: unit.id }, 'leases:documents').then(async ({ records: leases }) => {
            for (const lease of leases)
              for (const tenant of tenantIdsOf(lease))
                if (!tenants.has(tenant)) tenants.set(tenant, handled(docsOf('tenant', tenant)));
            const leaseDocs = await Promise.all(leases.map((lease) => docsOf('lease', lease.id)));
            return { leases, leaseDocs: leaseDocs.flat() };
          }),
        ]);
        return { docs, ...leased };
      }),
    );
    // A unit whose leases were not read leaves their documents and their tenants' unread too.
    if (budget.cut.has('leases:documents'))
      for (const o of ['lease', 'tenant']) budget.cut.add(`documents:${o}`);
    // Tenants in the order their leases come, each once.
    const order = [...new Set(perUnit.flatMap((u) => u.leases.flatMap(tenantIdsOf)))];
    const tenantDocs = await Promise.all(order.map((tenant) => tenants.get(tenant)!));
    return [...perUnit.flatMap((u) => u.docs), ...perUnit.flatMap((u) => u.leaseDocs), ...tenantDocs.flat()];
  }
}
