// App-wide settings as JSON values by key. A value that no longer parses reads as absent, so one
// bad row never stops the app from starting.
import type { Database, Statement } from 'better-sqlite3';

export class SettingsRepository {
  private readonly selectOne: Statement<[string], { value: string }>;
  private readonly upsert: Statement<[string, string, string]>;
  private readonly remove: Statement<[string]>;

  constructor(
    db: Database,
    private readonly now: () => Date,
  ) {
    this.selectOne = db.prepare('SELECT value FROM settings WHERE key = ?');
    this.upsert = db.prepare(
      `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare('DELETE FROM settings WHERE key = ?');
  }

  get(key: string): unknown {
    const row = this.selectOne.get(key);
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    if (json === undefined) throw new Error(`Setting ${key} has no JSON form`);
    this.upsert.run(key, json, this.now().toISOString());
  }

  delete(key: string): void {
    this.remove.run(key);
  }
}
