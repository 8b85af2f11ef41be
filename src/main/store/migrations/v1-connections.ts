// Schema version 1: connections to a service, the contract each one answered with, and the app's
// own settings.
import type { Migration } from './migrate';

export const CONNECTIONS_MIGRATION: Migration = {
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
};
