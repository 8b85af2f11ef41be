// Schema version 12: keys to be confirmed once. Version 9 moved every key an earlier PropDesk kept
// under the connection alone to its server's place; that place could hold a key already replaced (an
// earlier keychain fault), which then went to the server as if current. Each connection whose key
// version 9 moved, or will move, is asked once whether the key is still the right one.
import type { Migration } from './migrate';

export const KEYS_TO_CONFIRM_MIGRATION: Migration = {
  version: 12,
  name: 'keys moved from an earlier PropDesk, to be confirmed once',
  sql: `
    CREATE TABLE keys_to_confirm (
      connection_id  TEXT PRIMARY KEY REFERENCES connections(id) ON DELETE CASCADE,
      since          TEXT NOT NULL
    ) STRICT;

    INSERT INTO keys_to_confirm (connection_id, since)
      SELECT c.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM connections c
       WHERE c.kind = 'remote'
         AND c.created_at <= (SELECT applied_at FROM schema_migrations WHERE version = 9);
  `,
};
