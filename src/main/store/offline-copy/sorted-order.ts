// The order of one listing of the offline copy under a sort and the app's lower date bounds, worked
// out in SQL over every stored row (filters as the service applies them, then ORDER BY the field:
// numbers as numbers, dates and text as text, empty values last, ties by record ID; the rule of
// src/shared/list-order.ts). The keys in order are kept for the last few lists, so the pages after
// the first are read by key without sorting again.
//
// A whole listing sorted by a field (no filter, no bound) is read from an index in that order, built
// the first time the listing is sorted so (a sort, as long as sorting once) and dropped with the
// listing: working out the field of every record takes most of the time, and the index holds it.
// Each such index holds its field for every record, so only the few sorts used last keep theirs: a
// hundred sorts by other fields, kinds and directions would otherwise grow the file several times.
// A filtered sort is driven by its narrowest equality filter's index, then sorts what matched.
import type { Database } from 'better-sqlite3';
import type { LowerBounds } from '../../../shared/date-range';
import type { ListSort, SortKind } from '../../../shared/list-order';
import type { Collection } from '../../../shared/service';
import { rowConditions } from './filter-sql';
import type { OwnTerms } from './own-filter-sql';
import { rowsIndex, rowsTable } from './listing-tables';
import { isNoSuchTable } from './schema-objects';
import type { StatementCache } from './statement-cache';

const KEPT_ORDERS = 4;
/**
 * Sort indexes kept per listing; a sort used longer ago loses its index and builds it again when
 * asked (half a second at 100,000 payments). Six: three columns each way round, what a landlord
 * switches between on one list; each index costs about 2 MB at that size.
 */
export const KEPT_SORT_INDEXES = 6;

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

/** The index a whole listing is read from in a sort's order, and the ORDER BY that reads it. */
export function sortIndex(listing: number, sort: ListSort): { name: string; sql: string; order: string } {
  const value = `(${sortExpression(sort.field, sort.kind)})`;
  const dir = sort.direction === 'desc' ? 'DESC' : 'ASC';
  const order = [
    `${value} IS NULL`,
    ...(sort.kind === 'text' ? [`unicode_lower(${value}) ${dir}`] : []),
    `${value} ${dir}`,
    'id',
  ].join(', ');
  const name = rowsIndex(listing, `sort_${sort.field}_${sort.kind}_${dir.toLowerCase()}`);
  return { name, sql: `CREATE INDEX IF NOT EXISTS ${name} ON ${rowsTable(listing)}(${order})`, order };
}

/** The SQL of the ordered keys over a listing's table of records, and the values to bind. */
export function orderedKeysSql(
  listing: number,
  collection: Collection,
  filters: Record<string, string>,
  onOrAfter: LowerBounds,
  sort: ListSort | undefined,
  own?: OwnTerms,
): { sql: string; values: string[]; index?: { name: string; sql: string } } {
  const rows = rowConditions(collection, filters, onOrAfter, own);
  if (sort && rows.values.length === 0) {
    const index = sortIndex(listing, sort);
    return {
      sql: `SELECT key FROM ${rowsTable(listing)} INDEXED BY ${index.name} ORDER BY ${index.order}`,
      values: [],
      index: { name: index.name, sql: index.sql },
    };
  }
  const dir = sort?.direction === 'desc' ? 'DESC' : 'ASC';
  const order = !sort
    ? 'key'
    : sort.kind === 'text'
      ? `s IS NULL, unicode_lower(s) ${dir}, s ${dir}, id`
      : `s IS NULL, s ${dir}, id`;
  const value = sort ? `, ${sortExpression(sort.field, sort.kind)} AS s` : '';
  return {
    sql: `SELECT key${value} FROM ${rowsTable(listing)}
      WHERE 1${rows.where}
      ORDER BY ${order}`,
    values: rows.values,
  };
}

/** What decides which rows of a listing are kept, and in which order. */
export interface RowOrder {
  /** The service's filters, as the service applies them. */
  filters: Record<string, string>;
  /** The app's lower date bounds. */
  onOrAfter: LowerBounds;
  /** The listing's own (the service's) order without one. */
  sort: ListSort | undefined;
  /** PropDesk's own filters, resolved. */
  own?: OwnTerms | undefined;
}

export class SortedOrders {
  private readonly kept = new Map<string, Float64Array>();
  /** When each sort index was last built or read from, by name (a count, not a time). */
  private readonly sortIndexUse = new Map<string, number>();
  private uses = 0;

  constructor(
    private readonly db: Database,
    private readonly statements: StatementCache,
  ) {}

  /** Every key of the listing that passes, in order. Throws a UserError for a refused filter. */
  keys(collection: Collection, listing: number, { filters, onOrAfter, sort, own }: RowOrder): Float64Array {
    const id = JSON.stringify([listing, collection, filters, onOrAfter, sort ?? null, own ?? null]);
    const found = this.kept.get(id);
    if (found) {
      this.kept.delete(id);
      this.kept.set(id, found);
      return found;
    }
    const { sql, values, index } = orderedKeysSql(listing, collection, filters, onOrAfter, sort, own);
    if (index) {
      if (!this.buildSortIndex(index.sql)) return new Float64Array(0);
      this.keepFewSortIndexes(listing, index.name);
    }
    const statement = this.statements.get<unknown[], { key: number }>(listing, sql);
    // One number a row (not an array a row): a hundred thousand keys come out in a quarter of the time.
    const keys = Float64Array.from((statement?.pluck().all(...values) ?? []) as unknown as number[]);
    this.kept.set(id, keys);
    if (this.kept.size > KEPT_ORDERS) this.kept.delete(this.kept.keys().next().value!);
    return keys;
  }

  /** Builds a sort's index once; false when the listing's table is gone (a copy just replaced). */
  private buildSortIndex(sql: string): boolean {
    try {
      this.db.exec(sql);
      return true;
    } catch (error) {
      if (isNoSuchTable(error)) return false;
      throw error;
    }
  }

  /** Drops the listing's sort indexes used longest ago (or before this start) past the few kept. */
  private keepFewSortIndexes(listing: number, current: string): void {
    this.sortIndexUse.set(current, ++this.uses);
    const prefix = rowsIndex(listing, 'sort_');
    const names = (
      this.db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ?")
        .pluck()
        .all(rowsTable(listing)) as string[]
    ).filter((name) => name.startsWith(prefix));
    if (names.length <= KEPT_SORT_INDEXES) return;
    names.sort((a, b) => (this.sortIndexUse.get(a) ?? 0) - (this.sortIndexUse.get(b) ?? 0));
    for (const name of names.slice(0, names.length - KEPT_SORT_INDEXES)) {
      this.db.exec(`DROP INDEX IF EXISTS ${name}`);
      this.sortIndexUse.delete(name);
    }
  }

  /** Lets go of the orders kept for a listing that is gone. */
  forget(listing: number): void {
    for (const id of [...this.kept.keys()]) if (id.startsWith(`[${listing},`)) this.kept.delete(id);
  }
}
