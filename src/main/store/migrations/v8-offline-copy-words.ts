// Schema version 8: the offline copy's tables take the words the code uses, "offline copy" for the
// whole and "listing" for one stored listing of a collection, instead of "snapshot" and
// "generation". Nothing stored changes: the same records, order, listing numbers (the AUTOINCREMENT
// counter moves with its table), as-of times, cursors and settings.
//
// SQLite cannot rename an index, so the indexes of each listing's records are dropped here and built
// again under their new names: a copy in use's when the store opens (OfflineCopyRepository.tidy), a
// listing being fetched's when it is complete, a sort's the next time that sort is asked for.
import type { Database } from 'better-sqlite3';
import type { Migration } from './migrate';

/** Renames every table `<from><number>` to `<to><number>`, dropping the indexes it carries. */
function renameNumbered(db: Database, from: string, to: string): void {
  const pattern = new RegExp(`^${from}(\\d+)$`);
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, ?) = ?")
    .pluck()
    .all(from.length, from) as string[];
  for (const table of tables) {
    const listing = pattern.exec(table)?.[1];
    if (listing === undefined) continue;
    const indexes = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .pluck()
      .all(table) as string[];
    for (const index of indexes) db.exec(`DROP INDEX "${index}"`);
    db.exec(`ALTER TABLE ${table} RENAME TO ${to}${listing}`);
  }
}

export const OFFLINE_COPY_WORDS_MIGRATION: Migration = {
  version: 8,
  name: 'the offline copy in its own words',
  sql: `
    ALTER TABLE snapshot_collections RENAME TO offline_copy_collections;
    ALTER TABLE offline_copy_collections RENAME COLUMN live_generation TO live_listing;
    ALTER TABLE offline_copy_collections RENAME COLUMN staging_generation TO staging_listing;

    ALTER TABLE snapshot_listings RENAME TO offline_copy_listings;
    DROP INDEX snapshot_listings_by_connection;
    CREATE INDEX offline_copy_listings_by_connection ON offline_copy_listings(connection_id, collection);

    ALTER TABLE snapshot_settings RENAME TO offline_copy_settings;
  `,
  run: (db: Database): void => {
    renameNumbered(db, 'snapshot_rows_', 'listing_rows_');
    renameNumbered(db, 'snapshot_search_', 'listing_search_');
  },
};
