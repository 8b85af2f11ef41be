// Damage that only the offline copy holds costs only those listings: the pages the integrity check
// names are mapped to their tables (through dbstat, and the trees' root pages in the schema); when all
// of them belong to listings of the copy, those listings and their collections are dropped in place
// and the file rebuilt. Only tried on a file whose schema is PropDesk's own (schema-shape.ts), so what
// it runs and the triggers its deletes fire are PropDesk's.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { collectionWords } from '../../../shared/service';
import { registerSqlFunctions } from '../sql-functions';

/** Tables of the offline copy: one listing's records or search index, or the copy's own state. */
const LISTING_TABLE = /^listing_(rows|search)_(\d+)(_\w+)?$/;

/**
 * When every damaged page belongs to listings of the offline copy: drops those listings (and the
 * collections they belong to), then `record`s the outcome in the same file, and returns the
 * collections; undefined when the damage is elsewhere, cannot be placed, or dropping does not leave a
 * sound file.
 */
export function dropDamagedListings(
  file: string,
  record: (db: Db, collections: string[]) => void,
): string[] | undefined {
  let db: Db | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    // The copy's indexes use PropDesk's own functions: checking or dropping them needs them too.
    registerSqlFunctions(db);
    const listings = damagedListings(db);
    if (!listings) return undefined;
    const found = listings.size ? [...listings].join(', ') : '0';
    const collections = db
      .prepare(
        `SELECT DISTINCT collection FROM offline_copy_collections
         WHERE live_listing IN (${found}) OR staging_listing IN (${found})`,
      )
      .pluck()
      .all() as string[];
    forgetListings(db, listings, found);
    db.exec('VACUUM');
    // The rebuild has scrubbed the file as well.
    db.prepare("DELETE FROM settings WHERE key = 'scrubPending'").run();
    if (db.pragma('integrity_check', { simple: true }) !== 'ok') return undefined;
    const words = collections.map(collectionWords);
    record(db, words);
    return words;
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/**
 * Takes the damaged listings out of the schema, with the collections using them. Dropping a table
 * reads its pages to free them, and a damaged page stops that: the listings leave the schema instead
 * (writable_schema, allowed only in unsafe mode), and the rebuild leaves their pages behind.
 */
function forgetListings(db: Db, listings: Set<number>, found: string): void {
  const tables = [...listings].flatMap((n) => [`listing_rows_${n}`, `listing_search_${n}`]);
  const named = tables.map((t) => `'${t}'`).join(', ');
  const shadows = [...listings].map((n) => `tbl_name GLOB 'listing_search_${n}_*'`).join(' OR ');
  db.unsafeMode(true);
  try {
    db.pragma('writable_schema = ON');
    db.transaction(() => {
      db.exec(`DELETE FROM sqlite_schema WHERE tbl_name IN (${named})${shadows ? ` OR ${shadows}` : ''}`);
      // The collection starts again: its other listing goes too (its tables when the store tidies).
      const ofCollections = `SELECT live_listing FROM offline_copy_collections WHERE live_listing IN (${found}) OR staging_listing IN (${found})
        UNION SELECT staging_listing FROM offline_copy_collections WHERE live_listing IN (${found}) OR staging_listing IN (${found})`;
      db.exec(
        `DELETE FROM offline_copy_listings WHERE listing IN (${found}) OR listing IN (${ofCollections})`,
      );
      db.exec(
        `DELETE FROM offline_copy_collections WHERE live_listing IN (${found}) OR staging_listing IN (${found})`,
      );
    })();
  } finally {
    db.pragma('writable_schema = RESET');
    db.unsafeMode(false);
  }
}

/** The listings whose tables hold every damaged page; undefined when any page is elsewhere or unknown. */
function damagedListings(db: Db): Set<number> | undefined {
  const tables = damagedTables(db);
  if (!tables) return undefined;
  const listings = new Set<number>();
  for (const table of tables) {
    const match = LISTING_TABLE.exec(table);
    if (!match) return undefined;
    listings.add(Number(match[2]));
  }
  return listings;
}

/**
 * The tables holding the pages the quick check names (through the trees' root pages, dbstat and the
 * indexes' tables); when the check itself stops on a damaged page, the tables that cannot be read to
 * their end. Undefined when a damaged page cannot be placed.
 */
function damagedTables(db: Db): Set<string> | undefined {
  let report: string;
  try {
    // The quick check reads each page once; the full one also reads tables through their indexes,
    // and stops at a damaged page with an error instead of a report more often.
    report = (db.pragma('quick_check(200)', { simple: false }) as Array<Record<string, string>>)
      .map((row) => Object.values(row)[0] ?? '')
      .join('\n');
  } catch {
    return unreadableTables(db);
  }
  if (report === 'ok') return new Set();
  const tables = new Set<string>();
  const pageOwner = db.prepare<[number], string>('SELECT name FROM dbstat WHERE pageno = ?').pluck();
  const rootOwner = db
    .prepare<[number], string>('SELECT tbl_name FROM sqlite_schema WHERE rootpage = ?')
    .pluck();
  const indexOwner = db
    .prepare<[string], string>('SELECT tbl_name FROM sqlite_schema WHERE name = ?')
    .pluck();
  const tableOf = (name: string | undefined) => (name ? (indexOwner.get(name) ?? name) : undefined);
  for (const line of report.split('\n')) {
    if (line.startsWith('*** in database')) continue;
    // "Tree <root> page <n>": the page is in that tree, even when it is too damaged for dbstat to read.
    const trees = [...line.matchAll(/\bTree (\d+)/g)].map((m) => rootOwner.get(Number(m[1])));
    const owners = trees.length
      ? trees
      : [
          ...[...line.matchAll(/\bpage (\d+)/gi)].map((m) => tableOf(pageOwner.get(Number(m[1])))),
          ...[...line.matchAll(/from index (\S+)/g)].map((m) => tableOf(m[1])),
        ];
    // A line that names no page or tree, or a page no table owns, cannot be placed.
    if (owners.length === 0 || owners.some((o) => o === undefined)) return undefined;
    for (const owner of owners) tables.add(owner!);
  }
  return tables;
}

/** The tables that cannot be read to their end; undefined when every one can (the damage is elsewhere). */
function unreadableTables(db: Db): Set<string> | undefined {
  const names = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    .pluck()
    .all() as string[];
  const unreadable = new Set<string>();
  for (const name of names) {
    try {
      for (const row of db.prepare(`SELECT * FROM "${name}"`).raw().iterate()) void row;
    } catch {
      unreadable.add(name);
    }
  }
  return unreadable.size ? unreadable : undefined;
}
