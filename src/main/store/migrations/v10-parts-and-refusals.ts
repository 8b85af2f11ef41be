// Schema version 10: changes that wait for a record another change creates (a new lease's tenant,
// drafted with the new tenant), and suggestions refused for a missing permission.
//
// The service gives a new record its ID only when a person approves it, so a draft that creates a
// tenant and a lease for that tenant cannot go as one batch. Its submission sends the changes that can
// go (its plan says which) and the others move to a draft of their own when the service has recorded
// the batch; the field that names the new record is linked to the change that creates it, and filled
// in once the record exists. Every step is one transaction with the outbox's, as before.
import type { Migration } from './migrate';

export const PARTS_AND_REFUSALS_MIGRATION: Migration = {
  version: 10,
  name: 'changes that wait for a created record, refused permissions',
  sql: `
    -- Which of the draft's changes this submission sends, and where the others go: {sent, held, group,
    -- part, parts, heldLabel}. NULL: every change of the draft, in order (all earlier submissions).
    ALTER TABLE submissions ADD COLUMN plan TEXT CHECK (plan IS NULL OR json_valid(plan));

    -- A field of a draft's change that names a record another change creates: never sent as it is,
    -- filled in with the record's ID once it exists (filled_with), the link kept to say so.
    CREATE TABLE change_links (
      draft_id          TEXT NOT NULL,
      change_id         TEXT NOT NULL,
      field             TEXT NOT NULL,
      source_draft_id   TEXT NOT NULL,
      source_change_id  TEXT NOT NULL,
      filled_with       TEXT,
      PRIMARY KEY (draft_id, change_id, field),
      FOREIGN KEY (draft_id, change_id) REFERENCES draft_changes(draft_id, id)
        ON DELETE CASCADE ON UPDATE CASCADE
    ) STRICT;
    CREATE INDEX change_links_by_source ON change_links(source_draft_id, source_change_id);

    -- A change other changes wait for, from the moment its draft is queued: what it suggests, the
    -- records of its type that carried those values before it was sent (NULL: not known), its proposal
    -- once the service recorded it, and the record found once a person approved it (or why none comes).
    CREATE TABLE awaited_records (
      draft_id       TEXT NOT NULL,
      change_id      TEXT NOT NULL,
      connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      resource_type  TEXT NOT NULL,
      fields         TEXT NOT NULL CHECK (json_valid(fields)),
      before_ids     TEXT CHECK (before_ids IS NULL OR json_valid(before_ids)),
      proposal_id    TEXT,
      state          TEXT NOT NULL CHECK (state IN ('queued', 'waiting', 'choose', 'found', 'ended')),
      record_id      TEXT,
      candidates     TEXT CHECK (candidates IS NULL OR json_valid(candidates)),
      note           TEXT,
      updated_at     TEXT NOT NULL,
      PRIMARY KEY (draft_id, change_id),
      CHECK ((state = 'found') = (record_id IS NOT NULL))
    ) STRICT;
    CREATE INDEX awaited_records_by_proposal ON awaited_records(connection_id, proposal_id);

    -- Suggestions of a record type refused because the connection's key lacks a permission: said
    -- before drafting more of them, until one of that type is accepted or the key changes.
    CREATE TABLE permission_refusals (
      connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      resource_type  TEXT NOT NULL,
      scope          TEXT,
      message        TEXT NOT NULL,
      refused_at     TEXT NOT NULL,
      PRIMARY KEY (connection_id, resource_type)
    ) STRICT;
  `,
};
