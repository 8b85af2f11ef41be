// Links from a record to the records it refers to: any `<resource>_id` field, and a document's
// `entity_type` + `entity_id` pair. Derived from field names, so it follows whatever the service sends.
import type { Collection, ServiceRecord } from '../../../../shared/service';
import { isResourceType, RESOURCE_COLLECTION } from '../../../../shared/service';

export interface RelatedLink {
  field: string;
  label: string;
  collection: Collection;
  id: string;
}

/** The collection a `<resource>_id` field points into, or undefined for any other field. */
export function referencedCollection(field: string): Collection | undefined {
  const resource = /^(.+)_id$/.exec(field)?.[1];
  return isResourceType(resource) ? RESOURCE_COLLECTION[resource] : undefined;
}

export function relatedLinks(record: ServiceRecord): RelatedLink[] {
  const links: RelatedLink[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (typeof value !== 'string' || !value) continue;
    const collection = referencedCollection(field);
    if (collection) {
      links.push({ field, label: field.slice(0, -'_id'.length).replace(/_/g, ' '), collection, id: value });
    }
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
      label: entityType.replace(/_/g, ' '),
      collection: RESOURCE_COLLECTION[entityType],
      id: entityId,
    });
  }
  return links;
}
