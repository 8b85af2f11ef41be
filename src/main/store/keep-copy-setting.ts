// "Keep no offline copy" per connection (snapshot_settings); absent means the default, keep a copy.
// OfflineCopyRepository saves it together with deleting the copy it forbids.
import type { Database, Statement } from 'better-sqlite3';

export class KeepCopySetting {
  private readonly select: Statement<[string], { keep_copy: number }>;
  private readonly upsert: Statement<[string, number, string]>;

  constructor(db: Database) {
    this.select = db.prepare('SELECT keep_copy FROM snapshot_settings WHERE connection_id = ?');
    this.upsert = db.prepare(
      `INSERT INTO snapshot_settings (connection_id, keep_copy, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(connection_id) DO UPDATE SET keep_copy = excluded.keep_copy, updated_at = excluded.updated_at`,
    );
  }

  keepCopy(connectionId: string): boolean {
    const row = this.select.get(connectionId);
    return row ? row.keep_copy === 1 : true;
  }

  save(connectionId: string, keep: boolean, at: string): void {
    this.upsert.run(connectionId, keep ? 1 : 0, at);
  }
}
