// A damaged database costs only what is damaged, and never hangs the start. When all the damage is in
// listings of the offline copy, those listings are dropped in place (drop-damaged-listings.ts).
// Otherwise the file is moved aside, a marker naming it is written first, and what the user made is
// carried row by row into a fresh side file by a process of its own (salvage-cli.ts), stopped if it
// takes longer than its time limit; the side file then takes the database's place, and the marker
// goes. A start that finds the marker (a salvage interrupted) salvages again from the damaged file.
// What was kept and lost is written into the recovered file, for openStore to tell once.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import { makePrivateFile } from '../base/private-files';
import { IntegrityError, asideName, damageReason, moveAside } from './damaged-file';
import { NewerSchemaError, migrate } from './migrations/migrate';
import type { Migration } from './migrations/migrate';
import { EVERYTHING, RECOVERED_KEY } from './recovery-notice';
import type { StoreRecovery } from './recovery-notice';
import { dropDamagedListings } from './salvage/drop-damaged-listings';
import { finishSalvage } from './salvage/finish-salvage';
import type { SalvageEnd } from './salvage/finish-salvage';
import { PROGRESS_SQL } from './salvage/salvage-into';
import {
  hasMarker,
  readMarker,
  removeDatabase,
  removeMarker,
  sideFile,
  writeMarker,
} from './salvage/salvage-marker';
import type { SalvageMarker } from './salvage/salvage-marker';
import { registerSqlFunctions } from './sql-functions';

/** Starts the salvage program as a process of its own (Electron's utilityProcess in the app). */
export interface SalvageLauncher {
  launch(options: { args: string[]; env: Record<string, string> }): {
    firstLine: Promise<string>;
    exited: Promise<number | null>;
    stop(): Promise<void>;
  };
}

export interface RecoverOptions {
  salvage: SalvageLauncher;
  now: () => Date;
  migrations: readonly Migration[];
  /** How long the salvage process may run before it is stopped and what it carried is used. */
  timeLimitMs: number;
}

/** A minute: a salvage reads only what the user made (never the offline copy), in seconds. */
export const SALVAGE_TIME_LIMIT_MS = 60_000;

/**
 * Brings `file` back to a usable database after `error` (what opening it found), or after a salvage
 * that was interrupted (its marker): drops damaged listings in place, or salvages into a fresh file.
 */
export async function recoverDamaged(file: string, error: unknown, o: RecoverOptions): Promise<void> {
  const marker = readMarker(file);
  if (marker && existsSync(marker.damaged)) return salvage(file, marker, o);
  if (hasMarker(file)) {
    // The damaged file it names was never moved (the start stopped in between), so the database file
    // is as it was: opened again, it is checked again.
    removeMarker(file);
    return;
  }
  const reason =
    error instanceof IntegrityError ? 'a check of the file found damaged pages' : damageReason(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof IntegrityError) {
    const dropped = dropDamagedListings(file, (db, collections) =>
      recordRecovery(db, o.now(), {
        reason,
        detail,
        kept: ['everything else'],
        lost: collections.length
          ? [`the offline copy of ${collections.join(', ')} (update the offline copy to read it again)`]
          : [],
      }),
    );
    if (dropped) return;
  }
  const movedTo = asideName(file, o.now());
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof NewerSchemaError || code === 'SQLITE_NOTADB') {
    moveAside(file, movedTo);
    replaceWithFresh(file, o, { reason, detail, movedTo, kept: [], lost: [EVERYTHING] });
    return;
  }
  const next: SalvageMarker = { damaged: movedTo, reason, detail };
  writeMarker(file, next);
  moveAside(file, movedTo);
  return salvage(file, next, o);
}

/** Salvages from the damaged file the marker names into a side file, then puts it in place. */
async function salvage(file: string, marker: SalvageMarker, o: RecoverOptions): Promise<void> {
  const side = sideFile(file);
  // Whatever a salvage before left (half made, or made and never confirmed) starts again.
  removeDatabase(file);
  removeDatabase(side);
  createFresh(side, o, (db) => db.exec(PROGRESS_SQL));
  const end = await runBounded(o.salvage, [marker.damaged, side], o.timeLimitMs);
  finishSalvage(
    side,
    end,
    { reason: marker.reason, detail: marker.detail, movedTo: marker.damaged },
    o.now(),
  );
  renameSync(side, file);
  removeMarker(file);
}

/** Runs the salvage process, stopping it at the time limit. */
async function runBounded(launcher: SalvageLauncher, args: string[], limitMs: number): Promise<SalvageEnd> {
  let launched: ReturnType<SalvageLauncher['launch']>;
  try {
    launched = launcher.launch({ args, env: {} });
  } catch {
    return { kind: 'failed' };
  }
  launched.firstLine.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), limitMs)));
  try {
    const code = await Promise.race([launched.exited, late]);
    if (code !== 'late') return code === 0 ? { kind: 'done' } : { kind: 'failed' };
    await launched.stop();
    return { kind: 'stopped', afterSeconds: Math.round(limitMs / 1000) };
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh database where the damaged one was, saying that nothing could be read. */
function replaceWithFresh(file: string, o: RecoverOptions, recovery: StoreRecovery): void {
  const side = sideFile(file);
  removeDatabase(side);
  createFresh(side, o, (db) => recordRecovery(db, o.now(), recovery));
  renameSync(side, file);
}

/** A freshly migrated database at `path`, private to the user, with `then` done in it. */
function createFresh(path: string, o: RecoverOptions, then: (db: Db) => void): void {
  makePrivateFile(path);
  const db = new Database(path);
  try {
    registerSqlFunctions(db);
    migrate(db, o.migrations, o.now);
    then(db);
  } finally {
    db.close();
  }
}

function recordRecovery(db: Db, now: Date, recovery: StoreRecovery): void {
  db.prepare('INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run(
    RECOVERED_KEY,
    JSON.stringify(recovery),
    now.toISOString(),
  );
}
