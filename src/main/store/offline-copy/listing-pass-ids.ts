// The IDs one listing pass of the offline copy met, kept in the connection's temporary database rather
// than in main's memory however long the listing, and the records of the copy in use the pass did not
// meet, read a few at a time in the service's order. Each pass has a number of its own; its IDs go
// when it ends.
import type { Database } from 'better-sqlite3';
import type { ListingRows } from './listing-rows';

const MET_TABLE = `CREATE TEMP TABLE IF NOT EXISTS offline_copy_met (
  pass INTEGER NOT NULL, id TEXT NOT NULL, PRIMARY KEY (pass, id)) WITHOUT ROWID`;

let passes = 0;

export class ListingPassIds {
  private readonly number = ++passes;

  constructor(
    private readonly db: Database,
    private readonly rows: Pick<ListingRows, 'unmet'>,
    /** The listing of the copy in use, when there is one. */
    private readonly live: () => number | null | undefined,
  ) {
    db.exec(MET_TABLE);
  }

  /** The pass met these IDs. */
  meet(ids: readonly string[]): void {
    const insert = this.db.prepare<[number, string]>(
      'INSERT OR IGNORE INTO temp.offline_copy_met (pass, id) VALUES (?, ?)',
    );
    this.db.transaction(() => {
      for (const id of ids) insert.run(this.number, id);
    })();
  }

  /** Up to `limit` records of the copy in use after `afterKey` (0: from the start) the pass did not meet. */
  unmet(afterKey: number, limit: number): { key: number; id: string }[] {
    const listing = this.live();
    return listing == null ? [] : this.rows.unmet(listing, this.number, afterKey, limit);
  }

  /** Lets go of the IDs the pass met. */
  end(): void {
    this.db.prepare<[number]>('DELETE FROM temp.offline_copy_met WHERE pass = ?').run(this.number);
  }
}
