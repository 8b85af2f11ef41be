// Schema version 7: each listing of the offline copy moves from the one shared snapshot_rows table
// into a table of its own, so a new listing is appended in order and indexed once complete instead of
// growing random-order indexes shared by every copy. Records, keys, order, as-of times and listings
// being fetched stay as they were. The indexes of each copy in use are built when the store opens
// (OfflineCopyRepository.tidy), from the filters the running version knows.
//
// The SQL is this version's own, with the table names of its time: version 8 renamed them.
import type { Database } from 'better-sqlite3';
import { firstKey, lastKey } from '../offline-copy/listing-keys';
import type { Migration } from './migrate';

function moveListings(db: Database): void {
  const listings = db
    .prepare('SELECT listing FROM snapshot_listings ORDER BY listing')
    .pluck()
    .all() as number[];
  for (const listing of listings) {
    const table = `snapshot_rows_${Math.trunc(listing)}`;
    db.exec(`CREATE TABLE ${table} (key INTEGER PRIMARY KEY, id TEXT NOT NULL, json TEXT NOT NULL) STRICT`);
    db.prepare(
      `INSERT INTO ${table} (key, id, json)
       SELECT key, id, json FROM snapshot_rows WHERE key BETWEEN ? AND ? ORDER BY key`,
    ).run(firstKey(listing), lastKey(listing));
  }
  // The trigger deleted a listing's rows from the shared table; dropping a listing now drops its table.
  db.exec('DROP TRIGGER snapshot_listings_drop_rows; DROP TABLE snapshot_rows;');
}

export const LISTING_TABLES_MIGRATION: Migration = {
  version: 7,
  name: 'a table of records per offline copy listing',
  sql: '',
  run: moveListings,
};
