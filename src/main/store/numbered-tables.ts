// Tables made per listing of the offline copy carry its number in their name (snapshot_rows_12,
// snapshot_search_12): the listings that have one, read from the schema.
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
