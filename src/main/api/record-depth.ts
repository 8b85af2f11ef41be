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

/** Whether objects and arrays nest deeper than `limit` levels in `value` (walked without recursion). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: Array<{ node: object; depth: number }> = [{ node: value, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.depth > limit) return true;
    const children: unknown[] = Array.isArray(next.node) ? next.node : Object.values(next.node);
    for (const child of children)
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: next.depth + 1 });
  }
  return false;
}

/** Words for a record left out because it nests too deep. */
export function tooDeepMessage(host: string, what: Collection | 'suggestions', id: string): string {
  const thing = what === 'suggestions' ? 'suggestion' : collectionWords(what).singular;
  return `${host} sent ${thing} ${id} nested more than ${MAX_RECORD_DEPTH} levels deep, so PropDesk left it out. Ask whoever runs the service to check that record.`;
}
