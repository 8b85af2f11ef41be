// The order of a sorted record list, one rule for the two places that sort: main over the offline copy
// (in SQL, see src/main/store/offline-copy/sorted-order.ts) and the grid over the rows loaded so far. Empty values
// go last in either direction; text compares ignoring case first; ties fall back to the record ID.
import { z } from 'zod';
import type { ServiceRecord } from './service';

/** How a field's values compare; taken from the field's type in the contract. */
export const SORT_KINDS = ['number', 'date', 'boolean', 'text'] as const;
export type SortKind = (typeof SORT_KINDS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const listSortSchema = z.strictObject({
  // Goes into a JSON path in SQL: a plain field name only.
  field: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Not a field name'),
  direction: z.enum(SORT_DIRECTIONS),
  kind: z.enum(SORT_KINDS),
});
export type ListSort = z.infer<typeof listSortSchema>;

/** The sort kind of a contract field type (numbers and money as numbers, dates as dates). */
export function sortKindOf(type: string): SortKind {
  switch (type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'date':
    case 'date-time':
      return 'date';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

/** The value a record sorts by, or undefined when it has none of the kind (sorted last). */
export function sortValue(value: unknown, kind: SortKind): number | string | undefined {
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return value === true ? 1 : value === false ? 0 : undefined;
    case 'date':
    case 'text':
      return typeof value === 'string' && value !== '' ? value : undefined;
  }
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compareValues(a: number | string, b: number | string, kind: SortKind): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  if (kind === 'text') return byCodeUnits(x.toLowerCase(), y.toLowerCase()) || byCodeUnits(x, y);
  return byCodeUnits(x, y);
}

/** Compares two records in the sort's order. */
export function compareRecords(a: ServiceRecord, b: ServiceRecord, sort: ListSort): number {
  const x = sortValue(a[sort.field], sort.kind);
  const y = sortValue(b[sort.field], sort.kind);
  if (x === undefined || y === undefined) {
    if (x !== y) return x === undefined ? 1 : -1;
  } else {
    const order = compareValues(x, y, sort.kind);
    if (order !== 0) return sort.direction === 'asc' ? order : -order;
  }
  return byCodeUnits(a.id, b.id);
}

/** The next state of a header's sort: ascending, then descending, then off. */
export function nextSort(current: ListSort | null, field: string, kind: SortKind): ListSort | null {
  if (current?.field !== field) return { field, direction: 'asc', kind };
  return current.direction === 'asc' ? { ...current, direction: 'desc' } : null;
}
