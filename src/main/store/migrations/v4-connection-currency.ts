// Schema version 4: the currency a connection's amounts are in.
import type { Migration } from './migrate';

export const CONNECTION_CURRENCY_MIGRATION: Migration = {
  version: 4,
  name: 'connection currency',
  sql: `
      -- The currency the service's amounts are in (ISO 4217, e.g. USD), per connection. NULL means
      -- "the currency of this computer's region", worked out when it is needed.
      ALTER TABLE connections ADD COLUMN currency TEXT
        CHECK (currency IS NULL OR (length(currency) = 3 AND currency GLOB '[A-Z][A-Z][A-Z]'));
    `,
};
