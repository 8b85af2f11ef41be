// The offline copy in SQLite, and the one writer of its tables: per connection and collection, the
// complete copy in use (the "live" listing of records in the service's order) and a listing being
// fetched beside it (the "staging" listing, with the cursor to resume from). A finished listing
// replaces the old copy in one transaction, so readers always see one whole copy. Each listing has a
// table of records of its own (listing-tables.ts), indexed once it is complete, and a full-text
// index filled in the transaction that stores each record; both are dropped with the listing. A
// listing's number is unique in the database. Records are rewritten, added and removed in place as the
// service now holds them (`land`, `removeGone`), and "keep no copy" is saved with deleting the copy it forbids.
import type { Database, Statement } from 'better-sqlite3';
import type { LowerBounds } from '../../../shared/date-range';
import type { OwnTerms } from './own-filter-sql';
import type { Collection, ServiceRecord } from '../../../shared/service';
import { UserError } from '../../base/user-error';
import { COLLECTION_LISTINGS_COLUMNS, parseStored } from './collection-listings';
import type { CollectionListings, LiveListing } from './collection-listings';
import { FilteredPages } from './filtered-pages';
import { filteredAmounts } from './filtered-amounts';
import type { FilteredAmounts } from './filtered-amounts';
import { keyOf, MAX_LISTING, positionOf } from './listing-keys';
import { ListingPassIds } from './listing-pass-ids';
import { ListingRows } from './listing-rows';
import type { StoredRecordRow } from './listing-rows';
import type { ListingTables } from './listing-tables';
import type { RecordTextSource } from './record-text';
import type { SearchRepository } from './search-repo';
import { SortedOrders } from './sorted-order';
import type { RowOrder } from './sorted-order';
import type { StatementCache } from './statement-cache';
import type { SinceRepository } from '../since-repo';

export type { StoredRecordRow } from './listing-rows';

/** What landing records in the copy in use did: the IDs it added and those it changed. */
export interface LandedChanges {
  added: string[];
  changed: string[];
}

interface Of {
  connectionId: string;
  collection: string;
}

function prepareStatements(db: Database) {
  const listingNumbers = (sql: string) => db.prepare<[], number>(sql).pluck();
  return {
    state: db.prepare<Of, CollectionListings>(
      `SELECT ${COLLECTION_LISTINGS_COLUMNS} FROM offline_copy_collections
       WHERE connection_id = @connectionId AND collection = @collection`,
    ),
    states: db.prepare<{ connectionId: string }, CollectionListings>(
      `SELECT ${COLLECTION_LISTINGS_COLUMNS} FROM offline_copy_collections WHERE connection_id = @connectionId`,
    ),
    beginStaging: db.prepare<Of & { listing: number; startedAt: string; at: string }>(
      `INSERT INTO offline_copy_collections
         (connection_id, collection, staging_listing, staging_cursor, staging_count, staging_started_at, updated_at)
       VALUES (@connectionId, @collection, @listing, NULL, 0, @startedAt, @at)
       ON CONFLICT(connection_id, collection) DO UPDATE SET
         staging_listing = excluded.staging_listing, staging_cursor = NULL, staging_count = 0,
         staging_started_at = excluded.staging_started_at, updated_at = excluded.updated_at`,
    ),
    saveCursor: db.prepare<Of & { cursor: string | null; count: number; at: string }>(
      `UPDATE offline_copy_collections SET staging_cursor = @cursor, staging_count = @count, updated_at = @at
       WHERE connection_id = @connectionId AND collection = @collection`,
    ),
    promote: db.prepare<Of & { at: string }>(
      `UPDATE offline_copy_collections SET live_listing = staging_listing, as_of = staging_started_at,
         live_count = staging_count, complete = 1, staging_listing = NULL, staging_cursor = NULL,
         staging_count = 0, staging_started_at = NULL, updated_at = @at
       WHERE connection_id = @connectionId AND collection = @collection`,
    ),
    clearStaging: db.prepare<Of & { at: string }>(
      `UPDATE offline_copy_collections SET staging_listing = NULL, staging_cursor = NULL, staging_count = 0,
         staging_started_at = NULL, updated_at = @at
       WHERE connection_id = @connectionId AND collection = @collection`,
    ),
    grow: db.prepare<Of & { by: number; at: string }>(
      `UPDATE offline_copy_collections SET live_count = MAX(0, live_count + @by), updated_at = @at
       WHERE connection_id = @connectionId AND collection = @collection`,
    ),
    markComplete: db.prepare<Of & { asOf: string; at: string }>(
      `UPDATE offline_copy_collections SET as_of = @asOf, updated_at = @at
       WHERE connection_id = @connectionId AND collection = @collection AND live_listing IS NOT NULL`,
    ),
    forgetCollections: db.prepare<{ connectionId: string }>(
      'DELETE FROM offline_copy_collections WHERE connection_id = @connectionId',
    ),
    insertListing: db.prepare<Of>(
      `INSERT INTO offline_copy_listings (connection_id, collection, searchable)
       VALUES (@connectionId, @collection, 1)`,
    ),
    deleteListing: db.prepare<{ listing: number }>(
      'DELETE FROM offline_copy_listings WHERE listing = @listing',
    ),
    otherListings: db
      .prepare<Of & { listing: number }, number>(
        `SELECT listing FROM offline_copy_listings
         WHERE connection_id = @connectionId AND collection = @collection AND listing <> @listing`,
      )
      .pluck(),
    connectionListings: db
      .prepare<{ connectionId: string }, number>(
        'SELECT listing FROM offline_copy_listings WHERE connection_id = @connectionId',
      )
      .pluck(),
    everyListing: listingNumbers('SELECT listing FROM offline_copy_listings'),
    liveListingNumbers: listingNumbers(
      'SELECT live_listing FROM offline_copy_collections WHERE live_listing IS NOT NULL',
    ),
    searchable: db
      .prepare<{ listing: number }, number>(
        'SELECT searchable FROM offline_copy_listings WHERE listing = @listing',
      )
      .pluck(),
    liveListings: db.prepare<
      { connectionId: string },
      Omit<LiveListing, 'searchable'> & { searchable: number }
    >(
      `SELECT c.collection, c.live_listing AS listing, c.as_of AS asOf, l.searchable
       FROM offline_copy_collections c JOIN offline_copy_listings l ON l.listing = c.live_listing
       WHERE c.connection_id = @connectionId AND c.as_of IS NOT NULL`,
    ),
    /** The copy in use and a listing being fetched beside it, to rewrite a record in both. */
    listingsToRewrite: db.prepare<Of, { listing: number; searchable: number; live: number }>(
      `SELECT l.listing, l.searchable, (l.listing = c.live_listing) AS live
       FROM offline_copy_collections c JOIN offline_copy_listings l
         ON l.listing = c.live_listing OR l.listing = c.staging_listing
       WHERE c.connection_id = @connectionId AND c.collection = @collection AND l.collection = @collection`,
    ),
    keepCopy: db
      .prepare<{ connectionId: string }, number>(
        'SELECT keep_copy FROM offline_copy_settings WHERE connection_id = @connectionId',
      )
      .pluck(),
    saveKeepCopy: db.prepare<{ connectionId: string; keep: number; at: string }>(
      `INSERT INTO offline_copy_settings (connection_id, keep_copy, updated_at) VALUES (@connectionId, @keep, @at)
       ON CONFLICT(connection_id) DO UPDATE SET keep_copy = excluded.keep_copy, updated_at = excluded.updated_at`,
    ),
  };
}

export class OfflineCopyRepository {
  private readonly sql: ReturnType<typeof prepareStatements>;
  private readonly rows: ListingRows;
  private readonly filtered: FilteredPages;
  private readonly orders: SortedOrders;
  private readonly heldRecords: Statement<[], number>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly tables: ListingTables,
    /** The full-text index, written in the same transactions as the records. */
    readonly search: SearchRepository,
    private readonly recordText: RecordTextSource,
    /** Statements over each listing's tables, let go with the listing. */
    private readonly statements: StatementCache,
    /** Keeps each record's state at the landlord's mark before a change lands over it. */
    private readonly since: Pick<SinceRepository, 'noteBefore' | 'settle' | 'forget'>,
  ) {
    this.sql = prepareStatements(db);
    this.heldRecords = db
      .prepare<[], number>(
        'SELECT COALESCE(SUM(live_count + staging_count), 0) FROM offline_copy_collections',
      )
      .pluck();
    this.rows = new ListingRows(statements);
    this.filtered = new FilteredPages(statements);
    this.orders = new SortedOrders(db, statements);
  }

  state(connectionId: string, collection: Collection): CollectionListings | undefined {
    return this.sql.state.get({ connectionId, collection });
  }

  states(connectionId: string): CollectionListings[] {
    return this.sql.states.all({ connectionId });
  }

  /**
   * Starts a fresh listing beside the copy in use: drops whatever an earlier listing left and
   * returns the new listing's number.
   */
  beginListing(connectionId: string, collection: Collection, startedAt: string): number {
    return this.db.transaction(() => {
      const current = this.state(connectionId, collection);
      if (current?.stagingListing != null) this.drop(current.stagingListing);
      const listing = Number(this.sql.insertListing.run({ connectionId, collection }).lastInsertRowid);
      if (listing > MAX_LISTING)
        throw new UserError(
          'offline_copy_full',
          "The offline copy has been refreshed more times than it can count. Forget this connection's offline data, then update the offline copy again.",
        );
      this.tables.create(listing);
      this.search.create(listing);
      this.sql.beginStaging.run({ connectionId, collection, listing, startedAt, at: this.stamp() });
      return listing;
    })();
  }

  /** Stores one page (records and their search entries) and the cursor to continue from, in one transaction. */
  storePage(
    connectionId: string,
    collection: Collection,
    listing: number,
    records: readonly ServiceRecord[],
    nextCursor: string | null,
  ): number {
    return this.db.transaction(() => {
      const state = this.state(connectionId, collection);
      if (!state || state.stagingListing !== listing)
        throw new Error(`The listing of ${collection} was replaced while it was being stored`);
      // A listing begun before records were indexed (schema version 3) stays without an index.
      const text = this.sql.searchable.get({ listing })
        ? this.recordText(connectionId, collection)
        : undefined;
      let position = state.stagingCount;
      for (const record of records) {
        this.rows.append(listing, position, record.id, JSON.stringify(record));
        if (text) this.search.add(listing, position, text(record));
        position++;
      }
      this.sql.saveCursor.run({
        connectionId,
        collection,
        cursor: nextCursor,
        count: position,
        at: this.stamp(),
      });
      return position;
    })();
  }

  /**
   * Builds the next of a stored listing's indexes not built yet, one index (a sort of its records)
   * per call so the caller can let other work run in between. True while more remain.
   */
  indexStep(listing: number): boolean {
    const missing = this.tables.missingIndexes(listing);
    const next = missing[0];
    if (next) this.db.exec(next.sql);
    return missing.length > 1;
  }

  /**
   * The finished listing becomes the copy in use; the old one is deleted in the same transaction.
   * Indexes not yet built (see `indexStep`) are built first, so the copy in use always has them all.
   */
  finishListing(connectionId: string, collection: Collection, listing: number): void {
    this.db.transaction(() => {
      const state = this.state(connectionId, collection);
      if (!state || state.stagingListing !== listing)
        throw new Error(`The listing of ${collection} was replaced before it finished`);
      this.tables.buildMissingIndexes(listing);
      for (const other of this.sql.otherListings.all({ connectionId, collection, listing })) this.drop(other);
      this.sql.promote.run({ connectionId, collection, at: this.stamp() });
    })();
  }

  /**
   * Drops the listing being fetched beside the copy in use (its records, indexes and position), in one
   * transaction; the copy in use stays. For an update stopped by a full disk: what it wrote goes.
   */
  dropStaging(connectionId: string, collection: Collection): void {
    this.db.transaction(() => {
      const listing = this.state(connectionId, collection)?.stagingListing;
      if (listing == null) return;
      this.drop(listing);
      this.sql.clearStaging.run({ connectionId, collection, at: this.stamp() });
    })();
  }

  /** Whether the connection keeps a complete copy of the collection to rewrite. */
  hasCopy(connectionId: string, collection: Collection): boolean {
    return this.sql.listingsToRewrite.all({ connectionId, collection }).some((l) => l.live === 1);
  }

  /**
   * Writes these records over their stored versions in the copy in use and in a listing being
   * fetched beside it (which would otherwise bring the old values back when it is swapped in), with
   * their search entries, in one transaction. Returns how many records of the copy in use changed;
   * nothing is written when the collection has no copy.
   */
  replace(connectionId: string, collection: Collection, records: readonly ServiceRecord[]): number {
    const { added, changed } = this.land(connectionId, collection, records);
    return added.length + changed.length;
  }

  /**
   * What a read of the service found, landed in the copy in place (see `replace`): the IDs it added to
   * the copy in use and those it changed there. A record the copy in use lacks (a colleague's new one,
   * or one a suggestion just created) is added after its last record, where a listing of the service
   * places a new record. `settled`: the read that found them has ended (false for a page of a listing
   * pass, whose changes count for "since you last looked" only once the pass ends: see markComplete).
   */
  land(
    connectionId: string,
    collection: Collection,
    records: readonly ServiceRecord[],
    settled = true,
  ): LandedChanges {
    return this.db.transaction(() => {
      const landed: LandedChanges = { added: [], changed: [] };
      const listings = this.sql.listingsToRewrite.all({ connectionId, collection });
      if (!listings.some((l) => l.live === 1)) return landed;
      const text = this.recordText(connectionId, collection);
      for (const record of records) {
        const json = JSON.stringify(record);
        for (const { listing, searchable, live } of listings) {
          // The copy in use finds the record through its ID index; a listing still being fetched has
          // no indexes yet and is scanned, which happens only while an update runs.
          const found = this.rows.byId(listing, record.id);
          if (found?.json === json) continue;
          if (found) {
            const position = positionOf(found.key);
            this.rows.rewrite(listing, found.key, json);
            if (searchable) {
              this.search.remove(listing, position, text(parseStored(collection, found.json)));
              this.search.add(listing, position, text(record));
            }
            if (live === 1) {
              this.since.noteBefore(connectionId, collection, record.id, found.json, settled);
              landed.changed.push(record.id);
            }
          } else if (live === 1) {
            const position = this.rows.nextPosition(listing);
            this.rows.append(listing, position, record.id, json);
            this.sql.grow.run({ connectionId, collection, by: 1, at: this.stamp() });
            if (searchable) this.search.add(listing, position, text(record));
            this.since.noteBefore(connectionId, collection, record.id, null, settled);
            landed.added.push(record.id);
          } else continue;
          // Sorted orders kept for this listing no longer hold: the next read works them out again.
          this.orders.forget(listing);
        }
      }
      return landed;
    })();
  }

  /**
   * Takes records the service said are gone out of the copy in use (and a listing being fetched beside
   * it), with their search entries, in one transaction. Returns the IDs taken out of the copy in use.
   */
  removeGone(connectionId: string, collection: Collection, ids: readonly string[]): string[] {
    return this.db.transaction(() => {
      const removed: string[] = [];
      const listings = this.sql.listingsToRewrite.all({ connectionId, collection });
      const text = this.recordText(connectionId, collection);
      for (const id of ids)
        for (const { listing, searchable, live } of listings) {
          const found = this.rows.byId(listing, id);
          if (!found) continue;
          this.rows.delete(listing, found.key);
          if (searchable)
            this.search.remove(listing, positionOf(found.key), text(parseStored(collection, found.json)));
          this.orders.forget(listing);
          if (live !== 1) continue;
          this.sql.grow.run({ connectionId, collection, by: -1, at: this.stamp() });
          this.since.noteBefore(connectionId, collection, id, found.json, false);
          removed.push(id);
        }
      return removed;
    })();
  }

  /**
   * The IDs a listing pass met, and those of the copy in use it did not meet, in the service's order
   * (an empty list without a copy in use).
   */
  pass(connectionId: string, collection: Collection): ListingPassIds {
    return new ListingPassIds(this.db, this.rows, () => this.state(connectionId, collection)?.liveListing);
  }

  /**
   * What every offline copy holds now: the records of every connection's copies (in use and being
   * fetched), and the bytes of the database file in use.
   */
  held(): { records: number; bytes: number } {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    const pages = this.db.pragma('page_count', { simple: true }) as number;
    const free = this.db.pragma('freelist_count', { simple: true }) as number;
    return { records: this.heldRecords.get() ?? 0, bytes: (pages - free) * pageSize };
  }

  /**
   * A complete pass of the service's listing, begun at `asOf`, has landed in the copy in use: the copy
   * is as complete as of then.
   */
  markComplete(connectionId: string, collection: Collection, asOf: string): void {
    this.db.transaction(() => {
      this.sql.markComplete.run({ connectionId, collection, asOf, at: this.stamp() });
      this.since.settle(connectionId, collection);
    })();
  }

  /** Up to `limit` stored rows of a listing after a position, in the service's order. */
  page(listing: number, afterPosition: number, limit: number): StoredRecordRow[] {
    return this.rows.page(listing, afterPosition, limit);
  }

  /**
   * Up to `limit` rows of a listing after a position that pass the service's filters, found through
   * the filter indexes, and whose text holds the words of an FTS5 query when one is given. Throws a
   * UserError for a filter or value the service would refuse.
   */
  filteredPage(
    collection: Collection,
    listing: number,
    afterPosition: number,
    limit: number,
    filters: Record<string, string>,
    words?: string,
  ): StoredRecordRow[] {
    return this.filtered.rows(collection, listing, afterPosition, limit, filters, words);
  }

  /**
   * The keys of every row of a listing that passes the service's filters and the lower bounds, in the
   * sort's order (the service's order without one). Throws a UserError for a refused filter.
   */
  orderedKeys(collection: Collection, listing: number, order: RowOrder): Float64Array {
    return this.orders.keys(collection, listing, order);
  }

  /**
   * How many rows of a listing pass the service's filters and the lower bounds, and the numbers their
   * `field` holds; undefined when the listing is gone. Throws a UserError for a refused filter.
   */
  amounts(
    collection: Collection,
    listing: number,
    rows: { filters: Record<string, string>; onOrAfter: LowerBounds; own?: OwnTerms | undefined },
    field: string,
  ): FilteredAmounts | undefined {
    return filteredAmounts(this.statements, collection, listing, rows, field);
  }

  /** The stored JSON of the row with this key. */
  jsonOfKey(key: number): string | undefined {
    return this.rows.jsonOfKey(key);
  }

  /** The stored JSON of a record of a listing by its ID (through the listing's ID index once built). */
  get(listing: number, id: string): string | undefined {
    return this.rows.byId(listing, id)?.json;
  }

  /** The stored row of a record of a listing by its ID: its position and JSON. */
  row(listing: number, id: string): StoredRecordRow | undefined {
    const found = this.rows.byId(listing, id);
    return found && { position: positionOf(found.key), json: found.json };
  }

  /** The stored JSON of the record at a position of a listing. */
  json(listing: number, position: number): string | undefined {
    return this.rows.jsonOfKey(keyOf(listing, position));
  }

  /** Every record of the copy in use, parsed; empty when there is no complete copy. */
  records(connectionId: string, collection: Collection): ServiceRecord[] {
    const listing = this.state(connectionId, collection)?.liveListing;
    if (listing == null) return [];
    return this.rows.all(listing).map((json) => parseStored(collection, json));
  }

  /** The copies in use of a connection, with their listing numbers, for searching. */
  liveListings(connectionId: string): LiveListing[] {
    return this.sql.liveListings.all({ connectionId }).map((r) => ({ ...r, searchable: r.searchable === 1 }));
  }

  /**
   * Deletes every stored record, search index and listing state of a connection (the setting stays),
   * in one transaction; inside another (removing the connection), as part of it.
   */
  forget(connectionId: string): void {
    this.db.transaction(() => {
      for (const listing of this.sql.connectionListings.all({ connectionId })) this.drop(listing);
      this.sql.forgetCollections.run({ connectionId });
      this.since.forget(connectionId);
    })();
  }

  keepCopy(connectionId: string): boolean {
    const keep = this.sql.keepCopy.get({ connectionId });
    return keep === undefined ? true : keep === 1;
  }

  /** Saving "keep no copy" deletes the copy in the same transaction. */
  setKeepCopy(connectionId: string, keep: boolean): void {
    this.db.transaction(() => {
      this.sql.saveKeepCopy.run({ connectionId, keep: keep ? 1 : 0, at: this.stamp() });
      if (!keep) this.forget(connectionId);
    })();
  }

  /**
   * Run when the store opens: drops the tables and search indexes of listings that are gone (a
   * connection removed elsewhere cascades to its listing rows only), and builds any index a copy in
   * use lacks (a copy moved here by schema version 7 or renamed by version 8, or indexes this version
   * adds).
   */
  tidy(): void {
    const known = new Set(this.sql.everyListing.all());
    this.search.dropAllBut(known);
    for (const listing of this.tables.numbers()) if (!known.has(listing)) this.dropTables(listing);
    for (const listing of this.sql.liveListingNumbers.all()) this.tables.buildMissingIndexes(listing);
  }

  /** A listing: its records, their indexes, its search index and its row. */
  private drop(listing: number): void {
    this.dropTables(listing);
    this.sql.deleteListing.run({ listing });
  }

  private dropTables(listing: number): void {
    this.search.drop(listing);
    this.statements.forget(listing);
    this.orders.forget(listing);
    this.tables.drop(listing);
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
