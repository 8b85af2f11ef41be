// Response envelopes fixed by the service's documentation. Record fields beyond `id` are left to the contract,
// so records are loose objects here.
import { z } from 'zod';

export const recordSchema = z.looseObject({ id: z.string().min(1) });
export type ServiceRecord = z.infer<typeof recordSchema>;

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    nextCursor: z.string().min(1).nullable(),
    hasMore: z.boolean(),
  });
}

export function singleEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const recordListEnvelopeSchema = listEnvelopeSchema(recordSchema);
export type RecordPage = z.infer<typeof recordListEnvelopeSchema>;
export const recordEnvelopeSchema = singleEnvelopeSchema(recordSchema);
