// Opens PropDesk's one SQLite database: WAL, foreign keys, a busy timeout, an integrity check, a check
// that its schema holds nothing PropDesk never makes, and the migrations. A damaged file is not opened:
// DamagedStoreError says so, and recover.ts (asynchronous: its salvage runs in a process of its own)
// brings it back first. What a recovery kept and lost is read here, once, to be told.
import { isDiskFull } from './disk-full';
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { keepPrivate, makePrivateDir, makePrivateFile } from '../base/private-files';
import { ConnectionRepository } from './connection-repo';
import { ContractCacheRepository } from './contract-cache-repo';
import { DraftRepository } from './draft-repo';
import { KeychainRepository } from './keychain-repo';
import { OutboxRepository } from './outbox-repo';
import { PartsRepository } from './parts-repo';
import { SuggestionsRepository } from './suggestions-repo';
import { SinceRepository } from './since-repo';
import { ForeignSchemaError, IntegrityError, isDamage } from './damaged-file';
import { RECOVERED_KEY, storeRecoverySchema } from './recovery-notice';
import type { StoreRecovery } from './recovery-notice';
import { SALVAGE_TIME_LIMIT_MS, recoverDamaged } from './recover';
import type { SalvageLauncher } from './recover';
import { hasMarker } from './salvage/salvage-marker';
import { foreignSchemaObjects } from './schema-shape';
import { NewerSchemaError, migrate } from './migrations/migrate';
import type { Migration } from './migrations/migrate';
import { MIGRATIONS } from './migrations/migrations';
import { ListingTables } from './offline-copy/listing-tables';
import { OfflineCopyRepository } from './offline-copy/offline-copy-repo';
import { createRecordTextSource } from './offline-copy/record-text';
import { SchemaObjects } from './offline-copy/schema-objects';
import { SearchRepository } from './offline-copy/search-repo';
import { StatementCache } from './offline-copy/statement-cache';
import { PermissionRefusalsRepository } from './permission-refusals-repo';
import { Scrubber, freeSpace as defaultFreeSpace } from './scrub';
import type { FreeSpace } from './scrub';
import type { ProcessLauncher } from '../connections/process-launcher';
import { SettingsRepository } from './settings-repo';
import { registerSqlFunctions } from './sql-functions';

export interface StoreOptions {
  now?: () => Date;
  busyTimeoutMs?: number;
  /** For tests of later migrations; the app always uses MIGRATIONS. */
  migrations?: readonly Migration[];
  /** Free bytes where a path is (the disk's own answer in the app; a full disk in tests). */
  freeSpace?: FreeSpace;
}

export type { StoreRecovery } from './recovery-notice';

export interface Store {
  readonly file: string;
  readonly db: Db;
  readonly schemaVersion: number;
  /** Set when the database was damaged: what was dropped or salvaged, and where the file went. */
  readonly recovered?: StoreRecovery;
  readonly connections: ConnectionRepository;
  readonly contracts: ContractCacheRepository;
  readonly settings: SettingsRepository;
  /** What the OS keychain refused, to try again and to say. */
  readonly keychain: KeychainRepository;
  readonly drafts: DraftRepository;
  readonly outbox: OutboxRepository;
  readonly suggestions: SuggestionsRepository;
  /** Drafts sent in parts: the links of their changes and the created records the links wait for. */
  readonly parts: PartsRepository;
  /** Suggestions refused for a missing permission, per connection and record type. */
  readonly permissions: PermissionRefusalsRepository;
  readonly offlineCopies: OfflineCopyRepository;
  /** What changed at the service since the landlord last looked, per connection. */
  readonly since: SinceRepository;
  /** The offline copy's full-text index (written through `offlineCopies`, read by the search). */
  readonly search: SearchRepository;
  /**
   * Removes a connection and everything the store keeps of it (its offline copy's tables, which no
   * foreign key reaches, and through cascades its contract, drafts, outbox and suggestions), and
   * the active choice if it was active: one transaction.
   */
  removeConnection(id: string): void;
  /** Runs fn in one transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T;
  /**
   * Starts scrubbing the file of what was deleted (a forgotten copy, a removed connection) in a
   * process of its own, when there is room; answers at once. The scrubbed file is swapped in by
   * `closeScrubbed`.
   */
  scrub(launcher: ProcessLauncher): void;
  /** Resolves once no scrub runs. */
  scrubbed(): Promise<void>;
  /** Whether deleted data waits for room on the disk to be scrubbed from the file. */
  scrubDeferred(): boolean;
  /**
   * Closes the database once a scrub under way has ended (stopped after `waitMs`), with the scrubbed
   * file swapped in when it is whole.
   */
  closeScrubbed(waitMs: number): Promise<void>;
  /** Closes the database at once; a scrub under way is stopped and waits for a later run. */
  close(): void;
}

export class StoreOpenError extends Error {
  constructor(file: string, cause: unknown, space?: FreeSpace) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(
      isDiskFull(cause) || (isIoError(cause) && diskLooksFull(file, space))
        ? `PropDesk couldn't open its database at ${file}: the disk is full. Free some space on the disk, then start PropDesk again.`
        : `PropDesk couldn't open its database at ${file} (${detail}). Check that the folder exists and is writable, and that no other copy of PropDesk is using it.`,
      { cause },
    );
    this.name = 'StoreOpenError';
  }
}

/** The file cannot be used as it is (damaged, crafted, from a newer PropDesk, or mid-salvage). */
export class DamagedStoreError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`PropDesk's database at ${file} needs to be recovered first`, { cause });
    this.name = 'DamagedStoreError';
  }
}

/** A salvage was interrupted: the file in the database's place (if any) is not to be used. */
class InterruptedSalvage extends Error {
  constructor() {
    super('a salvage of the damaged database was interrupted');
  }
}

/** SQLite's "disk I/O error" family: on a full disk, writing the journal or the log fails this way. */
function isIoError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_IOERR');
}

/** Less room than a few pages on the disk of the database's folder. */
function diskLooksFull(file: string, space: FreeSpace | undefined): boolean {
  try {
    return (space ?? defaultFreeSpace)(dirname(file)) < 1024 * 1024;
  } catch {
    return false;
  }
}

/**
 * Checks an existing file read-only first: a read-write connection would fold a WAL into the damaged
 * file, or delete it, on close, and the copy moved aside should be exactly what was there.
 */
function inspect(file: string, migrations: readonly Migration[]): void {
  const known = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (file === ':memory:' || !existsSync(file) || statSync(file).size === 0) return;
  const probe = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = probe.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new IntegrityError(String(check).slice(0, 200));
    // Before any table is read: a view in a table's place would run whatever query it holds.
    const foreign = foreignSchemaObjects(probe, migrations);
    if (foreign) throw new ForeignSchemaError(foreign);
    const table = probe
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (table) {
      const row = probe.prepare('SELECT max(version) AS v FROM schema_migrations').get() as {
        v: number | null;
      };
      if ((row.v ?? 0) > known) throw new NewerSchemaError(row.v ?? 0, known);
    }
  } finally {
    probe.close();
  }
}

function openChecked(
  file: string,
  options: Required<Omit<StoreOptions, 'migrations' | 'freeSpace'>> & { migrations: readonly Migration[] },
): { db: Db; version: number } {
  // SQLite creates -wal and -shm with the database file's own mode (whatever the umask), so a 0600
  // database gets 0600 companions; ones an older version left readable are tightened here.
  if (file !== ':memory:') {
    makePrivateFile(file);
    for (const suffix of ['-wal', '-shm', '-journal']) keepPrivate(`${file}${suffix}`);
  }
  inspect(file, options.migrations);
  const db = new Database(file);
  try {
    registerSqlFunctions(db);
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
    // Reading a pragma is the first access to the file: a non-database fails here with SQLITE_NOTADB.
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // The page cache stays at its default (16 MB in this build): records are appended and indexes
    // are built by sorting (listing-tables.ts), and a larger cache only made those sorts slower at a
    // million records (in-memory runs too large for the processor's caches).
    db.pragma('foreign_keys = ON');
    // Deleted content inside pages still in use is zeroed when those pages are written anyway; what
    // whole freed pages held goes when the file is scrubbed (scrub.ts).
    db.pragma('secure_delete = FAST');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new IntegrityError(String(check).slice(0, 200));
    const version = migrate(db, options.migrations, options.now);
    return { db, version };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** What a recovery wrote into the file for the start-up notice, taken out so it is told once. */
function takeRecovery(db: Db): StoreRecovery | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(RECOVERED_KEY);
  if (row === undefined) return undefined;
  db.prepare('DELETE FROM settings WHERE key = ?').run(RECOVERED_KEY);
  try {
    return storeRecoverySchema.parse(JSON.parse(String(row)));
  } catch {
    return undefined;
  }
}

/**
 * Opens the store, recovering it first when it is damaged (or a salvage was interrupted): the one
 * way the app opens its database. `salvage` starts the salvage process; `timeLimitMs` bounds it.
 */
export async function openStoreRecovering(
  file: string,
  options: StoreOptions & { salvage: SalvageLauncher; timeLimitMs?: number },
): Promise<Store> {
  for (let attempt = 1; ; attempt++) {
    try {
      return openStore(file, options);
    } catch (error) {
      if (!(error instanceof DamagedStoreError) || attempt > RECOVERY_ATTEMPTS) throw error;
      await recoverStore(file, error, options);
    }
  }
}

/**
 * Recoveries tried in one start: a stale marker is cleared by the first, and the damage it hid is
 * then found and recovered by the second.
 */
export const RECOVERY_ATTEMPTS = 2;

/** Recovers the damaged store DamagedStoreError found; a failure is said as the store's own. */
export async function recoverStore(
  file: string,
  damaged: DamagedStoreError,
  options: StoreOptions & { salvage: SalvageLauncher; timeLimitMs?: number },
): Promise<void> {
  try {
    await recoverDamaged(file, damaged.cause, {
      salvage: options.salvage,
      now: options.now ?? (() => new Date()),
      migrations: options.migrations ?? MIGRATIONS,
      timeLimitMs: options.timeLimitMs ?? SALVAGE_TIME_LIMIT_MS,
    });
  } catch (error) {
    throw new StoreOpenError(file, error, options.freeSpace);
  }
}

export function openStore(file: string, options: StoreOptions = {}): Store {
  const resolved = {
    now: options.now ?? (() => new Date()),
    busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
    migrations: options.migrations ?? MIGRATIONS,
  };
  if (file !== ':memory:') makePrivateDir(dirname(file));
  if (file !== ':memory:' && hasMarker(file)) throw new DamagedStoreError(file, new InterruptedSalvage());
  let opened: { db: Db; version: number };
  try {
    opened = openChecked(file, resolved);
  } catch (error) {
    if (file !== ':memory:' && isDamage(error)) throw new DamagedStoreError(file, error);
    throw new StoreOpenError(file, error, options.freeSpace);
  }
  const { db, version } = opened;
  const recovered = takeRecovery(db);
  const now = resolved.now;
  const transaction = <T>(fn: () => T): T => db.transaction(fn)();
  const settings = new SettingsRepository(db, now);
  const contracts = new ContractCacheRepository(db);
  const drafts = new DraftRepository(db, now);
  const suggestions = new SuggestionsRepository(db, now);
  const parts = new PartsRepository(db, now, drafts);
  const permissions = new PermissionRefusalsRepository(db);
  const connections = new ConnectionRepository(db, settings, now);
  const schema = new SchemaObjects(db);
  const statements = new StatementCache(db);
  const search = new SearchRepository(db, schema, statements);
  const recordText = createRecordTextSource({
    hash: (id) => contracts.hash(id),
    json: (id) => contracts.get(id)?.json,
  });
  const since = new SinceRepository(db, now);
  const offlineCopies = new OfflineCopyRepository(
    db,
    now,
    new ListingTables(db, schema),
    search,
    recordText,
    statements,
    since,
  );
  offlineCopies.tidy();
  // What was deleted and not yet scrubbed (a full disk, a quit before the rebuild ended) is scrubbed
  // once the app's window is shown: never before it.
  const scrubber = new Scrubber(db, file, settings, options.freeSpace);
  return {
    file,
    db,
    schemaVersion: version,
    ...(recovered ? { recovered } : {}),
    connections,
    contracts,
    settings,
    keychain: new KeychainRepository(db, now),
    drafts,
    outbox: new OutboxRepository(db, now, drafts, suggestions, parts, permissions),
    suggestions,
    parts,
    permissions,
    offlineCopies,
    since,
    search,
    removeConnection: (id) =>
      transaction(() => {
        offlineCopies.forget(id);
        connections.remove(id);
      }),
    transaction,
    scrub: (launcher) => scrubber.start(launcher),
    scrubbed: () => scrubber.settled(),
    scrubDeferred: () => scrubber.deferred(),
    closeScrubbed: (waitMs) => scrubber.close(waitMs),
    close: () => scrubber.closeNow(),
  };
}
