// The records a renewal is worked from: the leases to renew (by ID, or a list's filters), their units,
// and every lease of those units (the service's `unit_id` filter), so a lease already followed by
// another is known. All the reads of one step go at once; the connection's scheduler decides how many
// are in flight. The same reading serves the preview (from the offline copy first) and the live check
// before drafting (from the service, what the user waits for).
import { textValue } from '../../shared/record-values';
import type { RenewalQuery } from '../../shared/renewals';
import type { Collection, RecordPage, ServiceRecord } from '../../shared/service';
import { readAll } from '../api/read-listing';
import type { RenewalRecords } from './renewals';

/** Reads records; a page or record may say it came from the offline copy, and as of when. */
export interface RenewalReader {
  host?: string;
  list(
    collection: Collection,
    query: { filters?: Record<string, string>; cursor?: string; limit?: number },
    options?: { signal?: AbortSignal },
  ): Promise<RecordPage & { offline?: { asOf?: string } }>;
  get(collection: Collection, id: string): Promise<{ record: ServiceRecord; offline?: { asOf?: string } }>;
}

export interface ReadRenewals extends RenewalRecords {
  /** Leases asked for by ID that the service (or the copy) does not have. */
  missing: string[];
  /** The oldest offline copy any answer came from; undefined when every answer was the service's. */
  copyAsOf: string | undefined;
}

const isNotFound = (error: unknown) => (error as { code?: unknown } | null)?.code === 'not_found';

export async function readRenewals(
  reader: RenewalReader,
  which: RenewalQuery['leases'],
  unitField: string,
  signal?: AbortSignal,
): Promise<ReadRenewals> {
  const copied: string[] = [];
  const mark = <T extends { offline?: { asOf?: string } }>(answer: T): T => {
    if (answer.offline?.asOf) copied.push(answer.offline.asOf);
    return answer;
  };
  const counted: RenewalReader = {
    ...(reader.host ? { host: reader.host } : {}),
    list: async (...args) => mark(await reader.list(...args)),
    get: async (...args) => mark(await reader.get(...args)),
  };
  const one = (collection: Collection, id: string) =>
    counted.get(collection, id).then(
      (answer) => answer.record,
      (error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      },
    );
  const missing: string[] = [];
  let leases: ServiceRecord[];
  if ('ids' in which) {
    const ids = [...new Set(which.ids)];
    const read = await Promise.all(ids.map((id) => one('leases', id)));
    leases = read.filter((l, i) => {
      if (l === null) missing.push(ids[i]!);
      return l !== null;
    }) as ServiceRecord[];
  } else {
    leases = await readAll(counted, 'leases', which.filters, signal);
  }
  const unitIds = [...new Set(leases.map((l) => textValue(l[unitField])).filter((u) => u !== null))];
  const [units, unitLeases] = await Promise.all([
    Promise.all(unitIds.map((id) => one('units', id))),
    Promise.all(unitIds.map((id) => readAll(counted, 'leases', { unit_id: id }, signal))),
  ]);
  return {
    leases,
    units: new Map(units.filter((u) => u !== null).map((u) => [u.id, u])),
    unitLeases: unitLeases.flat(),
    missing,
    copyAsOf: copied.sort()[0],
  };
}
