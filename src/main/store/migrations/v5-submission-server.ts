// Schema version 5: the server each submission was made for, so one queued before a connection
// moved to another server is held until the user agrees to send it there.
import type { Migration } from './migrate';

export const SUBMISSION_SERVER_MIGRATION: Migration = {
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
};
