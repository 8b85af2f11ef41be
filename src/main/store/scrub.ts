// Forgetting means gone. Deleting an offline copy or a connection marks the database (a trigger of
// schema version 9, in the deleting transaction); scrubbing then rebuilds the file without the pages
// the deleted data left, and deletes copies of the file moved aside as damaged, which hold the deleted
// data too. After that no byte of what was deleted is in any file PropDesk keeps. Deleted content
// inside pages still in use is zeroed as it is deleted (secure_delete = FAST, set when the store
// opens), which costs no extra writes.
//
// The rebuild never runs on main's thread: a process of its own (scrub-cli.ts) writes a rebuilt copy
// into a side file from one consistent snapshot while main goes on, and main swaps it in when its
// connection closes (at quit), provided main wrote nothing after the snapshot; otherwise the quit,
// with the window gone, rebuilds the file in place. Only a rebuild the quit had to cut short waits
// for the next start (after its window).
// A crash at any point leaves the database as it was, still marked, and a side file deleted at the
// next open; the swap is one rename, after the write-ahead log was folded into the file.
//
// Rebuilding needs room: what the database keeps, once more, on its disk. On a full disk the deletion
// itself has happened (it frees pages, it needs almost no room), the mark stays, and the scrub is done
// at a later start that has room; until then the user is told.
import type { Database } from 'better-sqlite3';
import { existsSync, readdirSync, renameSync, rmSync, statSync, statfsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { LaunchedProcess, ProcessLauncher } from '../connections/process-launcher';
import { isDiskFull } from './disk-full';
import { SCRUB_PENDING } from './scrub-pending';
import type { SettingsRepository } from './settings-repo';

export { SCRUB_PENDING } from './scrub-pending';

/** Free bytes on the file system holding `path`. */
export type FreeSpace = (path: string) => number;

export const freeSpace: FreeSpace = (path) => {
  const stats = statfsSync(path);
  return stats.bavail * stats.bsize;
};

/** What the user is told while deleted data waits for room to be scrubbed. */
export const SCRUB_DEFERRED =
  "What you deleted is gone from PropDesk, but this computer's disk is too full to clear the space it took in PropDesk's database file, so traces of it stay in that file for now. Free some space on the disk; PropDesk clears them at its next start.";

/** Room kept free beside what a rebuild writes. */
const MARGIN = 16 * 1024 * 1024;
/** Rebuilds tried in one run of the app while main keeps writing under them. */
const TRIES = 3;

/** The side file a scrub writes the rebuilt database into. */
export const scrubSide = (file: string) => `${file}.scrubbed`;

/** Main's writes so far: any change after a snapshot makes the rebuild from it stale. */
function writesOf(db: Database): string {
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck().get();
  return `${changes} ${String(db.pragma('schema_version', { simple: true }))}`;
}

export class Scrubber {
  private running: { child: LaunchedProcess; done: Promise<void> } | undefined;
  /** The side file is whole, made from a snapshot after which main had made these writes. */
  private ready: string | undefined;
  private tries = 0;

  constructor(
    private readonly db: Database,
    private readonly file: string,
    private readonly settings: SettingsRepository,
    private readonly free: FreeSpace = freeSpace,
  ) {
    // A side file left by a scrub cut short (a crash, a quit) is never used.
    if (file !== ':memory:') rmSync(scrubSide(file), { force: true });
  }

  /** Whether deleted data waits to be scrubbed from the file. */
  pending(): boolean {
    return this.settings.get(SCRUB_PENDING) === true;
  }

  /** Whether deleted data waits for room on the disk to be scrubbed. */
  deferred(): boolean {
    return this.pending() && this.file !== ':memory:' && !this.hasRoom();
  }

  /**
   * Starts rebuilding the file without what was deleted, in a process of its own, when there is room;
   * answers at once. Nothing to do, or a rebuild under way: nothing more.
   */
  start(launcher: ProcessLauncher): void {
    if (!this.pending() || this.running) return;
    if (this.file === ':memory:') return this.settings.delete(SCRUB_PENDING);
    if (this.tries >= TRIES || !this.hasRoom()) return;
    this.tries += 1;
    this.ready = undefined;
    const writes = writesOf(this.db);
    const child = launcher.launch({ args: [this.file, scrubSide(this.file)], env: {} });
    const done = Promise.all([child.exited, child.firstLine.catch(() => '')]).then(([code, line]) => {
      this.running = undefined;
      if (code !== 0 || line !== 'done') return void rmSync(scrubSide(this.file), { force: true });
      // Main wrote after the snapshot (another deletion among them): rebuilt again from a new one.
      if (writesOf(this.db) === writes) this.ready = writes;
      else this.start(launcher);
    });
    this.running = { child, done };
  }

  /** Resolves once no rebuild runs (one under way has ended). */
  async settled(): Promise<void> {
    while (this.running) await this.running.done;
  }

  /**
   * Closes main's connection once a rebuild under way has ended (stopped after `waitMs`), and swaps
   * the rebuilt file in when main wrote nothing after its snapshot. The database stays as it was
   * (still marked) whenever the swap is not sure to be whole.
   */
  async close(waitMs: number): Promise<void> {
    const running = this.running;
    let cutShort = false;
    if (running) {
      const timer = setTimeout(() => {
        cutShort = true;
        void running.child.stop();
      }, waitMs);
      await this.settled();
      clearTimeout(timer);
    }
    const swap = this.ready !== undefined && this.db.open && writesOf(this.db) === this.ready;
    // A running app writes every few minutes (the copy's refresh, the poll), so a rebuild finished
    // while it ran is usually out of date by the quit. The window is gone by then, so the quit
    // finishes the scrub in place rather than leave what was deleted in the file for another run.
    // Only a rebuild this quit had to stop waits for the next start.
    if (!swap && !cutShort && this.db.open && this.pending() && this.file !== ':memory:') this.inPlace();
    if (this.db.open) this.db.close();
    if (this.file === ':memory:') return;
    if (swap) this.swap();
    else rmSync(scrubSide(this.file), { force: true });
  }

  /** Closes main's connection at once: a rebuild under way is stopped and its side file deleted. */
  closeNow(): void {
    void this.running?.child.stop();
    if (this.db.open) this.db.close();
    if (this.file !== ':memory:' && !this.running) rmSync(scrubSide(this.file), { force: true });
  }

  /**
   * Rebuilds the file in place on main's connection (VACUUM), when the disk has room for it: the
   * rebuild's temporary copy and its log beside what the file keeps. On a full disk it stays marked.
   */
  private inPlace(): void {
    rmSync(scrubSide(this.file), { force: true });
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
      if (this.free(dirname(this.file)) < 2 * this.kept() + MARGIN) return;
      this.db.exec('VACUUM');
      this.settings.delete(SCRUB_PENDING);
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch (error) {
      if (isDiskFull(error)) return;
      throw error;
    }
    this.removeMovedAside();
  }

  /** The rebuilt file in place of the old one, its log folded in and gone: one rename. */
  private swap(): void {
    // Closing the last connection folds the log into the file and deletes it; a log left behind
    // belongs to the old file and would be read into the new one.
    const log = `${this.file}-wal`;
    if (existsSync(log) && statSync(log).size > 0) return void rmSync(scrubSide(this.file), { force: true });
    rmSync(`${this.file}-shm`, { force: true });
    rmSync(log, { force: true });
    renameSync(scrubSide(this.file), this.file);
    this.removeMovedAside();
  }

  /** A rebuild writes what the file keeps into the side file: room for it. */
  private hasRoom(): boolean {
    return this.free(dirname(this.file)) >= this.kept() + MARGIN;
  }

  /** The bytes of the pages the file keeps in use. */
  private kept(): number {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    const pages = this.db.pragma('page_count', { simple: true }) as number;
    const free = this.db.pragma('freelist_count', { simple: true }) as number;
    return (pages - free) * pageSize;
  }

  /** Copies of the database moved aside as damaged (with their logs) hold what was deleted too. */
  private removeMovedAside(): void {
    const prefix = `${basename(this.file)}.damaged-`;
    for (const name of readdirSync(dirname(this.file)))
      if (name.startsWith(prefix)) rmSync(join(dirname(this.file), name), { force: true });
  }
}
