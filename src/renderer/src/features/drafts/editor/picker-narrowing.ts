// A reference field's picker narrowed by the change's other references: a maintenance request's unit
// is chosen among the units of the property it names, so another building's "3B" is not one arrow
// key away. Any filter of the target collection that names a record the change already names applies.
import { referencedCollection } from '../../../../../shared/contract';
import { COLLECTION_FILTERS } from '../../../../../shared/service';
import type { Collection, FilterKind } from '../../../../../shared/service';

export interface Narrowing {
  /** The service's own filters of the picker's collection, as the list reads them. */
  filters: Record<string, string>;
  /** The records they name: the words say "units of <property>". */
  by: Array<{ collection: Collection; id: string }>;
}

/** The narrowing of `field`'s picker by the change's `fields`; undefined when nothing narrows it. */
export function narrowingFor(field: string, fields: Record<string, unknown>): Narrowing | undefined {
  const target = referencedCollection(field);
  if (!target) return undefined;
  const table: Record<string, FilterKind> = COLLECTION_FILTERS[target];
  const out: Narrowing = { filters: {}, by: [] };
  for (const [name, kind] of Object.entries(table)) {
    const value = fields[name];
    if (kind.kind !== 'id' || kind.target === 'any' || name === field) continue;
    if (typeof value !== 'string' || !value) continue;
    out.filters[name] = value;
    out.by.push({ collection: kind.target, id: value });
  }
  return out.by.length ? out : undefined;
}
