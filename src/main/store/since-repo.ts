// What changed since the landlord last looked, kept per connection: the mark, and for every record a
// refresh changed after it, the record as the copy held it at the mark (written in the same
// transaction that changes the copy, and only once: the oldest state is the one at the mark). A change
// found by a listing pass waits, unsettled, until the pass has ended; "Mark as seen" moves the mark and
// forgets what was settled up to the moment the landlord saw. Also the urgent requests already told of.
import type { Database } from 'better-sqlite3';

/** One record's state at the mark: its stored JSON then, or null when the copy did not hold it. */
export interface ChangedSinceMark {
  collection: string;
  recordId: string;
  before: string | null;
}

interface Of {
  connectionId: string;
}

function prepare(db: Database) {
  return {
    mark: db
      .prepare<Of, string>('SELECT marked_at FROM since_marks WHERE connection_id = @connectionId')
      .pluck(),
    setMark: db.prepare<Of & { at: string }>(
      `INSERT INTO since_marks (connection_id, marked_at) VALUES (@connectionId, @at)
       ON CONFLICT(connection_id) DO UPDATE SET marked_at = excluded.marked_at`,
    ),
    // The first change after the mark keeps the state at the mark; a later one only settles it (or
    // moves when it was settled, so "Mark as seen" up to an earlier moment keeps it).
    note: db.prepare<
      Of & { collection: string; recordId: string; before: string | null; settled: 0 | 1; at: string }
    >(
      `INSERT INTO since_changes (connection_id, collection, record_id, before, settled, settled_at)
       VALUES (@connectionId, @collection, @recordId, @before, @settled, CASE WHEN @settled = 1 THEN @at END)
       ON CONFLICT(connection_id, collection, record_id) DO UPDATE SET
         settled = MAX(settled, excluded.settled),
         settled_at = CASE WHEN excluded.settled = 1 THEN excluded.settled_at ELSE settled_at END`,
    ),
    settle: db.prepare<Of & { collection: string; at: string }>(
      `UPDATE since_changes SET settled = 1, settled_at = @at
       WHERE connection_id = @connectionId AND collection = @collection AND settled = 0`,
    ),
    settled: db.prepare<Of, { collection: string; recordId: string; before: string | null }>(
      `SELECT collection, record_id AS recordId, before FROM since_changes
       WHERE connection_id = @connectionId AND settled = 1`,
    ),
    unsettled: db
      .prepare<Of, number>(
        'SELECT count(*) FROM since_changes WHERE connection_id = @connectionId AND settled = 0',
      )
      .pluck(),
    seen: db.prepare<Of & { upTo: string }>(
      `DELETE FROM since_changes WHERE connection_id = @connectionId AND settled = 1 AND settled_at <= @upTo`,
    ),
    forgetChanges: db.prepare<Of>('DELETE FROM since_changes WHERE connection_id = @connectionId'),
    forgetMark: db.prepare<Of>('DELETE FROM since_marks WHERE connection_id = @connectionId'),
    told: db
      .prepare<Of, string>('SELECT record_id FROM since_told WHERE connection_id = @connectionId')
      .pluck(),
    tell: db.prepare<Of & { recordId: string; at: string }>(
      `INSERT OR IGNORE INTO since_told (connection_id, record_id, told_at) VALUES (@connectionId, @recordId, @at)`,
    ),
  };
}

export class SinceRepository {
  private readonly sql: ReturnType<typeof prepare>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {
    this.sql = prepare(db);
  }

  /** When the landlord last looked (ISO time); null before the connection's first copy set it. */
  markedAt(connectionId: string): string | null {
    return this.sql.mark.get({ connectionId }) ?? null;
  }

  /** Sets the mark without forgetting anything (a first copy, whose records all count as seen). */
  setMark(connectionId: string, at: string): void {
    this.sql.setMark.run({ connectionId, at });
  }

  /**
   * A record of the copy in use is about to change (or be added, `before` null, or taken out): keeps
   * its state at the mark unless kept already. Nothing without a mark. `settled`: found by a read that
   * has ended; false for a page of a listing pass still under way. Runs inside the copy's transaction.
   */
  noteBefore(
    connectionId: string,
    collection: string,
    recordId: string,
    before: string | null,
    settled: boolean,
  ): void {
    // The mark is looked up apart: as one INSERT … SELECT … WHERE EXISTS upsert, SQLite answered
    // SQLITE_FULL (said to the user as a full disk) once a pass had noted about 4,000 records.
    if (this.sql.mark.get({ connectionId }) === undefined) return;
    this.sql.note.run({
      connectionId,
      collection,
      recordId,
      before,
      settled: settled ? 1 : 0,
      at: this.now().toISOString(),
    });
  }

  /** A listing pass of the collection has ended: the changes it found count. */
  settle(connectionId: string, collection: string): void {
    this.sql.settle.run({ connectionId, collection, at: this.now().toISOString() });
  }

  /** Every settled change since the mark, with the record's state at the mark. */
  changes(connectionId: string): ChangedSinceMark[] {
    return this.sql.settled.all({ connectionId });
  }

  /** Changes found by passes still under way (or stopped half way), not yet counted. */
  unsettledCount(connectionId: string): number {
    return this.sql.unsettled.get({ connectionId }) ?? 0;
  }

  /**
   * "Mark as seen" at `upTo` (the moment of the digest the landlord saw): the mark moves there, and
   * the changes settled by then are forgotten; later ones stay, against the state the landlord saw.
   */
  seen(connectionId: string, upTo: string): void {
    this.db.transaction(() => {
      this.sql.seen.run({ connectionId, upTo });
      this.sql.setMark.run({ connectionId, at: upTo });
    })();
  }

  /** The connection's copy is gone: so are its changes and its mark (the next first copy sets it). */
  forget(connectionId: string): void {
    this.db.transaction(() => {
      this.sql.forgetChanges.run({ connectionId });
      this.sql.forgetMark.run({ connectionId });
    })();
  }

  /** Record IDs a desktop notification already told of. */
  told(connectionId: string): Set<string> {
    return new Set(this.sql.told.all({ connectionId }));
  }

  tell(connectionId: string, recordIds: readonly string[]): void {
    const at = this.now().toISOString();
    this.db.transaction(() => {
      for (const recordId of recordIds) this.sql.tell.run({ connectionId, recordId, at });
    })();
  }
}
