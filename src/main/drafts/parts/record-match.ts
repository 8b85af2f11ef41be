// Finding a created record, when the service does not say which record a suggested create made (its
// documentation promises no record ID on a proposal): the records of that type that carry the
// suggested values. Read once before the create is sent, so the ones there already are known, and
// again after a person approved it; the created record is one that carries the values and was not
// there before.
import type { DraftChange } from '../../../shared/drafts';
import { COLLECTION_FILTERS, RESOURCE_COLLECTION } from '../../../shared/service';
import type { FilterKind, ResourceType, ServiceRecord } from '../../../shared/service';
import { listingPages } from '../../api/read-listing';
import type { PageCaps } from '../../api/paging';
import type { ServiceClient } from '../../connections/types';
import type { CreatedRecordInput } from '../../store/parts-repo';
import { canonicalJson, effectiveFields } from '../draft-checks';

/** A search for one new record reads at most this much of its collection (50 pages of 100). */
const MATCH_CAPS: PageCaps = { pages: 50, records: 5_000, bytes: 64 * 1024 * 1024 };

const looseText = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();

/** A value as a service may give it back: text trimmed and in any case, numbers as numbers. */
function sameValue(suggested: unknown, recorded: unknown): boolean {
  if (typeof suggested === 'string' && typeof recorded === 'string')
    return looseText(suggested) === looseText(recorded);
  if (typeof suggested === 'number' && typeof recorded === 'number')
    return Math.abs(suggested - recorded) < 1e-9;
  return canonicalJson(suggested) === canonicalJson(recorded ?? null);
}

/** True when the record holds every suggested value (fields it does not show do not count against it). */
export function carriesValues(record: ServiceRecord, fields: Record<string, unknown>): boolean {
  const shown = Object.entries(fields).filter(([name]) => name in record);
  return shown.length > 0 && shown.every(([name, value]) => sameValue(value, record[name]));
}

/** The service's own filters the suggested values fill (a lease's unit_id), to read fewer pages. */
function filtersFor(type: ResourceType, fields: Record<string, unknown>): Record<string, string> {
  const table: Record<string, FilterKind> = COLLECTION_FILTERS[RESOURCE_COLLECTION[type]];
  const out: Record<string, string> = {};
  for (const [name, kind] of Object.entries(table)) {
    const value = fields[name];
    if (kind.kind === 'id' && typeof value === 'string' && value) out[name] = value;
    if (kind.kind === 'boolean' && typeof value === 'boolean') out[name] = String(value);
  }
  return out;
}

/** Listings already read, by collection and filters: creates that read the same listing share one read. */
export type ListingReads = Map<string, Promise<ServiceRecord[]>>;

/** The records of the type that the service's filters the values fill select; throws when unreadable. */
function listingFor(
  client: Pick<ServiceClient, 'list' | 'host'>,
  type: ResourceType,
  fields: Record<string, unknown>,
  reads: ListingReads,
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  const collection = RESOURCE_COLLECTION[type];
  const filters = filtersFor(type, fields);
  const key = JSON.stringify([collection, filters]);
  const known = reads.get(key);
  if (known) return known;
  const read = (async () => {
    const records: ServiceRecord[] = [];
    const pages = listingPages(client, collection, filters, {
      priority: 'background',
      signal,
      caps: MATCH_CAPS,
    });
    for await (const page of pages) records.push(...page.data);
    return records;
  })();
  reads.set(key, read);
  return read;
}

/** The IDs of the records of the type that carry the suggested values now; throws when unreadable. */
export async function recordsCarrying(
  client: Pick<ServiceClient, 'list' | 'host'>,
  type: ResourceType,
  fields: Record<string, unknown>,
  signal?: AbortSignal,
  reads: ListingReads = new Map(),
): Promise<string[]> {
  const records = await listingFor(client, type, fields, reads, signal);
  return records.filter((record) => carriesValues(record, fields)).map((record) => record.id);
}

/**
 * What each create going now suggests, with the records that carry those values before it is sent
 * (null where they could not be read: the landlord then confirms which record is the created one).
 * Creates whose values select the same listing (a batch of new tenants) read it once.
 */
export async function recordsBefore(
  client: Pick<ServiceClient, 'list' | 'host'>,
  sources: readonly DraftChange[],
): Promise<CreatedRecordInput[]> {
  const reads: ListingReads = new Map();
  return Promise.all(
    sources.map(async (c) => {
      const fields = effectiveFields(c);
      const beforeIds = await recordsCarrying(client, c.resourceType, fields, undefined, reads).catch(
        () => null,
      );
      return { changeId: c.id, resourceType: c.resourceType, fields, beforeIds };
    }),
  );
}
