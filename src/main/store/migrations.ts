// The database schema as an append-only list of migrations. Each runs once, in its own transaction,
// and is recorded in schema_migrations; a released migration is never edited, only followed by another.
//
// Room kept for later issues (append them as versions 2, 3 … in this order of need; names reserved):
//   drafts            draft batches and their change items (edited offline, every edit one transaction)
//   outbox            submissions with their Idempotency-Key and exact body, state 'submitting' …
//   tracked_batches   201 answers (batchId, reviewUrl, message) and each proposal's last known status
//   snapshots         the offline copy of collections, and its own migrations when record shapes change

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'connections, contract cache, settings',
    sql: `
      CREATE TABLE connections (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        base_url    TEXT NOT NULL,
        web_origin  TEXT,
        kind        TEXT NOT NULL CHECK (kind IN ('demo', 'remote')),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
      ) STRICT;

      -- One cached contract per connection: the exact JSON text, its sha256 and when it was fetched.
      CREATE TABLE contract_cache (
        connection_id TEXT PRIMARY KEY REFERENCES connections(id) ON DELETE CASCADE,
        json          TEXT NOT NULL,
        hash          TEXT NOT NULL CHECK (length(hash) = 64),
        fetched_at    TEXT NOT NULL
      ) STRICT;

      -- Small app-wide preferences as JSON values (the active connection, remembered choices …).
      CREATE TABLE settings (
        key        TEXT PRIMARY KEY,
        value      TEXT NOT NULL CHECK (json_valid(value)),
        updated_at TEXT NOT NULL
      ) STRICT;
    `,
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);
