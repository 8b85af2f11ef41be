// A filtered list's filters in plain words, for paper: the service's filters as the screen names them
// (a record by its label, a status in words; a filter whose meaning the service's documentation leaves
// open keeps that hint), the app's lower date bounds, and PropDesk's own filters marked as its own.
import { enumWords, fieldWords, inSentence } from '../../shared/contract';
import { formatDay } from '../../shared/date-style';
import type { LowerBounds } from '../../shared/date-range';
import { labelKey } from '../../shared/label-refs';
import type { LabelRef } from '../../shared/label-refs';
import type { OwnFilters } from '../../shared/own-filters';
import { filterKind } from '../../shared/service';
import type { Collection } from '../../shared/service';

export interface ListFilters {
  filters: Record<string, string>;
  onOrAfter?: LowerBounds | undefined;
  own?: OwnFilters | undefined;
}

const OWN = '(PropDesk’s own filter, applied over its offline copy)';

/** The records the filters name (a tenant, a lease, a property), for their labels. */
export function filterRefs(collection: Collection, { filters, own }: ListFilters): LabelRef[] {
  const refs: LabelRef[] = [];
  for (const [name, value] of Object.entries(filters)) {
    const kind = filterKind(collection, name);
    if (kind?.kind === 'id' && kind.target !== 'any') refs.push({ collection: kind.target, id: value });
  }
  if (own?.property) refs.push({ collection: 'properties', id: own.property });
  return refs;
}

/** One sentence a filter. `labels` by labelKey; a record without one is named by its ID. */
export function filterSentences(
  collection: Collection,
  { filters, onOrAfter = {}, own = {} }: ListFilters,
  labels: Readonly<Record<string, string>>,
  locale: string,
): string[] {
  const day = (d: string) => formatDay(d, locale);
  const out = Object.entries(filters).map(([name, value]) => {
    const kind = filterKind(collection, name);
    switch (kind?.kind) {
      case 'id':
        return `${fieldWords(name)}: ${kind.target === 'any' ? value : (labels[labelKey(kind.target, value)] ?? value)}`;
      case 'date':
        return `${fieldWords(name)}: ${day(value)} (as the service matches it; its documentation does not say how)`;
      case 'boolean':
        return `${fieldWords(name)}: ${value === 'true' ? 'yes' : 'no'}`;
      default:
        return `${fieldWords(name)}: ${enumWords(value)}`;
    }
  });
  for (const [name, value] of Object.entries(onOrAfter))
    out.push(`${fieldWords(name)} on or after ${day(value)}`);
  if (own.property)
    out.push(`Property (by lease): ${labels[labelKey('properties', own.property)] ?? own.property} ${OWN}`);
  if (own.received_from && own.received_to)
    out.push(`Received between ${day(own.received_from)} and ${day(own.received_to)} ${OWN}`);
  else if (own.received_from) out.push(`Received on or after ${day(own.received_from)} ${OWN}`);
  else if (own.received_to) out.push(`Received on or before ${day(own.received_to)} ${OWN}`);
  return out.map((s) => s.replace(/^./, (c) => c.toUpperCase()));
}

/** "status late, due date 2025-12-31": short words for a file's name. */
export function filterNameWords({ filters, own = {} }: ListFilters): string {
  return [
    ...Object.entries(filters).map(([k, v]) => `${inSentence(fieldWords(k))} ${v}`),
    own.received_from ? `received from ${own.received_from}` : null,
    own.received_to ? `received to ${own.received_to}` : null,
  ]
    .filter((w): w is string => w !== null)
    .join(', ');
}
