// The database schema as an append-only list of migrations. Each runs once, in its own transaction,
// and is recorded in schema_migrations; a released migration is never edited, only followed by another.
import type { Database } from 'better-sqlite3';
import { OFFLINE_INDEX_MIGRATION } from './v6-offline-index';
import { LISTING_TABLES_MIGRATION } from './v7-listing-tables';
import { OFFLINE_COPY_WORDS_MIGRATION } from './v8-offline-copy-words';
import { KEYS_BY_SERVER_MIGRATION } from './v9-keys-by-server';
import { DEPENDENT_CHANGES_MIGRATION } from './v10-dependent-changes';
import { MAYBE_SENT_MIGRATION } from './v11-maybe-sent';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL alone cannot say (tables named by the rows found), run after `sql` in its transaction. */
  run?: (db: Database) => void;
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
  {
    version: 2,
    name: 'drafts, outbox, tracked suggestions',
    sql: `
      -- A draft batch of suggested changes for one connection. revision counts edits so a stale
      -- editor's write is refused instead of overwriting a newer one.
      CREATE TABLE drafts (
        id             TEXT PRIMARY KEY,
        connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        label          TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
        state          TEXT NOT NULL CHECK (state IN ('editing', 'submitting', 'submitted')),
        revision       INTEGER NOT NULL DEFAULT 0,
        review_group   TEXT,
        review_part    INTEGER,
        review_parts   INTEGER,
        rejection      TEXT CHECK (rejection IS NULL OR json_valid(rejection)),
        created_at     TEXT NOT NULL,
        updated_at     TEXT NOT NULL
      ) STRICT;
      CREATE INDEX drafts_by_connection ON drafts(connection_id, updated_at);

      CREATE TABLE draft_changes (
        id             TEXT NOT NULL,
        draft_id       TEXT NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
        position       INTEGER NOT NULL,
        operation      TEXT NOT NULL CHECK (operation IN ('create', 'update')),
        resource_type  TEXT NOT NULL,
        resource_id    TEXT,
        fields         TEXT NOT NULL CHECK (json_valid(fields)),
        snapshot       TEXT CHECK (snapshot IS NULL OR json_valid(snapshot)),
        updated_at     TEXT NOT NULL,
        PRIMARY KEY (draft_id, id),
        CHECK ((operation = 'update') = (resource_id IS NOT NULL))
      ) STRICT;

      -- The outbox. The key and the exact body are written in the transaction that freezes the
      -- draft, before the first send; every retry sends exactly these.
      CREATE TABLE submissions (
        id               TEXT PRIMARY KEY,
        draft_id         TEXT NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
        connection_id    TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        idempotency_key  TEXT NOT NULL UNIQUE,
        body             TEXT NOT NULL CHECK (json_valid(body)),
        state            TEXT NOT NULL
                         CHECK (state IN ('queued', 'sending', 'sent', 'conflict', 'rejected', 'cancelled')),
        attempts         INTEGER NOT NULL DEFAULT 0,
        last_error       TEXT,
        next_attempt_at  TEXT,
        batch_id         TEXT,
        message          TEXT,
        created_at       TEXT NOT NULL,
        updated_at       TEXT NOT NULL
      ) STRICT;
      -- At most one submission per draft whose outcome is open.
      CREATE UNIQUE INDEX submissions_open ON submissions(draft_id) WHERE state IN ('queued', 'sending');

      -- Suggestion batches: those submitted from PropDesk (origin 'app', with the service's answer)
      -- and those found by polling that were made elsewhere (origin 'external').
      CREATE TABLE tracked_batches (
        connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        batch_id       TEXT NOT NULL,
        origin         TEXT NOT NULL CHECK (origin IN ('app', 'external')),
        draft_id       TEXT,
        label          TEXT,
        message        TEXT,
        review_url     TEXT,
        submitted_at   TEXT,
        settled        INTEGER NOT NULL DEFAULT 0 CHECK (settled IN (0, 1)),
        PRIMARY KEY (connection_id, batch_id)
      ) STRICT;

      CREATE TABLE tracked_proposals (
        connection_id  TEXT NOT NULL,
        proposal_id    TEXT NOT NULL,
        batch_id       TEXT NOT NULL,
        position       INTEGER NOT NULL,
        operation      TEXT NOT NULL,
        resource_type  TEXT NOT NULL,
        resource_id    TEXT,
        fields         TEXT CHECK (fields IS NULL OR json_valid(fields)),
        summary        TEXT NOT NULL,
        status         TEXT NOT NULL CHECK (status IN ('proposed', 'applied', 'dismissed', 'expired')),
        flags          TEXT NOT NULL CHECK (json_valid(flags)),
        expires_at     TEXT NOT NULL,
        live           TEXT CHECK (live IS NULL OR json_valid(live)),
        updated_at     TEXT NOT NULL,
        PRIMARY KEY (connection_id, proposal_id),
        FOREIGN KEY (connection_id, batch_id) REFERENCES tracked_batches(connection_id, batch_id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX tracked_proposals_by_status ON tracked_proposals(connection_id, status);

      CREATE TABLE proposal_events (
        seq            INTEGER PRIMARY KEY,
        connection_id  TEXT NOT NULL,
        proposal_id    TEXT NOT NULL,
        status         TEXT NOT NULL,
        at             TEXT NOT NULL,
        FOREIGN KEY (connection_id, proposal_id) REFERENCES tracked_proposals(connection_id, proposal_id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX proposal_events_by_proposal ON proposal_events(connection_id, proposal_id);

      -- Review-page origins the user confirmed once for a connection.
      CREATE TABLE trusted_origins (
        connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        origin         TEXT NOT NULL,
        trusted_at     TEXT NOT NULL,
        PRIMARY KEY (connection_id, origin)
      ) STRICT;
    `,
  },
  {
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
  },
  {
    version: 4,
    name: 'connection currency',
    sql: `
      -- The currency the service's amounts are in (ISO 4217, e.g. USD), per connection. NULL means
      -- "the currency of this computer's region", worked out when it is needed.
      ALTER TABLE connections ADD COLUMN currency TEXT
        CHECK (currency IS NULL OR (length(currency) = 3 AND currency GLOB '[A-Z][A-Z][A-Z]'));
    `,
  },
  {
    version: 5,
    name: 'the server each submission was made for',
    sql: `
      -- The connection's address when the submission was queued. The outbox sends a submission only
      -- while its connection points at that same server (scheme, host, port); after a move to another
      -- server it is held until the user agrees to send it there. Submissions queued before this
      -- column existed were made for the address their connection has now.
      ALTER TABLE submissions ADD COLUMN made_for TEXT NOT NULL DEFAULT '';
      UPDATE submissions SET made_for = coalesce(
        (SELECT base_url FROM connections WHERE connections.id = submissions.connection_id), '');
    `,
  },
  OFFLINE_INDEX_MIGRATION,
  LISTING_TABLES_MIGRATION,
  OFFLINE_COPY_WORDS_MIGRATION,
  KEYS_BY_SERVER_MIGRATION,
  DEPENDENT_CHANGES_MIGRATION,
  MAYBE_SENT_MIGRATION,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);
