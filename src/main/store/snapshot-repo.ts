// The offline snapshot in SQLite: per connection and collection, the complete copy in use (a "live"
// generation of records in the service's order) and a listing being fetched beside it (a "staging"
// generation with the cursor to resume from). A finished listing replaces the old copy in one
// transaction, so readers always see one whole copy.
import type { Database, Statement } from 'better-sqlite3';
import type { Collection, ServiceRecord } from '../../shared/service';
import { UserError } from '../user-error';

export interface SnapshotState {
  collection: Collection;
  liveGeneration: number | null;
  asOf: string | null;
  liveCount: number;
  stagingGeneration: number | null;
  stagingCursor: string | null;
  stagingCount: number;
  stagingStartedAt: string | null;
}

interface StateRow {
  collection: Collection;
  live_generation: number | null;
  as_of: string | null;
  live_count: number;
  staging_generation: number | null;
  staging_cursor: string | null;
  staging_count: number;
  staging_started_at: string | null;
}

export interface StoredRecordRow {
  position: number;
  json: string;
}

export class SnapshotDamageError extends UserError {
  constructor(collection: string) {
    super(
      'snapshot_damaged',
      `The offline copy of ${collection.replace(/_/g, ' ')} is damaged. Sync again, or forget this connection's offline data.`,
    );
  }
}

/** Parses a stored record; a row that no longer parses is damage, reported in plain words. */
export function parseStored(collection: string, json: string): ServiceRecord {
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
      return value as ServiceRecord;
  } catch {
    // fall through
  }
  throw new SnapshotDamageError(collection);
}

const fromRow = (r: StateRow): SnapshotState => ({
  collection: r.collection,
  liveGeneration: r.live_generation,
  asOf: r.as_of,
  liveCount: r.live_count,
  stagingGeneration: r.staging_generation,
  stagingCursor: r.staging_cursor,
  stagingCount: r.staging_count,
  stagingStartedAt: r.staging_started_at,
});

export class SnapshotRepository {
  private readonly selectState: Statement<[string, string], StateRow>;
  private readonly selectStates: Statement<[string], StateRow>;
  private readonly upsertStaging: Statement<[string, string, number, string, string]>;
  private readonly insertRecord: Statement<[string, string, number, number, string, string]>;
  private readonly updateCursor: Statement<[string | null, number, string, string, string]>;
  private readonly deleteGeneration: Statement<[string, string, number]>;
  private readonly deleteOtherGenerations: Statement<[string, string, number]>;
  private readonly promote: Statement<[string, string, string]>;
  private readonly pageAfter: Statement<[string, string, number, number, number], StoredRecordRow>;
  private readonly scanAfter: Statement<[string, string, number, number], StoredRecordRow>;
  private readonly byId: Statement<[string, string, number, string], { json: string }>;
  private readonly allJson: Statement<[string, string, number], { json: string }>;
  private readonly selectKeep: Statement<[string], { keep_copy: number }>;
  private readonly upsertKeep: Statement<[string, number, string]>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
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
    this.insertRecord = db.prepare(
      `INSERT INTO snapshot_records (connection_id, collection, generation, position, id, json)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.updateCursor = db.prepare(
      `UPDATE snapshot_collections SET staging_cursor = ?, staging_count = ?, updated_at = ?
       WHERE connection_id = ? AND collection = ?`,
    );
    this.deleteGeneration = db.prepare(
      'DELETE FROM snapshot_records WHERE connection_id = ? AND collection = ? AND generation = ?',
    );
    this.deleteOtherGenerations = db.prepare(
      'DELETE FROM snapshot_records WHERE connection_id = ? AND collection = ? AND generation <> ?',
    );
    this.promote = db.prepare(
      `UPDATE snapshot_collections SET live_generation = staging_generation, as_of = staging_started_at,
         live_count = staging_count, complete = 1, staging_generation = NULL, staging_cursor = NULL,
         staging_count = 0, staging_started_at = NULL, updated_at = ?
       WHERE connection_id = ? AND collection = ?`,
    );
    this.pageAfter = db.prepare(
      `SELECT position, json FROM snapshot_records
       WHERE connection_id = ? AND collection = ? AND generation = ? AND position > ?
       ORDER BY position LIMIT ?`,
    );
    this.scanAfter = db.prepare(
      `SELECT position, json FROM snapshot_records
       WHERE connection_id = ? AND collection = ? AND generation = ? AND position > ?
       ORDER BY position`,
    );
    this.byId = db.prepare(
      `SELECT json FROM snapshot_records
       WHERE connection_id = ? AND collection = ? AND generation = ? AND id = ? LIMIT 1`,
    );
    this.allJson = db.prepare(
      `SELECT json FROM snapshot_records
       WHERE connection_id = ? AND collection = ? AND generation = ? ORDER BY position`,
    );
    this.selectKeep = db.prepare('SELECT keep_copy FROM snapshot_settings WHERE connection_id = ?');
    this.upsertKeep = db.prepare(
      `INSERT INTO snapshot_settings (connection_id, keep_copy, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(connection_id) DO UPDATE SET keep_copy = excluded.keep_copy, updated_at = excluded.updated_at`,
    );
  }

  state(connectionId: string, collection: Collection): SnapshotState | undefined {
    const row = this.selectState.get(connectionId, collection);
    return row ? fromRow(row) : undefined;
  }

  states(connectionId: string): SnapshotState[] {
    return this.selectStates.all(connectionId).map(fromRow);
  }

  /**
   * Starts a fresh listing beside the copy in use: drops whatever an earlier listing left and
   * returns the new generation number.
   */
  beginListing(connectionId: string, collection: Collection, startedAt: string): number {
    return this.db.transaction(() => {
      const current = this.state(connectionId, collection);
      const generation = Math.max(current?.liveGeneration ?? 0, current?.stagingGeneration ?? 0) + 1;
      if (current?.stagingGeneration != null)
        this.deleteGeneration.run(connectionId, collection, current.stagingGeneration);
      this.upsertStaging.run(connectionId, collection, generation, startedAt, this.stamp());
      return generation;
    })();
  }

  /** Stores one page and the cursor to continue from, in one transaction. */
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
      let position = state.stagingCount;
      for (const record of records)
        this.insertRecord.run(
          connectionId,
          collection,
          generation,
          position++,
          record.id,
          JSON.stringify(record),
        );
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
      this.deleteOtherGenerations.run(connectionId, collection, generation);
      this.promote.run(this.stamp(), connectionId, collection);
    })();
  }

  /** Up to `limit` stored rows of the copy in use after a position, in the service's order. */
  page(
    connectionId: string,
    collection: Collection,
    generation: number,
    afterPosition: number,
    limit: number,
  ): StoredRecordRow[] {
    return this.pageAfter.all(connectionId, collection, generation, afterPosition, limit);
  }

  /** Every stored row after a position, read lazily (for filtered reading). */
  scan(
    connectionId: string,
    collection: Collection,
    generation: number,
    afterPosition: number,
  ): IterableIterator<StoredRecordRow> {
    return this.scanAfter.iterate(connectionId, collection, generation, afterPosition);
  }

  get(connectionId: string, collection: Collection, generation: number, id: string): string | undefined {
    return this.byId.get(connectionId, collection, generation, id)?.json;
  }

  /** Every record of the copy in use, parsed; empty when there is no complete copy. */
  records(connectionId: string, collection: Collection): ServiceRecord[] {
    const state = this.state(connectionId, collection);
    if (state?.liveGeneration == null) return [];
    return this.allJson
      .all(connectionId, collection, state.liveGeneration)
      .map((r) => parseStored(collection, r.json));
  }

  /** Deletes every stored record and listing state of a connection (the setting stays). */
  forget(connectionId: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM snapshot_records WHERE connection_id = ?').run(connectionId);
      this.db.prepare('DELETE FROM snapshot_collections WHERE connection_id = ?').run(connectionId);
    })();
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
