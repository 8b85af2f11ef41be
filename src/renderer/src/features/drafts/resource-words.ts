// Plain-language names of resource types for sentences: "lease", "maintenance requests".
import type { ResourceType } from '../../../../shared/service';

export function resourceNoun(type: ResourceType | string, count = 1): string {
  const singular = type.replace(/_/g, ' ');
  if (count === 1) return singular;
  return /[^aeiou]y$/.test(singular) ? `${singular.slice(0, -1)}ies` : `${singular}s`;
}

/** "Lease", "Maintenance request": for headings. */
export function resourceTitle(type: ResourceType | string): string {
  const noun = resourceNoun(type);
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

/** "monthly rent" from "Monthly rent": a field label inside a sentence. */
export function inSentence(label: string): string {
  if (label.length > 1 && label[1] === label[1]!.toUpperCase()) return label; // "ID", "ZIP code"
  return label.charAt(0).toLowerCase() + label.slice(1);
}
