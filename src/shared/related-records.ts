// The record page's answer: a record, the lists of records that point to it (first rows, full count
// and the filters that read each in full) and the documents attached to it, as main sends them.
import { z } from 'zod';
import { COLLECTIONS, recordSchema } from './service';
import type { Collection } from './service';

export const OWNER_TYPES = ['property', 'unit', 'lease', 'tenant'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

/** The collections whose records documents can be attached to, and the `entity_type` each is filtered by. */
export const OWNER_TYPE_OF: Partial<Record<Collection, OwnerType>> = {
  properties: 'property',
  units: 'unit',
  leases: 'lease',
  tenants: 'tenant',
};

export const ownedDocumentSchema = z.object({
  document: recordSchema,
  ownerType: z.enum(OWNER_TYPES),
  ownerId: z.string(),
});

export const relatedListSchema = z.object({
  collection: z.enum(COLLECTIONS),
  filters: z.record(z.string(), z.string()),
  total: z.number().int().nonnegative(),
  rows: z.array(recordSchema),
});

export const relatedRecordsSchema = z.object({
  collection: z.enum(COLLECTIONS),
  record: recordSchema,
  lists: z.array(relatedListSchema),
  documents: z.array(ownedDocumentSchema).nullable(),
  /** What the page leaves out because reading it all would take too many requests, in plain words. */
  partial: z.array(z.string()).optional(),
});

export type OwnedDocument = z.infer<typeof ownedDocumentSchema>;
export type RelatedList = z.infer<typeof relatedListSchema>;
