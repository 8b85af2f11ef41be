// A page of records as the service's list envelope gives it (service-api.md), checked by hand against
// the rules of the shared list envelope and recordSchema (the schema only words what failed); records
// nested too deep to store or show are left out of a page, or of a single record's answer, and named.
import { z } from 'zod';
import type { RecordPage, ServiceRecord } from '../../shared/service';
import { MAX_RECORD_DEPTH, nestedDeeperThan } from './record-depth';
import type { RefusedRecord } from './record-depth';

/** A checked page: what `data` left out, when anything was. */
export interface CheckedPage extends RecordPage {
  refused?: RefusedRecord[];
}

// Records are objects with a non-empty string id, checked in one plain loop rather than one zod parse
// (and copy) each: paging through 100,000 records must cost no more than a bare fetch loop.
const isRecord = (value: unknown): value is ServiceRecord =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { id?: unknown }).id === 'string' &&
  (value as { id: string }).id.length > 0;
export const recordPageSchema = z.object({
  data: z.custom<ServiceRecord[]>((value) => Array.isArray(value) && value.every(isRecord), {
    message: 'Expected an array of records, each with a non-empty string id',
  }),
  nextCursor: z.string().min(1).nullable(),
  hasMore: z.boolean(),
});

/**
 * A page that meets recordPageSchema, as that schema's output (only its three members), checked by
 * hand; undefined when it does not, for the schema to say why, in the same words as always. Records
 * nested deeper than MAX_RECORD_DEPTH are left out, each named with `refusal`'s words.
 */
export function checkedPage(json: unknown, refusal: (id: string) => string): CheckedPage | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const { data, nextCursor, hasMore } = json as Record<string, unknown>;
  if (typeof hasMore !== 'boolean') return undefined;
  if (nextCursor !== null && (typeof nextCursor !== 'string' || nextCursor.length === 0)) return undefined;
  if (!Array.isArray(data)) return undefined;
  for (const record of data) if (!isRecord(record)) return undefined;
  const { kept, refused } = leaveOutTooDeep(data, refusal);
  return refused ? { data: kept, nextCursor, hasMore, refused } : { data: kept, nextCursor, hasMore };
}

/** The items of a list nested no deeper than MAX_RECORD_DEPTH, and the others named. */
export function leaveOutTooDeep<T extends { id: string }>(
  items: T[],
  refusal: (id: string) => string,
): { kept: T[]; refused?: RefusedRecord[] } {
  if (!items.some((item) => nestedDeeperThan(item, MAX_RECORD_DEPTH))) return { kept: items };
  const kept: T[] = [];
  const refused: RefusedRecord[] = [];
  for (const item of items)
    if (nestedDeeperThan(item, MAX_RECORD_DEPTH)) refused.push({ id: item.id, message: refusal(item.id) });
    else kept.push(item);
  return { kept, refused };
}
