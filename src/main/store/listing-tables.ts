// Each listing of the offline copy keeps its records in a table of its own, snapshot_rows_<listing>
// (key = the record's key, see offline-copy-keys.ts), made empty when the listing begins and dropped
// with it. Records are appended in key order while the listing is fetched; its indexes (the record ID
// and every list filter of the service's documentation) are built once, after the last page.
//
// Why: an index filled while records arrive takes them in random order, so every batch rewrites
// index pages all over a growing tree and the work per record grows with the copy (storing alone,
// five indexes: 4.3 s per 100,000 records at a million against 2.5 s at 200,000, 0.7 against 0.24 GB
// written). An index built over the full table is a sort, the same work per record at any size
// (1.4 s and 1.6 s, 0.12 GB). Only the copy in use is read through these indexes.
import type { Database } from 'better-sqlite3';
import type { Collection } from '../../shared/service';
import { filterNames } from '../../shared/service';
import { filterIndexExpression } from './offline-copy-filter-sql';
import type { SearchRepository } from './search-repo';
import { numberedTables, schemaHas } from './schema-objects';

/** The table of a listing's records. */
export const rowsTable = (listing: number): string => `snapshot_rows_${Math.trunc(listing)}`;

/** The index of a listing's records by a list filter (or `by_id`), as queries name it in INDEXED BY. */
export const rowsIndex = (listing: number, name: string): string => `${rowsTable(listing)}_${name}`;

export function createRowsTable(db: Database, listing: number): void {
  db.exec(
    `CREATE TABLE ${rowsTable(listing)} (key INTEGER PRIMARY KEY, id TEXT NOT NULL, json TEXT NOT NULL) STRICT`,
  );
}

/** A listing's indexes: by record ID, and by what each list filter of its collection compares. */
export function rowsIndexes(listing: number, collection: Collection): Array<{ name: string; sql: string }> {
  const table = rowsTable(listing);
  const index = (filter: string, expression: string) => {
    const name = rowsIndex(listing, filter);
    return { name, sql: `CREATE INDEX IF NOT EXISTS ${name} ON ${table}(${expression})` };
  };
  return [
    index('by_id', 'id'),
    ...filterNames(collection).map((name) => index(name, filterIndexExpression(collection, name))),
  ];
}

export function dropRowsTable(db: Database, listing: number): void {
  db.exec(`DROP TABLE IF EXISTS ${rowsTable(listing)}`);
}

/** The indexes of a listing not built yet; none for a listing without a table. */
export function missingIndexes(db: Database, listing: number): Array<{ name: string; sql: string }> {
  const collection = db
    .prepare('SELECT collection FROM snapshot_listings WHERE listing = ?')
    .pluck()
    .get(listing) as Collection | undefined;
  if (!collection || !schemaHas(db, 'table', rowsTable(listing))) return [];
  return rowsIndexes(listing, collection).filter((index) => !schemaHas(db, 'index', index.name));
}

/**
 * Run when the store opens: drops the tables and search indexes of listings that are gone (a
 * connection removed elsewhere cascades to its listing rows only), and builds any index a copy in
 * use lacks (a copy moved here by schema version 7, or indexes this version adds).
 */
export function tidyListings(db: Database, search: Pick<SearchRepository, 'dropAllBut'>): void {
  const known = new Set(db.prepare('SELECT listing FROM snapshot_listings').pluck().all() as number[]);
  search.dropAllBut(known);
  for (const listing of numberedTables(db, 'snapshot_rows_'))
    if (!known.has(listing)) dropRowsTable(db, listing);
  const live = db
    .prepare('SELECT live_generation FROM snapshot_collections WHERE live_generation IS NOT NULL')
    .pluck()
    .all() as number[];
  for (const listing of live) for (const index of missingIndexes(db, listing)) db.exec(index.sql);
}
