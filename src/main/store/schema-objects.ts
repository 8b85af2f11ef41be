// What the database's schema holds, for the tables and indexes made per listing of the offline copy
// (snapshot_rows_12, snapshot_search_12 and their indexes), which no migration names.
import type { Database } from 'better-sqlite3';

/** The listing numbers of the tables named `<prefix><number>`, whether or not a listing row names them. */
export function numberedTables(db: Database, prefix: string): number[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  const names = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, ?) = ?")
    .pluck()
    .all(prefix.length, prefix) as string[];
  return names.map((name) => Number(pattern.exec(name)?.[1])).filter((n) => Number.isInteger(n));
}

/** Whether the schema has a table or an index of this name. */
export function schemaHas(db: Database, type: 'table' | 'index', name: string): boolean {
  return db.prepare('SELECT 1 FROM sqlite_schema WHERE type = ? AND name = ?').get(type, name) !== undefined;
}

/**
 * SQLite's answer to a statement over a table that is gone: a reader still holding the number of a
 * listing just replaced gets it, and finds nothing rather than failing.
 */
export function isNoSuchTable(error: unknown): boolean {
  return error instanceof Error && /^no such table/.test(error.message);
}
