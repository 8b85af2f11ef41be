// Lists a whole collection for labels, page by page at the largest page size, keeping each record cut
// down to the fields labels read. When the records would pass the connection's cap, it keeps only the
// ones asked for and stops as soon as it has found them all.
import type { Collection, ServiceRecord } from '../../shared/service';
import { WHOLE_COLLECTION_CAPS } from '../api/paging';
import { listingPages } from '../api/read-listing';
import type { ServiceClient } from '../connections/types';
import { compact } from './label-rules';

export interface ListingRequest {
  client: ServiceClient;
  collection: Collection;
  fields: readonly string[];
  /** IDs asked for; may grow while the listing runs. */
  wanted: ReadonlySet<string>;
  /** How many records this listing may keep before it keeps only the wanted ones. */
  budget: number;
  signal: AbortSignal;
}

export async function listForLabels(
  request: ListingRequest,
): Promise<{ records: Map<string, ServiceRecord>; complete: boolean }> {
  const { client, collection, fields, wanted, budget, signal } = request;
  const records = new Map<string, ServiceRecord>();
  let complete = true;
  const pages = listingPages(client, collection, {}, { signal, caps: WHOLE_COLLECTION_CAPS });
  for await (const page of pages) {
    for (const record of page.data) {
      if (complete && records.size >= budget) {
        complete = false;
        for (const id of records.keys()) if (!wanted.has(id)) records.delete(id);
      }
      if (complete || wanted.has(record.id)) records.set(record.id, compact(record, fields));
    }
    if (!complete && [...wanted].every((id) => records.has(id))) break;
  }
  return { records, complete };
}
