// SQL functions PropDesk's schema relies on, registered on every connection before it is used: the
// indexes of schema version 4 are built on them, so writing an indexed row needs them too.
import type { Database } from 'better-sqlite3';

export function registerSqlFunctions(db: Database): void {
  // JavaScript's lower-casing, which is what the service compares city and state with; SQLite's own
  // lower() changes ASCII letters only.
  db.function('unicode_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : null,
  );
}
