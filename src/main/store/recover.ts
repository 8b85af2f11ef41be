// A damaged database costs only what is damaged. The pages the integrity check names are mapped to
// their tables (through dbstat, and the trees' root pages in the schema); when all of them belong to
// the offline copy, those listings are dropped and everything else stays as it is (the copy is made
// again). Otherwise the file is moved aside and what the user made is carried into a fresh database
// row by row (better-sqlite3 is built without SQLite's recovery extension): connections, settings,
// drafts, the outbox, tracked suggestions and what the keychain refused. A row that cannot be read or
// no longer fits is left behind and counted. The result says what was kept and what was lost.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { IntegrityError, damageReason, moveAside } from './damaged-file';
import { NewerSchemaError } from './migrations/migrate';
import { registerSqlFunctions } from './sql-functions';
import { collectionWords } from '../../shared/service';

/** What happened to a database that could not be used as it was. */
export interface StoreRecovery {
  /** Why, in plain words. */
  reason: string;
  /** What SQLite said, for the log. */
  detail: string;
  /** Where the damaged file was moved (kept for support), when it was. */
  movedTo?: string;
  /** What came through, in words ("2 connections"); empty when nothing could be read. */
  kept: string[];
  /** What was lost, in words. */
  lost: string[];
}

/** Tables of the offline copy: one listing's records or search index, or the copy's own state. */
const LISTING_TABLE = /^listing_(rows|search)_(\d+)(_\w+)?$/;

/** What the user made, carried over in this order (parents before the rows that point at them). */
const SALVAGED = [
  'connections',
  'settings',
  'contract_cache',
  'trusted_origins',
  'keychain_pending',
  'offline_copy_settings',
  'drafts',
  'draft_changes',
  'submissions',
  'tracked_batches',
  'tracked_proposals',
  'proposal_events',
] as const;

/** How each salvaged table is named to the user (tables not named here are carried over silently). */
const WORDS: Partial<Record<(typeof SALVAGED)[number], [string, string]>> = {
  connections: ['connection', 'connections'],
  drafts: ['draft', 'drafts'],
  submissions: ['submission in the outbox', 'submissions in the outbox'],
  tracked_batches: ['tracked suggestion batch', 'tracked suggestion batches'],
};

/**
 * Recovers from damage found when opening `file`: drops the damaged offline-copy listings in place,
 * or moves the file aside and salvages into the fresh database `openFresh` makes there.
 */
export function recoverDamaged<T extends { db: Db }>(
  file: string,
  error: unknown,
  now: Date,
  openFresh: () => T,
): { opened: T; recovered: StoreRecovery } {
  const reason =
    error instanceof IntegrityError ? 'a check of the file found damaged pages' : damageReason(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof IntegrityError) {
    const dropped = dropDamagedListings(file);
    if (dropped) {
      const lost = dropped.length
        ? [`the offline copy of ${listWords(dropped)} (update the offline copy to read it again)`]
        : [];
      return { opened: openFresh(), recovered: { reason, detail, kept: ['everything else'], lost } };
    }
  }
  const movedTo = moveAside(file, now);
  const opened = openFresh();
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof NewerSchemaError || code === 'SQLITE_NOTADB')
    return { opened, recovered: { reason, detail, movedTo, kept: [], lost: ['everything it held'] } };
  return { opened, recovered: { reason, detail, movedTo, ...salvage(movedTo, opened.db) } };
}

/**
 * When every damaged page belongs to listings of the offline copy: drops those listings (and the
 * collections they belong to) and returns the collections; undefined when the damage is elsewhere,
 * cannot be placed, or dropping does not leave a sound file.
 */
function dropDamagedListings(file: string): string[] | undefined {
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
    const tables = [...listings].flatMap((n) => [`listing_rows_${n}`, `listing_search_${n}`]);
    const named = tables.map((t) => `'${t}'`).join(', ');
    const shadows = [...listings].map((n) => `tbl_name GLOB 'listing_search_${n}_*'`).join(' OR ');
    // Dropping a table reads its pages to free them, and a damaged page stops that: the damaged
    // listings leave the schema instead (writable_schema, allowed only in unsafe mode), and the
    // rebuild below leaves their pages behind.
    db.unsafeMode(true);
    try {
      db.pragma('writable_schema = ON');
      db.transaction(() => {
        db!.exec(`DELETE FROM sqlite_schema WHERE tbl_name IN (${named})${shadows ? ` OR ${shadows}` : ''}`);
        // The collection starts again: its other listing goes too (its tables when the store tidies).
        const ofCollections = `SELECT live_listing FROM offline_copy_collections WHERE live_listing IN (${found}) OR staging_listing IN (${found})
          UNION SELECT staging_listing FROM offline_copy_collections WHERE live_listing IN (${found}) OR staging_listing IN (${found})`;
        db!.exec(
          `DELETE FROM offline_copy_listings WHERE listing IN (${found}) OR listing IN (${ofCollections})`,
        );
        db!.exec(
          `DELETE FROM offline_copy_collections WHERE live_listing IN (${found}) OR staging_listing IN (${found})`,
        );
      })();
    } finally {
      db.pragma('writable_schema = RESET');
      db.unsafeMode(false);
    }
    db.exec('VACUUM');
    // The rebuild has scrubbed the file as well.
    db.prepare("DELETE FROM settings WHERE key = 'scrubPending'").run();
    if (db.pragma('integrity_check', { simple: true }) !== 'ok') return undefined;
    return collections.map((c) => collectionWords(c));
  } catch {
    return undefined;
  } finally {
    db?.close();
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

/** Carries what the user made from the damaged file into the fresh database, row by row. */
function salvage(damaged: string, fresh: Db): { kept: string[]; lost: string[] } {
  const kept: string[] = [];
  const lost: string[] = [];
  let old: Db;
  try {
    old = new Database(damaged, { readonly: true, fileMustExist: true });
    registerSqlFunctions(old);
  } catch {
    return { kept, lost: ['everything it held'] };
  }
  try {
    fresh.pragma('foreign_keys = OFF');
    for (const table of SALVAGED) {
      const { copied, failed, unreadable } = salvageTable(old, fresh, table);
      const words = WORDS[table];
      if (!words) continue;
      const shown = table === 'connections' ? copied - demoRows(fresh) : copied;
      if (shown > 0) kept.push(count(shown, words));
      if (failed > 0) lost.push(count(failed, words));
      else if (unreadable) lost.push(`some ${words[1]} that could not be read`);
    }
    // Rows whose parents were lost would point at nothing: they go too, counted with their kind.
    const orphans = fresh.pragma('foreign_key_check') as Array<{ table: string; rowid: number }>;
    for (const { table, rowid } of orphans)
      fresh.prepare(`DELETE FROM "${table}" WHERE rowid = ?`).run(rowid);
  } finally {
    fresh.pragma('foreign_keys = ON');
    old.close();
  }
  lost.push('the offline copy (PropDesk makes it again)');
  return { kept, lost };
}

/** Rows of one table, read in rowid order and inserted one by one; a damaged stretch is skipped. */
function salvageTable(
  old: Db,
  fresh: Db,
  table: string,
): { copied: number; failed: number; unreadable: boolean } {
  const result = { copied: 0, failed: 0, unreadable: false };
  const columns = sharedColumns(old, fresh, table);
  if (!columns) return result;
  const names = columns.map((c) => `"${c}"`).join(', ');
  let read;
  let insert;
  try {
    read = old.prepare(
      `SELECT rowid AS "__rowid", ${names} FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT 200`,
    );
    insert = fresh.prepare(`INSERT INTO "${table}" (${names}) VALUES (${columns.map(() => '?').join(', ')})`);
  } catch {
    result.unreadable = true;
    return result;
  }
  let after = Number.MIN_SAFE_INTEGER;
  let skip = 1;
  for (;;) {
    let rows: Array<Record<string, unknown>>;
    try {
      rows = read.all(after) as Array<Record<string, unknown>>;
      skip = 1;
    } catch {
      // A damaged page: try further on, further each time, until rows come back or none are left.
      result.unreadable = true;
      if (skip > 2 ** 40) break;
      after = after === Number.MIN_SAFE_INTEGER ? skip : after + skip;
      skip *= 2;
      continue;
    }
    if (rows.length === 0) break;
    for (const row of rows) {
      after = Number(row.__rowid);
      try {
        insert.run(...columns.map((c) => row[c]));
        result.copied++;
      } catch {
        result.failed++;
      }
    }
  }
  return result;
}

/** The columns a table has in both databases (an older file may lack later ones); undefined if either lacks it. */
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

function demoRows(db: Db): number {
  return db.prepare("SELECT count(*) FROM connections WHERE kind = 'demo'").pluck().get() as number;
}

function count(n: number, [one, many]: [string, string]): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function listWords(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** What the user is told about a recovered database, once, at start-up. */
export function recoveryNotice(recovered: StoreRecovery): string {
  const kept = recovered.kept.length ? listWords(recovered.kept) : undefined;
  const lost = recovered.lost.length ? listWords(recovered.lost) : undefined;
  if (!recovered.movedTo)
    return `Part of PropDesk's database was damaged (${recovered.reason}). PropDesk deleted ${lost ?? 'it'} and kept ${kept ?? 'everything else'}.`;
  const where = `The damaged file was moved aside to ${recovered.movedTo} and is kept for support.`;
  if (!kept)
    return `PropDesk could not read its database (${recovered.reason}), so it started a fresh one. Add your connections again. ${where}`;
  return `PropDesk's database was damaged (${recovered.reason}), so PropDesk started a fresh one and carried over what it could read: ${kept}. Lost: ${lost ?? 'nothing else'}. ${where}`;
}
