// Schema version 13: what changed at the service since the landlord last looked. Per connection the
// mark (when they last said "seen"), the state each record had at the mark before a refresh first
// changed it (copy-on-write: only records that changed are kept, so a digest compares the mark with
// now without a second copy), the urgent requests a desktop notification already told of, and who
// decided each tracked suggestion where the service says so.
import type { Migration } from './migrate';

export const SINCE_LAST_LOOKED_MIGRATION: Migration = {
  version: 13,
  name: 'what changed since the landlord last looked, and who decided',
  sql: `
    CREATE TABLE since_marks (
      connection_id  TEXT PRIMARY KEY REFERENCES connections(id) ON DELETE CASCADE,
      marked_at      TEXT NOT NULL
    ) STRICT;

    -- before: the record as the copy held it at the mark; NULL when the copy did not hold it then.
    -- settled: 0 while the pass that found the change has not ended (a pass stopped half way adds
    -- nothing to the digest), 1 once it has; settled_at says when, for "Mark as seen" up to a moment.
    CREATE TABLE since_changes (
      connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      collection     TEXT NOT NULL,
      record_id      TEXT NOT NULL,
      before         TEXT CHECK (before IS NULL OR json_valid(before)),
      settled        INTEGER NOT NULL CHECK (settled IN (0, 1)),
      settled_at     TEXT,
      PRIMARY KEY (connection_id, collection, record_id)
    ) STRICT;

    CREATE TABLE since_told (
      connection_id  TEXT NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
      record_id      TEXT NOT NULL,
      told_at        TEXT NOT NULL,
      PRIMARY KEY (connection_id, record_id)
    ) STRICT;

    ALTER TABLE tracked_proposals ADD COLUMN decided_by TEXT;
  `,
};
