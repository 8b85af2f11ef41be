// The salvage itself, run in a process of its own (salvage-cli.ts) so that a file crafted to keep
// SQLite busy for ever can be stopped: carries every table a freshly migrated database has from the
// damaged file into the side file, row by row around damaged pages. Each table goes in one
// transaction together with its line in salvage_progress, so a salvage stopped part way leaves whole
// tables and says which.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { registerSqlFunctions } from '../sql-functions';
import { carriedTables } from './carried-tables';
import { isPlainTable, readAround } from './read-around';

/** Where the side file keeps what each table's salvage found, until the salvage is finished. */
export const PROGRESS_TABLE = 'salvage_progress';

export const PROGRESS_SQL = `CREATE TABLE ${PROGRESS_TABLE} (
  name     TEXT PRIMARY KEY,
  copied   INTEGER NOT NULL,
  failed   INTEGER NOT NULL,
  damaged  INTEGER NOT NULL,
  refused  INTEGER NOT NULL
) STRICT`;

/** What the salvage of one table found. */
export interface TableOutcome {
  name: string;
  /** Rows carried. */
  copied: number;
  /** Rows read that no longer fit the schema (or their table): left behind. */
  failed: number;
  /** Part of the table could not be read, or the budget for reading around damage ran out. */
  damaged: boolean;
  /** The damaged file holds something else under the table's name (a view, a virtual table). */
  refused: boolean;
}

/**
 * How many reads may fail in one table before the rest of it is given up: a damaged page holds a few
 * hundred rows at most, and a failed read costs about a tenth of a millisecond.
 */
export const READ_BUDGET = 20_000;

/** Carries every table from `damaged` (opened read-only) into `side` (freshly migrated). */
export function salvageInto(damaged: string, side: string, budget = READ_BUDGET): void {
  const old = new Database(damaged, { readonly: true, fileMustExist: true });
  const fresh = new Database(side, { fileMustExist: true });
  try {
    registerSqlFunctions(old);
    registerSqlFunctions(fresh);
    // Parents may be lost where their children were read: orphans are found once every table is in.
    fresh.pragma('foreign_keys = OFF');
    const record = fresh.prepare(
      `INSERT INTO ${PROGRESS_TABLE} (name, copied, failed, damaged, refused) VALUES (?, ?, ?, ?, ?)`,
    );
    for (const table of carriedTables(fresh)) {
      fresh.transaction(() => {
        const outcome = carryTable(old, fresh, table, budget);
        record.run(table, outcome.copied, outcome.failed, Number(outcome.damaged), Number(outcome.refused));
      })();
    }
  } finally {
    old.close();
    fresh.close();
  }
}

/** One table's rows, inserted one by one (none when the damaged file is older than the table). */
function carryTable(old: Db, fresh: Db, table: string, budget: number): TableOutcome {
  const outcome: TableOutcome = { name: table, copied: 0, failed: 0, damaged: false, refused: false };
  let plain: boolean;
  try {
    if (!tableNamed(old, table)) return outcome;
    plain = isPlainTable(old, table);
  } catch {
    return { ...outcome, damaged: true };
  }
  if (!plain) return { ...outcome, refused: true };
  const columns = sharedColumns(old, fresh, table);
  if (!columns) return { ...outcome, damaged: true };
  const insert = fresh.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  try {
    const read = readAround(old, table, columns, budget, (values) => {
      try {
        insert.run(...values);
        outcome.copied++;
      } catch {
        outcome.failed++;
      }
    });
    outcome.damaged = read.damaged || read.gaveUp;
  } catch {
    // The table's statements could not even be made (its definition is damaged).
    outcome.damaged = true;
  }
  return outcome;
}

/** Whether the damaged file has anything by that name (an older file may lack later tables). */
function tableNamed(old: Db, table: string): boolean {
  return (
    old.prepare('SELECT 1 FROM pragma_table_list WHERE name = ? COLLATE NOCASE').get(table) !== undefined
  );
}

/** The columns the table has in both files (an older file may lack later ones); undefined if none. */
function sharedColumns(old: Db, fresh: Db, table: string): string[] | undefined {
  try {
    const columnsOf = (db: Db) =>
      (db.pragma(`table_info("${table}")`) as Array<{ name: string }>).map((c) => c.name);
    const before = new Set(columnsOf(old));
    const now = columnsOf(fresh).filter((c) => before.has(c));
    return now.length ? now : undefined;
  } catch {
    return undefined;
  }
}
