// A kind of request to the service: its method and collection (the first path segment under /api/v1),
// such as `GET leases`, `GET proposals` or `POST proposals`. A wait the service asks for holds the
// requests of the kind that ran into it and no others, so the window names holds by kind, and "Try now"
// lifts the hold of one kind.
import { z } from 'zod';
import { COLLECTIONS } from './service';

/** The contract document's path segment: read like a collection, held like one. */
export const CONTRACT_SEGMENT = 'openapi.json';

export const requestKindSchema = z.union([
  z.strictObject({
    method: z.literal('GET'),
    collection: z.enum([...COLLECTIONS, 'proposals', CONTRACT_SEGMENT]),
  }),
  z.strictObject({ method: z.literal('POST'), collection: z.literal('proposals') }),
]);
export type RequestKind = z.infer<typeof requestKindSchema>;

/** One string per kind ("GET leases"), for maps and for the log. */
export function kindKey(kind: Pick<RequestKind, 'method' | 'collection'>): string {
  return `${kind.method} ${kind.collection}`;
}

/** What PropDesk does with requests of the kind: "sending suggestions", "reading leases". */
export function kindWords(kind: Pick<RequestKind, 'method' | 'collection'>): string {
  if (kind.method === 'POST') return 'sending suggestions';
  if (kind.collection === 'proposals') return 'checking suggestions';
  if (kind.collection === CONTRACT_SEGMENT) return 'reading the service’s contract';
  return `reading ${kind.collection.replace(/_/g, ' ')}`;
}
