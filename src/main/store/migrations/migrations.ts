// The database schema as an append-only list of migrations, one file each. Each runs once, in its own
// transaction, and is recorded in schema_migrations; a released migration is never edited, only
// followed by another.
import type { Migration } from './migrate';
import { CONNECTIONS_MIGRATION } from './v1-connections';
import { DRAFTS_OUTBOX_SUGGESTIONS_MIGRATION } from './v2-drafts-outbox-suggestions';
import { OFFLINE_COPY_MIGRATION } from './v3-offline-copy';
import { CONNECTION_CURRENCY_MIGRATION } from './v4-connection-currency';
import { SUBMISSION_SERVER_MIGRATION } from './v5-submission-server';
import { OFFLINE_INDEX_MIGRATION } from './v6-offline-index';
import { LISTING_TABLES_MIGRATION } from './v7-listing-tables';
import { OFFLINE_COPY_WORDS_MIGRATION } from './v8-offline-copy-words';
import { KEYS_BY_SERVER_MIGRATION } from './v9-keys-by-server';
import { PARTS_AND_REFUSALS_MIGRATION } from './v10-parts-and-refusals';
import { MAYBE_SENT_MIGRATION } from './v11-maybe-sent';
import { KEYS_TO_CONFIRM_MIGRATION } from './v12-keys-to-confirm';
import { SINCE_LAST_LOOKED_MIGRATION } from './v13-since-last-looked';

export const MIGRATIONS: readonly Migration[] = [
  CONNECTIONS_MIGRATION,
  DRAFTS_OUTBOX_SUGGESTIONS_MIGRATION,
  OFFLINE_COPY_MIGRATION,
  CONNECTION_CURRENCY_MIGRATION,
  SUBMISSION_SERVER_MIGRATION,
  OFFLINE_INDEX_MIGRATION,
  LISTING_TABLES_MIGRATION,
  OFFLINE_COPY_WORDS_MIGRATION,
  KEYS_BY_SERVER_MIGRATION,
  PARTS_AND_REFUSALS_MIGRATION,
  MAYBE_SENT_MIGRATION,
  KEYS_TO_CONFIRM_MIGRATION,
  SINCE_LAST_LOOKED_MIGRATION,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);
