// The service's list filters applied to records read from the offline copy. Mirrors the reference
// service's semantics (kept in step by a test against it): exact matches, except city and state which
// match ignoring case; booleans as the words true/false; end_date and due_date select records on or
// before the date, and a record without that date (a month-to-month lease) never matches.
import { filterKind } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';

const CASE_INSENSITIVE: Partial<Record<Collection, readonly string[]>> = { properties: ['city', 'state'] };

type Test = (value: unknown) => boolean;

function testFor(collection: Collection, name: string, raw: string): Test {
  const kind = filterKind(collection, name);
  if (!kind) return () => false;
  switch (kind.kind) {
    case 'boolean':
      return (v) => v === (raw === 'true') && (raw === 'true' || raw === 'false');
    case 'date':
      return (v) => typeof v === 'string' && v <= raw;
    case 'id':
      return (v) => v === raw;
    case 'text': {
      if (CASE_INSENSITIVE[collection]?.includes(name)) {
        const lower = raw.toLowerCase();
        return (v) => typeof v === 'string' && v.toLowerCase() === lower;
      }
      return (v) => v === raw;
    }
  }
}

/** A predicate for the filters, or undefined when there are none (everything matches). */
export function localFilter(
  collection: Collection,
  filters: Record<string, string>,
): ((record: ServiceRecord) => boolean) | undefined {
  const tests = Object.entries(filters).map(([name, raw]) => [name, testFor(collection, name, raw)] as const);
  if (tests.length === 0) return undefined;
  return (record) => tests.every(([name, test]) => test(record[name]));
}
