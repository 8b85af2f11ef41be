// Single records of the offline copy rewritten in place, as the service now holds them: the copy in
// use and a listing being fetched beside it both get the new values (the latter would otherwise bring
// the old ones back when it is swapped in), and each listing's search index is rewritten in the same
// transaction. A record the copy in use lacks (one a suggestion just created) is added at its end,
// where a listing of the service would place a new record.
import type { Database, Statement } from 'better-sqlite3';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { RecordTextSource } from '../search/record-text';
import type { SearchRepository } from './search-repo';
import { keyOf, positionOf } from './offline-copy-keys';
import type { ListingStatements } from './listing-statements';
import { rowsTable } from './listing-tables';

interface ListingRow {
  listing: number;
  searchable: number;
  live: number;
}

export class OfflineCopyRecordUpdates {
  private readonly listings: Statement<[string, string, string], ListingRow>;
  private readonly grow: Statement<[string, string, string]>;
  private readonly liveCount: Statement<[string, string], { live_count: number }>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly search: SearchRepository,
    private readonly recordText: RecordTextSource,
    private readonly statements: ListingStatements,
  ) {
    this.listings = db.prepare(
      `SELECT l.listing, l.searchable, (l.listing = c.live_generation) AS live
       FROM snapshot_collections c JOIN snapshot_listings l
         ON l.listing = c.live_generation OR l.listing = c.staging_generation
       WHERE c.connection_id = ? AND c.collection = ? AND l.collection = ?`,
    );
    this.grow = db.prepare(
      `UPDATE snapshot_collections SET live_count = live_count + 1, updated_at = ?
       WHERE connection_id = ? AND collection = ?`,
    );
    this.liveCount = db.prepare(
      'SELECT live_count FROM snapshot_collections WHERE connection_id = ? AND collection = ?',
    );
  }

  /** Whether the connection keeps a complete copy of the collection to rewrite. */
  hasCopy(connectionId: string, collection: Collection): boolean {
    return this.listings.all(connectionId, collection, collection).some((l) => l.live === 1);
  }

  /**
   * Writes these records over their stored versions in one transaction; returns how many records of
   * the copy in use changed (added or different). Nothing is written when the collection has no copy.
   */
  replace(connectionId: string, collection: Collection, records: readonly ServiceRecord[]): number {
    return this.db.transaction(() => {
      const listings = this.listings.all(connectionId, collection, collection);
      if (!listings.some((l) => l.live === 1)) return 0;
      const text = this.recordText(connectionId, collection);
      let changed = 0;
      for (const record of records) {
        const json = JSON.stringify(record);
        for (const { listing, searchable, live } of listings) {
          const table = rowsTable(listing);
          // The copy in use finds the record through its ID index; a listing still being fetched has
          // no indexes yet and is scanned, which happens only while an update runs.
          const found = this.statements
            .must<[string], { key: number; json: string }>(
              listing,
              `SELECT key, json FROM ${table} WHERE id = ? LIMIT 1`,
            )
            .get(record.id);
          if (found?.json === json) continue;
          if (found) {
            const position = positionOf(found.key);
            this.statements
              .must<[string, number], void>(listing, `UPDATE ${table} SET json = ? WHERE key = ?`)
              .run(json, found.key);
            if (searchable) {
              this.search.remove(listing, position, text(JSON.parse(found.json) as ServiceRecord));
              this.search.add(listing, position, text(record));
            }
          } else if (live === 1) {
            const position = this.liveCount.get(connectionId, collection)?.live_count ?? 0;
            this.statements
              .must<[number, string, string], void>(
                listing,
                `INSERT INTO ${table} (key, id, json) VALUES (?, ?, ?)`,
              )
              .run(keyOf(listing, position), record.id, json);
            this.grow.run(this.now().toISOString(), connectionId, collection);
            if (searchable) this.search.add(listing, position, text(record));
          } else continue;
          if (live === 1) changed++;
        }
      }
      return changed;
    })();
  }
}
