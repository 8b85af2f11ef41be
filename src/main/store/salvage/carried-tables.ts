// The tables a salvage carries: every table of a freshly migrated database, named by that database and
// never by the damaged file (which may hold views or triggers under the same names), parents before
// the tables whose foreign keys point at them. The offline copy's listings and the records about them
// are left behind together: the copy is made again, and never claims to be complete when it is not.
import type { Database as Db } from 'better-sqlite3';

/** The offline copy's state: which listings exist and which collection uses which. Dropped together. */
export const OFFLINE_COPY_STATE: readonly string[] = ['offline_copy_collections', 'offline_copy_listings'];

/** Bookkeeping of the fresh database itself, never carried. */
const OWN = new Set(['schema_migrations', 'sqlite_sequence']);

/** The tables to carry from a damaged file into `fresh` (a freshly migrated database), parents first. */
export function carriedTables(fresh: Db): string[] {
  const tables = (
    fresh
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[]
  ).filter((name) => !OWN.has(name) && !OFFLINE_COPY_STATE.includes(name));
  const parents = new Map(
    tables.map((table) => [
      table,
      (fresh.pragma(`foreign_key_list("${table}")`) as Array<{ table: string }>)
        .map((fk) => fk.table)
        .filter((parent) => parent !== table && tables.includes(parent)),
    ]),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}
