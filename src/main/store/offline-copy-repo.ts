// The offline copy in SQLite: per connection and collection, the complete copy in use (a "live"
// listing of records in the service's order) and a listing being fetched beside it (a "staging"
// listing with the cursor to resume from). A finished listing replaces the old copy in one
// transaction, so readers always see one whole copy. Each listing has a table of records of its own
// (listing-tables.ts), indexed once it is complete, and a full-text index filled in the transaction
// that stores each record; both are dropped with the listing. "Generation" below is the listing's
// number, unique in the database.
import type { Database, Statement } from 'better-sqlite3';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { RecordTextSource } from '../search/record-text';
import type { SearchRepository } from './search-repo';
import type { LowerBounds } from '../../shared/date-range';
import type { ListSort } from '../../shared/list-order';
import { FilteredPages } from './offline-copy-pages';
import { SortedOrders } from './sorted-order';
import { KeepCopySetting } from './keep-copy-setting';
import type { StoredRecordRow } from './offline-copy-pages';
import { keyOf, lastKey, listingOf, MAX_LISTING, positionOf } from './offline-copy-keys';
import type { ListingStatements } from './listing-statements';
import { createRowsTable, dropRowsTable, missingIndexes, rowsTable } from './listing-tables';
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
  private readonly updateCursor: Statement<[string | null, number, string, string, string]>;
  private readonly promote: Statement<[string, string, string]>;
  private readonly selectLive: Statement<[string], Omit<LiveListing, 'searchable'> & { searchable: number }>;
  private readonly setting: KeepCopySetting;
  private readonly filtered: FilteredPages;
  private readonly orders: SortedOrders;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    /** The full-text index, written in the same transactions as the records. */
    readonly search: SearchRepository,
    private readonly recordText: RecordTextSource,
    /** Statements over each listing's table, shared with whatever else reads or rewrites them. */
    private readonly statements: ListingStatements,
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
    this.selectLive = db.prepare(
      `SELECT c.collection, c.live_generation AS listing, c.as_of AS asOf, l.searchable
       FROM snapshot_collections c JOIN snapshot_listings l ON l.listing = c.live_generation
       WHERE c.connection_id = ? AND c.as_of IS NOT NULL`,
    );
    this.setting = new KeepCopySetting(db);
    this.filtered = new FilteredPages(statements);
    this.orders = new SortedOrders(db, statements);
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
      createRowsTable(this.db, listing);
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
      const insert = this.statements.must<[number, string, string], void>(
        generation,
        `INSERT INTO ${rowsTable(generation)} (key, id, json) VALUES (?, ?, ?)`,
      );
      let position = state.stagingCount;
      for (const record of records) {
        insert.run(keyOf(generation, position), record.id, JSON.stringify(record));
        if (text) this.search.add(generation, position, text(record));
        position++;
      }
      this.updateCursor.run(nextCursor, position, this.stamp(), connectionId, collection);
      return position;
    })();
  }

  /**
   * Builds the next of a stored listing's indexes not built yet, one index (a sort of its records)
   * per call so the caller can let other work run in between. True while more remain.
   */
  indexStep(listing: number): boolean {
    const missing = missingIndexes(this.db, listing);
    const next = missing[0];
    if (next) this.db.exec(next.sql);
    return missing.length > 1;
  }

  /**
   * The finished listing becomes the copy in use; the old one is deleted in the same transaction.
   * Indexes not yet built (see `indexStep`) are built first, so the copy in use always has them all.
   */
  finishListing(connectionId: string, collection: Collection, generation: number): void {
    this.db.transaction(() => {
      const state = this.state(connectionId, collection);
      if (!state || state.stagingGeneration !== generation)
        throw new Error(`The listing of ${collection} was replaced before it finished`);
      for (const index of missingIndexes(this.db, generation)) this.db.exec(index.sql);
      for (const { listing } of this.otherListings.all(connectionId, collection, generation))
        this.drop(listing);
      this.promote.run(this.stamp(), connectionId, collection);
    })();
  }

  /** Up to `limit` stored rows of a listing after a position, in the service's order. */
  page(generation: number, afterPosition: number, limit: number): StoredRecordRow[] {
    const rows = this.statements.get<[number, number, number], { key: number; json: string }>(
      generation,
      `SELECT key, json FROM ${rowsTable(generation)} WHERE key > ? AND key <= ? ORDER BY key LIMIT ?`,
    );
    return (rows?.all(keyOf(generation, afterPosition), lastKey(generation), limit) ?? []).map((r) => ({
      position: positionOf(r.key),
      json: r.json,
    }));
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
    const listing = listingOf(key);
    return this.statements
      .get<[number], { json: string }>(listing, `SELECT json FROM ${rowsTable(listing)} WHERE key = ?`)
      ?.get(key)?.json;
  }

  /** The stored JSON of a record of a listing by its ID (through the listing's ID index once built). */
  get(generation: number, id: string): string | undefined {
    return this.statements
      .get<[string], { json: string }>(
        generation,
        `SELECT json FROM ${rowsTable(generation)} WHERE id = ? LIMIT 1`,
      )
      ?.get(id)?.json;
  }

  /** The stored JSON of the record at a position of a listing. */
  json(generation: number, position: number): string | undefined {
    return this.jsonOfKey(keyOf(generation, position));
  }

  /** Every record of the copy in use, parsed; empty when there is no complete copy. */
  records(connectionId: string, collection: Collection): ServiceRecord[] {
    const state = this.state(connectionId, collection);
    const listing = state?.liveGeneration;
    if (listing == null) return [];
    const all = this.statements.get<[], { json: string }>(
      listing,
      `SELECT json FROM ${rowsTable(listing)} ORDER BY key`,
    );
    return (all?.all() ?? []).map((r) => parseStored(collection, r.json));
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

  /** A listing: its records, their indexes and its search index. */
  private drop(listing: number): void {
    this.search.drop(listing);
    this.statements.forget(listing);
    this.orders.forget(listing);
    dropRowsTable(this.db, listing);
    this.dropListing.run(listing);
  }

  keepCopy(connectionId: string): boolean {
    return this.setting.keepCopy(connectionId);
  }

  /** Saving "keep no copy" deletes the copy in the same transaction. */
  setKeepCopy(connectionId: string, keep: boolean): void {
    this.db.transaction(() => {
      this.setting.save(connectionId, keep, this.stamp());
      if (!keep) this.forget(connectionId);
    })();
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
