// Schema version 7: each listing of the offline copy moves from the one shared snapshot_rows table
// into a table of its own (listing-tables.ts), so a new listing is appended in order and indexed once
// complete instead of growing random-order indexes shared by every copy. Records, keys, order, as-of
// times and listings being fetched stay as they were. The indexes of each copy in use are built when
// the store opens (tidyListings in listing-tables.ts), from the filters this version knows.
import type { Database } from 'better-sqlite3';
import { firstKey, lastKey } from './offline-copy-keys';
import { createRowsTable, rowsTable } from './listing-tables';

function moveListings(db: Database): void {
  const listings = db.prepare('SELECT listing FROM snapshot_listings ORDER BY listing').all() as Array<{
    listing: number;
  }>;
  for (const { listing } of listings) {
    createRowsTable(db, listing);
    db.prepare(
      `INSERT INTO ${rowsTable(listing)} (key, id, json)
       SELECT key, id, json FROM snapshot_rows WHERE key BETWEEN ? AND ? ORDER BY key`,
    ).run(firstKey(listing), lastKey(listing));
  }
  // The trigger deleted a listing's rows from the shared table; dropping a listing now drops its table.
  db.exec('DROP TRIGGER snapshot_listings_drop_rows; DROP TABLE snapshot_rows;');
}

export const LISTING_TABLES_MIGRATION = {
  version: 7,
  name: 'a table of records per offline copy listing',
  sql: '',
  run: moveListings,
};
