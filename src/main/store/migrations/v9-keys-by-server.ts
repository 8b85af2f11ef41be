// Schema version 9, what PropDesk keeps and forgets:
//
// API keys are kept in the keychain per connection and server (the account "<connection id>@<origin>"),
// and what the keychain refused is remembered here, never the key itself: a key it would not store
// (kept for the session only; the keychain's older value for that account is never read again), a key
// it would not delete (tried again at every start and each use of the keychain), and a key an earlier
// PropDesk stored under the connection alone, to move once to its server's account. No foreign key: a
// removed connection's key may still wait to be deleted.
//
// Deleting a connection or an offline copy marks, in the same transaction and whoever deletes it, that
// the file must be scrubbed of what was deleted (store/scrub.ts): the mark is kept until that is done,
// at once or, on a full disk, at a later start.
import type { Database } from 'better-sqlite3';
import { keyAccount } from '../../base/key-account';
import type { Migration } from './migrate';

export const KEYS_BY_SERVER_MIGRATION: Migration = {
  version: 9,
  name: 'keys kept per server, what the keychain refused, and deleted data to scrub',
  sql: `
    CREATE TABLE keychain_pending (
      account        TEXT PRIMARY KEY CHECK (length(account) BETWEEN 1 AND 2100),
      connection_id  TEXT NOT NULL,
      operation      TEXT NOT NULL CHECK (operation IN ('write', 'delete', 'move')),
      since          TEXT NOT NULL
    ) STRICT;

    CREATE TRIGGER offline_copy_forgotten AFTER DELETE ON offline_copy_collections
    BEGIN
      INSERT OR REPLACE INTO settings (key, value, updated_at)
        VALUES ('scrubPending', 'true', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
    END;
    CREATE TRIGGER connection_removed AFTER DELETE ON connections
    BEGIN
      INSERT OR REPLACE INTO settings (key, value, updated_at)
        VALUES ('scrubPending', 'true', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
    END;
  `,
  run: (db: Database): void => {
    // Every key stored so far is under its connection's ID alone: each waits to move to its server.
    const remote = db
      .prepare("SELECT id, base_url AS baseUrl FROM connections WHERE kind = 'remote'")
      .all() as Array<{ id: string; baseUrl: string }>;
    const insert = db.prepare(
      "INSERT INTO keychain_pending (account, connection_id, operation, since) VALUES (?, ?, 'move', ?)",
    );
    const at = new Date().toISOString();
    for (const { id, baseUrl } of remote) insert.run(keyAccount(id, baseUrl), id, at);
  },
};
