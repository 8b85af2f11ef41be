// Collection and resource-type names read as words, for sentences and headings: "maintenance_requests"
// -> "maintenance requests", "maintenance_request" -> "maintenance request". The service's documentation
// fixes these names; a record's field name reads through fieldWords, and an enum value through enumWords.
import type { Collection, ResourceType } from './collections';

const spaced = (name: string): string => name.replace(/_/g, ' ');

/** "maintenance requests": a collection's name inside a sentence. */
export function collectionWords(collection: Collection | string): string {
  return spaced(collection);
}

/** "lease", "maintenance requests": a resource type as a noun for a count of them (one by default). */
export function resourceNoun(type: ResourceType | string, count = 1): string {
  const singular = spaced(type);
  if (count === 1) return singular;
  return /[^aeiou]y$/.test(singular) ? `${singular.slice(0, -1)}ies` : `${singular}s`;
}

/** "Lease", "Maintenance request": for headings. */
export function resourceTitle(type: ResourceType | string): string {
  const noun = resourceNoun(type);
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}
