// The shape of a search over the offline copy, shared by the IPC contract, main and the renderer:
// hits grouped by collection, each with the record itself and the words main names it by.
import { z } from 'zod';
import { COLLECTIONS } from './service/collections';
import { recordSchema } from './service/envelopes';

export const SEARCH_MAX_HITS = 50;

export const searchHitSchema = z.object({
  collection: z.enum(COLLECTIONS),
  id: z.string(),
  record: recordSchema,
  /**
   * The record's label by the shared rule, linked records included ("Maple Court · 3B" for a unit);
   * null when main could not name it (no contract read yet, linked records out of reach in time).
   */
  label: z.string().nullable(),
  /** `live`: the text was this record's ID and the service answered it; `copy`: the offline copy. */
  source: z.enum(['copy', 'live']),
  /** The field that holds what was typed (an email, a phone, a street), with its value; null for none. */
  matched: z.object({ field: z.string(), value: z.string() }).nullable(),
  /** The second line that tells the record from namesakes (a tenant's email, a property's address). */
  note: z.string().nullable(),
  /** Where a tenant rents: their running lease's unit, "<property> · <unit>"; null for none or another kind. */
  place: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({
  collection: z.enum(COLLECTIONS),
  hits: z.array(searchHitSchema),
  /** More records of this collection match than are shown. */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchAnswerSchema = z.object({
  /** Whether an offline copy could be searched; false means there is none (yet) to search. */
  available: z.boolean(),
  /** The oldest as-of time of the copies searched. */
  asOf: z.string().nullable(),
  /** Something the user should know about this answer, in plain words (no copy, copy too old …). */
  notice: z.string().nullable(),
  /** Best group first. */
  groups: z.array(searchGroupSchema),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
