// Reads one table of a damaged file row by row, in rowid order, around the pages that cannot be read.
// A scan goes on until it meets damage; from the last row it read, each rowid is then read on its own
// (a point read lands on one leaf page, so only the rows of a damaged page fail) until a row or a gap
// on a readable page lets the scan go on. Point reads that fail are counted against a budget, so a
// file whose damage claims a huge range of rowids cannot keep the salvage busy for long: every read
// either hands on a row or counts against the budget.
import type { Database as Db, Statement } from 'better-sqlite3';

export interface ReadOutcome {
  /** Rows read and handed on. */
  read: number;
  /** Whether some part of the table could not be read (rows there are lost). */
  damaged: boolean;
  /** Whether the budget ran out before the table's last rowid was reached. */
  gaveUp: boolean;
}

/** Failed reads one after another that end the table's salvage when its last rowid is unknown. */
const UNBOUNDED_RUN = 2_000;

/** Whether `name` in the damaged file is a plain table: never a view, a virtual table or anything else. */
export function isPlainTable(db: Db, name: string): boolean {
  const types = db
    .prepare("SELECT type FROM pragma_table_list WHERE schema = 'main' AND name = ? COLLATE NOCASE")
    .pluck()
    .all(name) as string[];
  return types.length === 1 && types[0] === 'table';
}

/**
 * Hands each readable row of `table` (its `columns`, integers exact) to `onRow`, in rowid order;
 * `onRow` must not throw. `budget`: how many reads may fail before the rest of the table is given up.
 */
export function readAround(
  db: Db,
  table: string,
  columns: readonly string[],
  budget: number,
  onRow: (values: unknown[]) => void,
): ReadOutcome {
  const names = columns.map((c) => `"${c}"`).join(', ');
  const from = `FROM "${table}"`;
  const scan = db
    .prepare(`SELECT rowid, ${names} ${from} WHERE rowid >= ? ORDER BY rowid`)
    .raw()
    .safeIntegers();
  const point = db.prepare(`SELECT rowid, ${names} ${from} WHERE rowid = ?`).raw().safeIntegers();
  const outcome: ReadOutcome = { read: 0, damaged: false, gaveUp: false };
  let next: bigint = -(2n ** 63n);
  let failures = 0;
  for (;;) {
    const stopped = scanFrom(scan, next, (row) => {
      next = (row[0] as bigint) + 1n;
      outcome.read++;
      onRow(row.slice(1));
    });
    if (!stopped) return outcome;
    outcome.damaged = true;
    failures++;
    // The first rowid a table gets is 1: damage before any row was read is read on from there.
    if (next < 1n && outcome.read === 0) next = 1n;
    const last = lastRowid(db, table);
    let resumed = false;
    let inARow = 0;
    while (!resumed && (last === undefined || next <= last)) {
      // With no last rowid to read up to, reads that fail one after another past what a damaged page
      // can hold mean the rest of the table is out of reach (its root page, say).
      if (failures >= budget || (last === undefined && inARow >= UNBOUNDED_RUN)) {
        outcome.gaveUp = true;
        return outcome;
      }
      const at = next;
      next = at + 1n;
      try {
        const row = point.get(at) as unknown[] | undefined;
        if (row) {
          outcome.read++;
          onRow(row.slice(1));
        }
        // A row, or no row on a readable page: the scan can go on from here.
        resumed = true;
      } catch {
        failures++;
        inARow++;
      }
    }
    if (!resumed) return outcome;
  }
}

/** Runs the scan from `from`; true when it stopped at damage, false when it reached the end. */
function scanFrom(scan: Statement, from: bigint, onRow: (row: unknown[]) => void): boolean {
  try {
    for (const row of scan.iterate(from) as IterableIterator<unknown[]>) onRow(row);
    return false;
  } catch {
    return true;
  }
}

/** The table's largest rowid, or undefined when the page that holds it cannot be read. */
function lastRowid(db: Db, table: string): bigint | undefined {
  try {
    const last = db.prepare(`SELECT max(rowid) FROM "${table}"`).pluck().safeIntegers().get();
    return typeof last === 'bigint' ? last : 0n;
  } catch {
    return undefined;
  }
}
