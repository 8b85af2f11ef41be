// The references records carry, as label requests: `<resource>_id` fields and a document's
// entity_type + entity_id (see references.ts), only for the fields a screen shows.
import { referencedCollection } from '../../../shared/contract';
import type { LabelRef } from '../../../shared/label-refs';
import { isResourceType, RESOURCE_COLLECTION } from '../../../shared/service';
import type { ServiceRecord } from '../../../shared/service';

/** The record a field of this record refers to, or undefined when the field is no reference. */
export function fieldRef(record: ServiceRecord, field: string): LabelRef | undefined {
  const value = record[field];
  if (typeof value !== 'string' || !value) return undefined;
  if (field === 'entity_id') {
    const type = record.entity_type;
    return typeof type === 'string' && isResourceType(type)
      ? { collection: RESOURCE_COLLECTION[type], id: value }
      : undefined;
  }
  const collection = referencedCollection(field);
  return collection ? { collection, id: value } : undefined;
}

/** Whether a field can hold a reference (for column widths and cell styles). */
export function isReferenceField(field: string): boolean {
  return field === 'entity_id' || referencedCollection(field) !== undefined;
}

/** Every reference among these fields of these records. */
export function recordRefs(records: Iterable<ServiceRecord>, fields: readonly string[]): LabelRef[] {
  const refs: LabelRef[] = [];
  for (const record of records)
    for (const field of fields) {
      const ref = fieldRef(record, field);
      if (ref) refs.push(ref);
    }
  return refs;
}
