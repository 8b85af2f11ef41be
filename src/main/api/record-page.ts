// A page of records as the service's list envelope gives it (service-api.md), checked against the
// same rules as the shared list envelope and recordSchema.
import { z } from 'zod';
import type { RecordPage, ServiceRecord } from '../../shared/service';

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
 * hand; undefined when it does not, for the schema to say why, in the same words as always.
 */
export function checkedPage(json: unknown): RecordPage | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const { data, nextCursor, hasMore } = json as Record<string, unknown>;
  if (typeof hasMore !== 'boolean') return undefined;
  if (nextCursor !== null && (typeof nextCursor !== 'string' || nextCursor.length === 0)) return undefined;
  if (!Array.isArray(data)) return undefined;
  for (const record of data) if (!isRecord(record)) return undefined;
  return { data, nextCursor, hasMore };
}
