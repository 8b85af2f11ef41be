// Each listing of the offline copy keeps its records in a table of its own, listing_rows_<listing>
// (key = the record's key, see listing-keys.ts), and its full-text index in listing_search_<listing>
// (search-repo.ts); both are made empty when the listing begins and dropped with it. Records are
// appended in key order while the listing is fetched; its indexes (the record ID and every list filter
// of the service's documentation) are built once, after the last page.
//
// Why: an index filled while records arrive takes them in random order, so every batch rewrites
// index pages all over a growing tree and the work per record grows with the copy (storing alone,
// five indexes: 4.3 s per 100,000 records at a million against 2.5 s at 200,000, 0.7 against 0.24 GB
// written). An index built over the full table is a sort, the same work per record at any size
// (1.4 s and 1.6 s, 0.12 GB). Only the copy in use is read through these indexes.
import type { Database, Statement } from 'better-sqlite3';
import type { Collection } from '../../../shared/service';
import { filterNames } from '../../../shared/service';
import { filterIndexExpression } from './filter-sql';
import type { SchemaObjects } from './schema-objects';

/** The prefix of every listing's table of records; the listing's number follows it. */
export const ROWS_PREFIX = 'listing_rows_';
/** The prefix of every listing's full-text index; the listing's number follows it. */
export const SEARCH_PREFIX = 'listing_search_';

/** The table of a listing's records. */
export const rowsTable = (listing: number): string => `${ROWS_PREFIX}${Math.trunc(listing)}`;

/** The index of a listing's records by a list filter (or `by_id`), as queries name it in INDEXED BY. */
export const rowsIndex = (listing: number, name: string): string => `${rowsTable(listing)}_${name}`;

/** The full-text index of a listing's records. */
export const searchTable = (listing: number): string => `${SEARCH_PREFIX}${Math.trunc(listing)}`;

export interface IndexDefinition {
  name: string;
  sql: string;
}

/** A listing's indexes: by record ID, and by what each list filter of its collection compares. */
export function rowsIndexes(listing: number, collection: Collection): IndexDefinition[] {
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

/** The tables of records of the offline copy's listings, and the indexes built over them. */
export class ListingTables {
  private readonly collectionOf: Statement<[{ listing: number }], Collection>;

  constructor(
    private readonly db: Database,
    private readonly schema: SchemaObjects,
  ) {
    this.collectionOf = db
      .prepare<{ listing: number }, Collection>(
        'SELECT collection FROM offline_copy_listings WHERE listing = @listing',
      )
      .pluck();
  }

  create(listing: number): void {
    this.db.exec(
      `CREATE TABLE ${rowsTable(listing)} (key INTEGER PRIMARY KEY, id TEXT NOT NULL, json TEXT NOT NULL) STRICT`,
    );
  }

  drop(listing: number): void {
    this.db.exec(`DROP TABLE IF EXISTS ${rowsTable(listing)}`);
  }

  /** The listing numbers of every table of records, whether or not a listing row names them. */
  numbers(): number[] {
    return this.schema.numberedTables(ROWS_PREFIX);
  }

  /** The indexes of a listing not built yet; none for a listing without a table. */
  missingIndexes(listing: number): IndexDefinition[] {
    const collection = this.collectionOf.get({ listing });
    if (!collection || !this.schema.has('table', rowsTable(listing))) return [];
    return rowsIndexes(listing, collection).filter((index) => !this.schema.has('index', index.name));
  }

  /** Builds every index the listing lacks (each a sort of its records). */
  buildMissingIndexes(listing: number): void {
    for (const index of this.missingIndexes(listing)) this.db.exec(index.sql);
  }
}
