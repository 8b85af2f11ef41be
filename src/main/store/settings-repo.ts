// App-wide settings as JSON values by key. A value that no longer parses reads as absent, so one
// bad row never stops the app from starting.
import type { Database, Statement } from 'better-sqlite3';
import { readStoredJson } from './stored-json';

export class SettingsRepository {
  private readonly selectOne: Statement<[{ key: string }], string>;
  private readonly upsert: Statement<[{ key: string; value: string; at: string }]>;
  private readonly remove: Statement<[{ key: string }]>;

  constructor(
    db: Database,
    private readonly now: () => Date,
  ) {
    this.selectOne = db
      .prepare<{ key: string }, string>('SELECT value FROM settings WHERE key = @key')
      .pluck();
    this.upsert = db.prepare(
      `INSERT INTO settings (key, value, updated_at) VALUES (@key, @value, @at)
       ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare('DELETE FROM settings WHERE key = @key');
  }

  get(key: string): unknown {
    return readStoredJson(this.selectOne.get({ key }) ?? null);
  }

  set(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    if (json === undefined) throw new Error(`Setting ${key} has no JSON form`);
    this.upsert.run({ key, value: json, at: this.now().toISOString() });
  }

  delete(key: string): void {
    this.remove.run({ key });
  }
}
