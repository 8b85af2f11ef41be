// Applies the pending migrations in order, each in one transaction together with its
// schema_migrations row, so a crash mid-way leaves the database at the last whole version.
import type { Database } from 'better-sqlite3';

/** One version of the schema: its SQL, and what SQL alone cannot do, run in the same transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL alone cannot say (tables named by the rows found), run after `sql` in its transaction. */
  run?: (db: Database) => void;
}

export class NewerSchemaError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `the database was written by a newer PropDesk (schema version ${found}; this version knows up to ${known})`,
    );
    this.name = 'NewerSchemaError';
  }
}

export function currentVersion(db: Database): number {
  const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

export function migrate(db: Database, migrations: readonly Migration[], now: () => Date): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  const latest = sorted.at(-1)?.version ?? 0;
  const found = currentVersion(db);
  if (found > latest) throw new NewerSchemaError(found, latest);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of sorted) {
    if (migration.version <= found) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      migration.run?.(db);
      record.run(migration.version, migration.name, now().toISOString());
    }).immediate();
  }
  return currentVersion(db);
}
