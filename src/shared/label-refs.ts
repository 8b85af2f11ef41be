// Labels for references as they cross IPC: which records to name (collection + ID) and the words
// main found for them, keyed "collection/id", with where the words came from and how old they are.
import { z } from 'zod';
import { recordIdSchema } from './record-id';
import { COLLECTIONS } from './service/collections';
import type { Collection } from './service/collections';

/** One screen's worth: five pages of a list at the largest page size, each with a reference or so. */
export const MAX_LABEL_REFS = 500;

export const LABEL_SOURCES = ['copy', 'cache', 'service'] as const;
export type LabelSource = (typeof LABEL_SOURCES)[number];

export const labelRefSchema = z.strictObject({ collection: z.enum(COLLECTIONS), id: recordIdSchema });
export type LabelRef = z.infer<typeof labelRefSchema>;

export const labelsResolveArgsSchema = z.strictObject({
  refs: z.array(labelRefSchema).min(1).max(MAX_LABEL_REFS),
});

export const labelAnswerSchema = z.object({
  /** Words for each reference that could be named, by labelKey; one that could not is left out. */
  labels: z.record(z.string(), z.string()),
  /**
   * copy: all read from the offline copy; cache: from main's memory of earlier listings, no request
   * sent; service: at least one collection was listed from the service for this answer.
   */
  source: z.enum(LABEL_SOURCES),
  /** The oldest time the words were read at (the copy's as-of time, or when the listing began). */
  asOf: z.string().optional(),
  /** Collections whose records could not be read (no access, out of reach), in plain words. */
  problems: z.array(z.string()).optional(),
});
export type LabelAnswer = z.infer<typeof labelAnswerSchema>;

/** The key of a reference in an answer's labels: "leases/lease_12". */
export const labelKey = (collection: Collection, id: string): string => `${collection}/${id}`;
