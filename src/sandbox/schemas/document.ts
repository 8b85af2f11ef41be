// Document records: metadata of a stored file (never its contents) and the record it belongs to.
import { z } from 'zod';
import { idRef, serverFields, text } from './common';

export const DOCUMENT_TYPES = [
  'lease_agreement',
  'inspection_report',
  'insurance_certificate',
  'invoice',
  'notice',
  'photo',
  'floor_plan',
] as const;
export const DOCUMENT_ENTITY_TYPES = ['property', 'unit', 'lease', 'tenant'] as const;

/** What a person may set on a document in the web application (the API suggests no documents). */
export const documentWritable = {
  name: text(1, 200, 'File name'),
  type: z.enum(DOCUMENT_TYPES).meta({ description: 'Kind of document' }),
  size_bytes: z.number().int().min(0).meta({ description: 'File size in bytes' }),
  entity_type: z.enum(DOCUMENT_ENTITY_TYPES).meta({ description: 'Kind of record the document belongs to' }),
  entity_id: idRef('ID of the record the document belongs to'),
  is_verified: z.boolean().meta({ description: 'true once a person has checked the document' }),
  uploaded_at: z.iso.datetime().meta({ description: 'When the file was uploaded' }),
};

export const documentCreateRequired = ['name', 'type', 'size_bytes', 'entity_type', 'entity_id'] as const;

export const documentRecordSchema = z.strictObject({ ...serverFields, ...documentWritable });
export type DocumentRecord = z.infer<typeof documentRecordSchema>;
