// What the database's schema holds, for the tables and indexes made per listing of the offline copy
// (listing_rows_12, listing_search_12 and their indexes), which no migration names.
import type { Database, Statement } from 'better-sqlite3';

export class SchemaObjects {
  private readonly named: Statement<[{ type: string; name: string }], 1>;
  private readonly tablesStartingWith: Statement<[{ prefix: string }], string>;

  constructor(db: Database) {
    this.named = db
      .prepare<{ type: string; name: string }, 1>(
        'SELECT 1 FROM sqlite_schema WHERE type = @type AND name = @name',
      )
      .pluck();
    this.tablesStartingWith = db
      .prepare<{ prefix: string }, string>(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, length(@prefix)) = @prefix",
      )
      .pluck();
  }

  /** Whether the schema has a table or an index of this name. */
  has(type: 'table' | 'index', name: string): boolean {
    return this.named.get({ type, name }) !== undefined;
  }

  /** The listing numbers of the tables named `<prefix><number>`, whether or not a listing row names them. */
  numberedTables(prefix: string): number[] {
    const pattern = new RegExp(`^${prefix}(\\d+)$`);
    return this.tablesStartingWith
      .all({ prefix })
      .map((name) => Number(pattern.exec(name)?.[1]))
      .filter((n) => Number.isInteger(n));
  }
}

/**
 * SQLite's answer to a statement over a table that is gone: a reader still holding the number of a
 * listing just replaced gets it, and finds nothing rather than failing.
 */
export function isNoSuchTable(error: unknown): boolean {
  return error instanceof Error && /^no such table/.test(error.message);
}
