// Single records of the offline copy rewritten in place, as the service now holds them: the copy in
// use and a listing being fetched beside it both get the new values (the latter would otherwise bring
// the old ones back when it is swapped in), and each listing's search index is rewritten in the same
// transaction. A record the copy in use lacks (one a suggestion just created) is added at its end,
// where a listing of the service would place a new record.
import type { Database, Statement } from 'better-sqlite3';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { RecordTextSource } from '../search/record-text';
import type { SearchRepository } from './search-repo';
import { firstKey, keyOf, lastKey, positionOf } from './offline-copy-keys';

interface ListingRow {
  listing: number;
  searchable: number;
  live: number;
}

export class OfflineCopyRecordUpdates {
  private readonly listings: Statement<[string, string, string], ListingRow>;
  private readonly find: Statement<[string, number, number], { key: number; json: string }>;
  private readonly rewrite: Statement<[string, number]>;
  private readonly append: Statement<[number, string, string, string]>;
  private readonly grow: Statement<[string, string, string]>;
  private readonly liveCount: Statement<[string, string], { live_count: number }>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly search: SearchRepository,
    private readonly recordText: RecordTextSource,
  ) {
    this.listings = db.prepare(
      `SELECT l.listing, l.searchable, (l.listing = c.live_generation) AS live
       FROM snapshot_collections c JOIN snapshot_listings l
         ON l.listing = c.live_generation OR l.listing = c.staging_generation
       WHERE c.connection_id = ? AND c.collection = ? AND l.collection = ?`,
    );
    this.find = db.prepare(
      'SELECT key, json FROM snapshot_rows WHERE id = ? AND key BETWEEN ? AND ? LIMIT 1',
    );
    this.rewrite = db.prepare('UPDATE snapshot_rows SET json = ? WHERE key = ?');
    this.append = db.prepare('INSERT INTO snapshot_rows (key, collection, id, json) VALUES (?, ?, ?, ?)');
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
          const found = this.find.get(record.id, firstKey(listing), lastKey(listing));
          if (found?.json === json) continue;
          if (found) {
            const position = positionOf(found.key);
            this.rewrite.run(json, found.key);
            if (searchable) {
              this.search.remove(listing, position, text(JSON.parse(found.json) as ServiceRecord));
              this.search.add(listing, position, text(record));
            }
          } else if (live === 1) {
            const position = this.liveCount.get(connectionId, collection)?.live_count ?? 0;
            this.append.run(keyOf(listing, position), collection, record.id, json);
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
