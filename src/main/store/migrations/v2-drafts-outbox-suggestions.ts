// Schema version 2: draft batches and their changes, the outbox of submissions with their
// Idempotency-Key and exact body, the batches and suggestions followed until a person decides, and the
// review pages' origins the user trusted.
import type { Migration } from './migrate';

export const DRAFTS_OUTBOX_SUGGESTIONS_MIGRATION: Migration = {
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
};
