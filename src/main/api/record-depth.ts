// How deep a record from the service may nest. Records are a handful of levels deep; one nested
// thousands of levels deep cannot be stored (SQLite's JSON stops at 1,000), counted (JSON.stringify),
// nor sent to the window (structured clone), and each of those fails by overflowing the stack. Such a
// record is refused on arrival, by itself, with its ID, so the rest of its page is used as always.
import { collectionWords } from './errors/call-target';
import type { Collection } from '../../shared/service';

/** Objects and arrays inside one another, the record itself counted as one. */
export const MAX_RECORD_DEPTH = 64;

/** A record the service sent that PropDesk left out, and why, in words. */
export interface RefusedRecord {
  id: string;
  message: string;
}

/**
 * Whether objects and arrays nest deeper than `limit` levels in `value`. Recursive, since the walk
 * never goes more than `limit` calls deep however deep the value is, and without the arrays of values
 * and stack entries a loop would make: every record of every page is walked.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  return typeof value === 'object' && value !== null && deeperThan(value, 1, limit);
}

function deeperThan(node: object, depth: number, limit: number): boolean {
  if (depth > limit) return true;
  if (Array.isArray(node)) {
    for (const child of node as unknown[])
      if (typeof child === 'object' && child !== null && deeperThan(child, depth + 1, limit)) return true;
    return false;
  }
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const child = (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && deeperThan(child, depth + 1, limit)) return true;
  }
  return false;
}

/** Words for a record left out because it nests too deep. */
export function tooDeepMessage(host: string, what: Collection | 'suggestions', id: string): string {
  const thing = what === 'suggestions' ? 'suggestion' : collectionWords(what).singular;
  return `${host} sent ${thing} ${id} nested more than ${MAX_RECORD_DEPTH} levels deep, so PropDesk left it out. Ask whoever runs the service to check that record.`;
}
