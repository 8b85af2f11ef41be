// Links from a record to the records it refers to. the service's documentation names its identifier fields
// `<resource>_id` (property_id, unit_id, tenant_id, lease_id) and ties a document to its record by
// `entity_type` + `entity_id`; any field of that shape is read as a link, whatever else the contract holds.
import type { Collection, ServiceRecord } from '../service';
import { isResourceType, RESOURCE_COLLECTION } from '../service';
import { fieldWords } from './field-words';

export interface RelatedLink {
  field: string;
  /** The linked record's kind in words, for a sentence ("Open unit"). */
  label: string;
  collection: Collection;
  id: string;
}

/** The collection a `<resource>_id` field points into, or undefined for any other field. */
export function referencedCollection(field: string): Collection | undefined {
  const resource = /^(.+)_id$/.exec(field)?.[1];
  return isResourceType(resource) ? RESOURCE_COLLECTION[resource] : undefined;
}

export interface ReferenceField {
  field: string;
  collection: Collection;
}

/**
 * The reference fields among a collection's fields: `<resource>_id` fields whose collection the
 * contract describes (a link into a collection it has no records for could never be followed).
 */
export function referenceFields(
  fields: ReadonlyArray<{ name: string }>,
  described: (collection: Collection) => boolean,
): ReferenceField[] {
  const out: ReferenceField[] = [];
  for (const { name } of fields) {
    const collection = referencedCollection(name);
    if (collection && described(collection)) out.push({ field: name, collection });
  }
  return out;
}

export function relatedLinks(record: ServiceRecord): RelatedLink[] {
  const links: RelatedLink[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (typeof value !== 'string' || !value) continue;
    const collection = referencedCollection(field);
    if (collection) links.push({ field, label: fieldWords(field).toLowerCase(), collection, id: value });
  }
  const entityType = record.entity_type;
  const entityId = record.entity_id;
  if (
    typeof entityType === 'string' &&
    isResourceType(entityType) &&
    typeof entityId === 'string' &&
    entityId
  ) {
    links.push({
      field: 'entity_id',
      label: fieldWords(entityType).toLowerCase(),
      collection: RESOURCE_COLLECTION[entityType],
      id: entityId,
    });
  }
  return links;
}
