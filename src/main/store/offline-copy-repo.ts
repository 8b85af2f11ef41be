// The offline copy in SQLite: per connection and collection, the complete copy in use (a "live"
// listing of records in the service's order) and a listing being fetched beside it (a "staging"
// listing with the cursor to resume from). A finished listing replaces the old copy in one
// transaction, so readers always see one whole copy. Each listing has a full-text index of its own,
// filled in the transaction that stores each record and dropped with the listing. "Generation" below
// is the listing's number, unique in the database.
import type { Database, Statement } from 'better-sqlite3';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { RecordTextSource } from '../search/record-text';
import type { SearchRepository } from './search-repo';
import type { LowerBounds } from '../../shared/date-range';
import type { ListSort } from '../../shared/list-order';
import { FilteredPages } from './offline-copy-pages';
import { SortedOrders } from './sorted-order';
import type { StoredRecordRow } from './offline-copy-pages';
import { firstKey, keyOf, lastKey, MAX_LISTING, positionOf } from './offline-copy-keys';
import { UserError } from '../user-error';
import { fromRow, parseStored } from './offline-copy-state';
import type { LiveListing, OfflineCopyState, StateRow } from './offline-copy-state';

export type { StoredRecordRow } from './offline-copy-pages';

export class OfflineCopyRepository {
  private readonly selectState: Statement<[string, string], StateRow>;
  private readonly selectStates: Statement<[string], StateRow>;
  private readonly upsertStaging: Statement<[string, string, number, string, string]>;
  private readonly insertListing: Statement<[string, string]>;
  private readonly dropListing: Statement<[number]>;
  private readonly otherListings: Statement<[string, string, number], { listing: number }>;
  private readonly connectionListings: Statement<[string], { listing: number }>;
  private readonly selectSearchable: Statement<[number], { searchable: number }>;
  private readonly insertRow: Statement<[number, string, string, string]>;
  private readonly updateCursor: Statement<[string | null, number, string, string, string]>;
  private readonly promote: Statement<[string, string, string]>;
  private readonly pageAfter: Statement<[number, number, number], { key: number; json: string }>;
  private readonly byId: Statement<[string, number, number], { json: string }>;
  private readonly byKey: Statement<[number], { json: string }>;
  private readonly allJson: Statement<[number, number], { json: string }>;
  private readonly selectLive: Statement<[string], Omit<LiveListing, 'searchable'> & { searchable: number }>;
  private readonly selectKeep: Statement<[string], { keep_copy: number }>;
  private readonly upsertKeep: Statement<[string, number, string]>;
  private readonly filtered: FilteredPages;
  private readonly orders: SortedOrders;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    /** The full-text index, written in the same transactions as the records. */
    readonly search: SearchRepository,
    private readonly recordText: RecordTextSource,
  ) {
    const cols = `collection, live_generation, as_of, live_count, staging_generation, staging_cursor,
      staging_count, staging_started_at`;
    this.selectState = db.prepare(
      `SELECT ${cols} FROM snapshot_collections WHERE connection_id = ? AND collection = ?`,
    );
    this.selectStates = db.prepare(`SELECT ${cols} FROM snapshot_collections WHERE connection_id = ?`);
    this.upsertStaging = db.prepare(
      `INSERT INTO snapshot_collections
         (connection_id, collection, staging_generation, staging_cursor, staging_count, staging_started_at, updated_at)
       VALUES (?, ?, ?, NULL, 0, ?, ?)
       ON CONFLICT(connection_id, collection) DO UPDATE SET
         staging_generation = excluded.staging_generation, staging_cursor = NULL, staging_count = 0,
         staging_started_at = excluded.staging_started_at, updated_at = excluded.updated_at`,
    );
    this.insertListing = db.prepare(
      'INSERT INTO snapshot_listings (connection_id, collection, searchable) VALUES (?, ?, 1)',
    );
    this.dropListing = db.prepare('DELETE FROM snapshot_listings WHERE listing = ?');
    this.otherListings = db.prepare(
      'SELECT listing FROM snapshot_listings WHERE connection_id = ? AND collection = ? AND listing <> ?',
    );
    this.connectionListings = db.prepare('SELECT listing FROM snapshot_listings WHERE connection_id = ?');
    this.selectSearchable = db.prepare('SELECT searchable FROM snapshot_listings WHERE listing = ?');
    this.insertRow = db.prepare('INSERT INTO snapshot_rows (key, collection, id, json) VALUES (?, ?, ?, ?)');
    this.updateCursor = db.prepare(
      `UPDATE snapshot_collections SET staging_cursor = ?, staging_count = ?, updated_at = ?
       WHERE connection_id = ? AND collection = ?`,
    );
    this.promote = db.prepare(
      `UPDATE snapshot_collections SET live_generation = staging_generation, as_of = staging_started_at,
         live_count = staging_count, complete = 1, staging_generation = NULL, staging_cursor = NULL,
         staging_count = 0, staging_started_at = NULL, updated_at = ?
       WHERE connection_id = ? AND collection = ?`,
    );
    this.pageAfter = db.prepare(
      'SELECT key, json FROM snapshot_rows WHERE key > ? AND key <= ? ORDER BY key LIMIT ?',
    );
    this.byId = db.prepare('SELECT json FROM snapshot_rows WHERE id = ? AND key BETWEEN ? AND ? LIMIT 1');
    this.byKey = db.prepare('SELECT json FROM snapshot_rows WHERE key = ?');
    this.allJson = db.prepare('SELECT json FROM snapshot_rows WHERE key BETWEEN ? AND ? ORDER BY key');
    this.selectLive = db.prepare(
      `SELECT c.collection, c.live_generation AS listing, c.as_of AS asOf, l.searchable
       FROM snapshot_collections c JOIN snapshot_listings l ON l.listing = c.live_generation
       WHERE c.connection_id = ? AND c.as_of IS NOT NULL`,
    );
    this.selectKeep = db.prepare('SELECT keep_copy FROM snapshot_settings WHERE connection_id = ?');
    this.upsertKeep = db.prepare(
      `INSERT INTO snapshot_settings (connection_id, keep_copy, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(connection_id) DO UPDATE SET keep_copy = excluded.keep_copy, updated_at = excluded.updated_at`,
    );
    this.filtered = new FilteredPages(db);
    this.orders = new SortedOrders(db);
  }

  state(connectionId: string, collection: Collection): OfflineCopyState | undefined {
    const row = this.selectState.get(connectionId, collection);
    return row ? fromRow(row) : undefined;
  }

  states(connectionId: string): OfflineCopyState[] {
    return this.selectStates.all(connectionId).map(fromRow);
  }

  /**
   * Starts a fresh listing beside the copy in use: drops whatever an earlier listing left and
   * returns the new generation number.
   */
  beginListing(connectionId: string, collection: Collection, startedAt: string): number {
    return this.db.transaction(() => {
      const current = this.state(connectionId, collection);
      if (current?.stagingGeneration != null) this.drop(current.stagingGeneration);
      const listing = Number(this.insertListing.run(connectionId, collection).lastInsertRowid);
      if (listing > MAX_LISTING)
        throw new UserError(
          'snapshot_full',
          "The offline copy has been refreshed more times than it can count. Forget this connection's offline data, then update the offline copy again.",
        );
      this.search.create(listing);
      this.upsertStaging.run(connectionId, collection, listing, startedAt, this.stamp());
      return listing;
    })();
  }

  /** Stores one page (records and their search entries) and the cursor to continue from, in one transaction. */
  storePage(
    connectionId: string,
    collection: Collection,
    generation: number,
    records: readonly ServiceRecord[],
    nextCursor: string | null,
  ): number {
    return this.db.transaction(() => {
      const state = this.state(connectionId, collection);
      if (!state || state.stagingGeneration !== generation)
        throw new Error(`The listing of ${collection} was replaced while it was being stored`);
      // A listing begun before records were indexed (schema version 3) stays without an index.
      const text = this.selectSearchable.get(generation)?.searchable
        ? this.recordText(connectionId, collection)
        : undefined;
      let position = state.stagingCount;
      for (const record of records) {
        this.insertRow.run(keyOf(generation, position), collection, record.id, JSON.stringify(record));
        if (text) this.search.add(generation, position, text(record));
        position++;
      }
      this.updateCursor.run(nextCursor, position, this.stamp(), connectionId, collection);
      return position;
    })();
  }

  /** The finished listing becomes the copy in use; the old one is deleted in the same transaction. */
  finishListing(connectionId: string, collection: Collection, generation: number): void {
    this.db.transaction(() => {
      const state = this.state(connectionId, collection);
      if (!state || state.stagingGeneration !== generation)
        throw new Error(`The listing of ${collection} was replaced before it finished`);
      for (const { listing } of this.otherListings.all(connectionId, collection, generation))
        this.drop(listing);
      this.promote.run(this.stamp(), connectionId, collection);
    })();
  }

  /** Up to `limit` stored rows of a listing after a position, in the service's order. */
  page(generation: number, afterPosition: number, limit: number): StoredRecordRow[] {
    return this.pageAfter
      .all(keyOf(generation, afterPosition), lastKey(generation), limit)
      .map((r) => ({ position: positionOf(r.key), json: r.json }));
  }

  /**
   * Up to `limit` rows of a listing after a position that pass the service's filters, found through
   * the filter indexes. Throws a UserError for a filter or value the service would refuse.
   */
  filteredPage(
    collection: Collection,
    generation: number,
    afterPosition: number,
    limit: number,
    filters: Record<string, string>,
  ): StoredRecordRow[] {
    return this.filtered.rows(collection, generation, afterPosition, limit, filters);
  }

  /**
   * The keys of every row of a listing that passes the service's filters and the lower bounds, in the
   * sort's order (the service's order without one). Throws a UserError for a refused filter.
   */
  orderedKeys(
    collection: Collection,
    generation: number,
    filters: Record<string, string>,
    onOrAfter: LowerBounds,
    sort: ListSort | undefined,
  ): Float64Array {
    return this.orders.keys(collection, generation, filters, onOrAfter, sort);
  }

  /** The stored JSON of the row with this key. */
  jsonOfKey(key: number): string | undefined {
    return this.byKey.get(key)?.json;
  }

  get(generation: number, id: string): string | undefined {
    return this.byId.get(id, firstKey(generation), lastKey(generation))?.json;
  }

  /** The stored JSON of the record at a position of a listing. */
  json(generation: number, position: number): string | undefined {
    return this.byKey.get(keyOf(generation, position))?.json;
  }

  /** Every record of the copy in use, parsed; empty when there is no complete copy. */
  records(connectionId: string, collection: Collection): ServiceRecord[] {
    const state = this.state(connectionId, collection);
    if (state?.liveGeneration == null) return [];
    return this.allJson
      .all(firstKey(state.liveGeneration), lastKey(state.liveGeneration))
      .map((r) => parseStored(collection, r.json));
  }

  /** The copies in use of a connection, with their listing numbers, for searching. */
  liveListings(connectionId: string): LiveListing[] {
    return this.selectLive.all(connectionId).map((r) => ({ ...r, searchable: r.searchable === 1 }));
  }

  /**
   * Deletes every stored record, search index and listing state of a connection (the setting stays).
   * Removing the connection calls this in its own transaction.
   */
  forget(connectionId: string): void {
    this.db.transaction(() => {
      for (const { listing } of this.connectionListings.all(connectionId)) this.drop(listing);
      this.db.prepare('DELETE FROM snapshot_collections WHERE connection_id = ?').run(connectionId);
    })();
  }

  /** Drops search indexes whose listing is gone; run at start-up. */
  dropStraySearchIndexes(): void {
    const listings = this.db.prepare('SELECT listing FROM snapshot_listings').all() as Array<{
      listing: number;
    }>;
    this.search.dropAllBut(new Set(listings.map((l) => l.listing)));
  }

  /** A listing, its records (by trigger) and its search index. */
  private drop(listing: number): void {
    this.search.drop(listing);
    this.dropListing.run(listing);
  }

  keepCopy(connectionId: string): boolean {
    const row = this.selectKeep.get(connectionId);
    return row ? row.keep_copy === 1 : true;
  }

  /** Saving "keep no copy" deletes the copy in the same transaction. */
  setKeepCopy(connectionId: string, keep: boolean): void {
    this.db.transaction(() => {
      this.upsertKeep.run(connectionId, keep ? 1 : 0, this.stamp());
      if (!keep) this.forget(connectionId);
    })();
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
