// The order of one listing of the offline copy under a sort and the app's lower date bounds, worked
// out in SQL over every stored row (filters as the service applies them, then ORDER BY the field:
// numbers as numbers, dates and text as text, empty values last, ties by record ID; the rule of
// src/shared/list-order.ts). The keys in order are kept for the last few lists, so the pages after
// the first are read by key without sorting again.
import type { LowerBounds } from '../../shared/date-range';
import type { ListSort, SortKind } from '../../shared/list-order';
import type { Collection } from '../../shared/service';
import { conditionOf, filterTerms } from './offline-copy-filter-sql';
import type { ListingStatements } from './listing-statements';
import { rowsTable } from './listing-tables';

const KEPT_ORDERS = 4;

/** The SQL value a row sorts by; NULL when it has none of the kind. */
function sortExpression(field: string, kind: SortKind): string {
  // The field name is held to a plain identifier by the IPC contract (listSortSchema).
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`Not a field name: ${field}`);
  const path = `'$.${field}'`;
  switch (kind) {
    case 'number':
      return `CASE WHEN json_type(json, ${path}) IN ('integer', 'real') THEN json_extract(json, ${path}) END`;
    case 'boolean':
      return `CASE json_type(json, ${path}) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END`;
    case 'date':
    case 'text':
      return `CASE WHEN json_type(json, ${path}) = 'text' AND json_extract(json, ${path}) <> '' THEN json_extract(json, ${path}) END`;
  }
}

/** The SQL of the ordered keys over a listing's table of records, and the values to bind. */
export function orderedKeysSql(
  listing: number,
  collection: Collection,
  filters: Record<string, string>,
  onOrAfter: LowerBounds,
  sort: ListSort | undefined,
): { sql: string; values: string[] } {
  const terms = filterTerms(collection, filters);
  const bounds = Object.entries(onOrAfter).map(([name, from]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a field name: ${name}`);
    // A TEXT value sorts after every number and NULL, so only date strings can pass.
    return { condition: `json_extract(json, '$.${name}') >= ?`, value: from };
  });
  const conditions = [...terms.map((t) => conditionOf(t, false)), ...bounds.map((b) => b.condition)];
  const where = conditions.map((c) => ` AND ${c}`).join('');
  const dir = sort?.direction === 'desc' ? 'DESC' : 'ASC';
  const order = !sort
    ? 'key'
    : sort.kind === 'text'
      ? `s IS NULL, unicode_lower(s) ${dir}, s ${dir}, id`
      : `s IS NULL, s ${dir}, id`;
  const value = sort ? `, ${sortExpression(sort.field, sort.kind)} AS s` : '';
  return {
    sql: `SELECT key${value} FROM ${rowsTable(listing)}
      WHERE 1${where}
      ORDER BY ${order}`,
    values: [...terms.map((t) => t.value), ...bounds.map((b) => b.value)],
  };
}

export class SortedOrders {
  private readonly kept = new Map<string, Float64Array>();

  constructor(private readonly statements: ListingStatements) {}

  /** Every key of the listing that passes, in order. Throws a UserError for a refused filter. */
  keys(
    collection: Collection,
    listing: number,
    filters: Record<string, string>,
    onOrAfter: LowerBounds,
    sort: ListSort | undefined,
  ): Float64Array {
    const id = JSON.stringify([listing, collection, filters, onOrAfter, sort ?? null]);
    const found = this.kept.get(id);
    if (found) {
      this.kept.delete(id);
      this.kept.set(id, found);
      return found;
    }
    const { sql, values } = orderedKeysSql(listing, collection, filters, onOrAfter, sort);
    const statement = this.statements.get<unknown[], { key: number }>(listing, sql);
    const rows = (statement?.raw().all(...values) ?? []) as unknown as Array<[number]>;
    const keys = Float64Array.from(rows, (r) => r[0]);
    this.kept.set(id, keys);
    if (this.kept.size > KEPT_ORDERS) this.kept.delete(this.kept.keys().next().value!);
    return keys;
  }

  /** Lets go of the orders kept for a listing that is gone. */
  forget(listing: number): void {
    for (const id of [...this.kept.keys()]) if (id.startsWith(`[${listing},`)) this.kept.delete(id);
  }
}
