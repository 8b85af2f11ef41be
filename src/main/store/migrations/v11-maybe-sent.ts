// Schema version 11: drafts that may already have been sent. When a damaged database is salvaged and a
// draft being submitted has lost its submission (the outbox row with its key and body), nobody can say
// whether the service recorded the batch. The draft becomes editable again instead of "submitting" for
// ever, marked since when, and is never sent again without the user's word; a batch the suggestions
// poll later finds with the draft's label is named beside it, in the transaction that records it.
import type { Migration } from './migrate';

export const MAYBE_SENT_MIGRATION: Migration = {
  version: 11,
  name: 'drafts that may already have been sent',
  sql: `
    ALTER TABLE drafts ADD COLUMN maybe_sent_since TEXT;
    ALTER TABLE drafts ADD COLUMN maybe_sent_batch TEXT;

    CREATE TRIGGER maybe_sent_found AFTER INSERT ON tracked_batches
      WHEN new.origin = 'external' AND new.label IS NOT NULL
    BEGIN
      UPDATE drafts SET maybe_sent_batch = new.batch_id
       WHERE connection_id = new.connection_id AND label = new.label
         AND maybe_sent_since IS NOT NULL AND maybe_sent_batch IS NULL;
    END;
  `,
};
