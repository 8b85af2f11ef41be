// The list filters of the service's documentation as SQL over the offline copy, with the reference service's
// semantics (src/sandbox/filters.ts): IDs and enums match exactly and only a JSON string; city and
// state match ignoring case (JavaScript's toLowerCase, as the service compares them); booleans match
// only JSON true/false, never the string "true"; end_date and due_date select a date string on or
// before the given day, and a record without one (a month-to-month lease) never matches.
//
// Each expression below is also the one the listing's index is built on (listing-tables.ts), so
// SQLite can answer the comparison from the index.
import { collectionWords, filterKind } from '../../../shared/service';
import type { LowerBounds } from '../../../shared/date-range';
import type { Collection } from '../../../shared/service';
import { UserError } from '../../base/user-error';
import { ownConditions } from './own-filter-sql';
import type { OwnTerms } from './own-filter-sql';

export type FilterMatch = 'equal' | 'equal_folded' | 'boolean' | 'on_or_before';

export interface FilterTerm {
  name: string;
  match: FilterMatch;
  /** The SQL expression over the row's `json` column that the filter compares (and its index holds). */
  expr: string;
  /** The value to bind, already in the form the expression compares with. */
  value: string;
}

// The reference service compares these ignoring case; the others exactly.
const FOLDED: Partial<Record<Collection, readonly string[]>> = { properties: ['city', 'state'] };

function matchOf(collection: Collection, name: string): FilterMatch | undefined {
  const kind = filterKind(collection, name);
  if (!kind) return undefined;
  switch (kind.kind) {
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'on_or_before';
    case 'id':
      return 'equal';
    case 'text':
      return FOLDED[collection]?.includes(name) ? 'equal_folded' : 'equal';
  }
}

function expressionOf(name: string, match: FilterMatch): string {
  // Filter names come from the fixed table of the service's documentation, never from the caller.
  const path = `'$.${name}'`;
  switch (match) {
    case 'equal':
    case 'on_or_before':
      return `json_extract(json, ${path})`;
    case 'equal_folded':
      return `unicode_lower(json_extract(json, ${path}))`;
    case 'boolean':
      return `json_type(json, ${path})`;
  }
}

/** The expression a listing's index for this filter is built on. */
export function filterIndexExpression(collection: Collection, name: string): string {
  const match = matchOf(collection, name);
  if (!match) throw new Error(`There is no ${name} filter for ${collection}`);
  return expressionOf(name, match);
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

function bindValue(collection: Collection, name: string, match: FilterMatch, raw: string): string {
  switch (match) {
    case 'equal':
      return raw;
    case 'equal_folded':
      return raw.toLowerCase();
    case 'boolean':
      if (raw !== 'true' && raw !== 'false')
        throw new UserError('invalid_request', `The ${name} filter is true or false, not “${raw}”.`);
      // json_type names a JSON boolean 'true' or 'false'; a string "true" is 'text'.
      return raw;
    case 'on_or_before':
      if (!isCalendarDate(raw))
        throw new UserError(
          'invalid_request',
          `The ${name} filter of ${collectionWords(collection)} takes a date written YYYY-MM-DD, not “${raw}”.`,
        );
      return raw;
  }
}

/** How far a filter narrows: an ID picks few records, an enum some, a boolean or a date many. */
function rankOf(collection: Collection, term: FilterTerm): number {
  switch (term.match) {
    case 'equal':
      return filterKind(collection, term.name)?.kind === 'id' ? 0 : 1;
    case 'equal_folded':
      return 1;
    case 'boolean':
      return 2;
    case 'on_or_before':
      return 3;
  }
}

/**
 * The filters as SQL terms, the one to drive the query by first (the narrowest). An unknown filter
 * or an ill-formed value is refused, as the service refuses it.
 */
export function filterTerms(collection: Collection, filters: Record<string, string>): FilterTerm[] {
  const terms = Object.entries(filters).map(([name, raw]): FilterTerm => {
    const match = matchOf(collection, name);
    if (!match)
      throw new UserError(
        'invalid_request',
        `There is no “${name}” filter for ${collectionWords(collection)}.`,
      );
    return {
      name,
      match,
      expr: expressionOf(name, match),
      value: bindValue(collection, name, match, raw),
    };
  });
  return terms.sort((a, b) => rankOf(collection, a) - rankOf(collection, b) || a.name.localeCompare(b.name));
}

/** The SQL condition of a term; `indexed: false` keeps SQLite from driving the query by it. */
export function conditionOf(term: FilterTerm, indexed: boolean): string {
  const expr = indexed ? term.expr : `+${term.expr}`;
  // A date string on or before the day: every TEXT value sorts after '' and after every number.
  return term.match === 'on_or_before' ? `${expr} BETWEEN '' AND ?` : `${expr} = ?`;
}

/**
 * The service's filters, the app's lower date bounds and PropDesk's own filters as one SQL condition
 * (` AND …` terms after a `WHERE 1`) with the values to bind. The narrowest filter drives the query through its index,
 * unless it is a date range (many rows). Throws a UserError for a refused filter.
 */
export function rowConditions(
  collection: Collection,
  filters: Record<string, string>,
  onOrAfter: LowerBounds,
  own?: OwnTerms,
): { where: string; values: string[] } {
  const terms = filterTerms(collection, filters);
  const bounds = Object.entries(onOrAfter).map(([name, from]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a field name: ${name}`);
    // A TEXT value sorts after every number and NULL, so only date strings can pass.
    return { condition: `json_extract(json, '$.${name}') >= ?`, value: from };
  });
  const drive = (i: number) => i === 0 && terms[0]!.match !== 'on_or_before';
  const mine = ownConditions(own);
  const conditions = [
    ...terms.map((t, i) => conditionOf(t, drive(i))),
    ...bounds.map((b) => b.condition),
    ...mine.conditions,
  ];
  return {
    where: conditions.map((c) => ` AND ${c}`).join(''),
    values: [...terms.map((t) => t.value), ...bounds.map((b) => b.value), ...mine.values],
  };
}
