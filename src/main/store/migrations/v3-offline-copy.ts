// Schema version 3: the offline copy of each collection, one generation written beside the one in
// use. The SQL is this version's own, with the names of its time: versions 6 to 8 changed the layout.
import type { Migration } from './migrate';

export const OFFLINE_COPY_MIGRATION: Migration = {
  version: 3,
  name: 'offline copy',
  sql: `
      -- The offline copy of each collection, per connection. A listing is written as a new generation
      -- beside the one in use and swapped in when complete, so the old copy stays readable meanwhile.
      -- position keeps the service's own order.
      CREATE TABLE snapshot_records (
        connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        collection     TEXT NOT NULL,
        generation     INTEGER NOT NULL,
        position       INTEGER NOT NULL,
        id             TEXT NOT NULL,
        json           TEXT NOT NULL,
        PRIMARY KEY (connection_id, collection, generation, position)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX snapshot_records_by_id ON snapshot_records(connection_id, collection, generation, id);

      -- Per collection: the complete copy in use (live_*) and the listing being fetched (staging_*),
      -- with the cursor to resume it from after a failure, a cancel or a restart.
      CREATE TABLE snapshot_collections (
        connection_id       TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        collection          TEXT NOT NULL,
        live_generation     INTEGER,
        as_of               TEXT,
        live_count          INTEGER NOT NULL DEFAULT 0,
        complete            INTEGER NOT NULL DEFAULT 0 CHECK (complete IN (0, 1)),
        staging_generation  INTEGER,
        staging_cursor      TEXT,
        staging_count       INTEGER NOT NULL DEFAULT 0,
        staging_started_at  TEXT,
        updated_at          TEXT NOT NULL,
        PRIMARY KEY (connection_id, collection),
        CHECK ((complete = 1) = (live_generation IS NOT NULL))
      ) STRICT;

      -- "Keep no offline copy" per connection; absent means the default, keep a copy.
      CREATE TABLE snapshot_settings (
        connection_id  TEXT PRIMARY KEY REFERENCES connections(id) ON DELETE CASCADE,
        keep_copy      INTEGER NOT NULL CHECK (keep_copy IN (0, 1)),
        updated_at     TEXT NOT NULL
      ) STRICT;
    `,
};
