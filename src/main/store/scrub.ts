// Forgetting means gone. Deleting an offline copy or a connection marks the database (a trigger of
// schema version 9, in the deleting transaction); scrubbing then folds the write-ahead log into the
// file and truncates it, rebuilds the file without the deleted pages (VACUUM), truncates the log again
// and deletes copies of the file moved aside as damaged, which hold the deleted data too. After that no
// byte of what was deleted is in any file PropDesk keeps. Deleted content inside pages still in use is
// zeroed as it is deleted (secure_delete = FAST, set when the store opens), which costs no extra writes.
//
// Rebuilding needs room: about twice what the database keeps, on the disk of the database and of the
// temporary folder. On a full disk the deletion itself has happened (it frees pages, it needs almost
// no room), the mark stays, and the scrub is done at the next start that has room; until then the
// user is told.
import type { Database } from 'better-sqlite3';
import { readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isDiskFull } from './disk-full';
import type { SettingsRepository } from './settings-repo';

/** The settings key the schema's triggers set when something is deleted. */
export const SCRUB_PENDING = 'scrubPending';

export type ScrubOutcome = 'scrubbed' | 'deferred' | 'nothing';

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

export class Scrubber {
  constructor(
    private readonly db: Database,
    private readonly file: string,
    private readonly settings: SettingsRepository,
    private readonly free: FreeSpace = freeSpace,
  ) {}

  /** Whether deleted data waits to be scrubbed from the file. */
  pending(): boolean {
    return this.settings.get(SCRUB_PENDING) === true;
  }

  /** Scrubs what was deleted when there is room; otherwise it stays marked for a later start. */
  run(): ScrubOutcome {
    if (!this.pending()) return 'nothing';
    if (this.file === ':memory:') {
      this.settings.delete(SCRUB_PENDING);
      return 'scrubbed';
    }
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
      if (!this.hasRoom()) return 'deferred';
      this.db.exec('VACUUM');
      this.settings.delete(SCRUB_PENDING);
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch (error) {
      if (isDiskFull(error)) return 'deferred';
      throw error;
    }
    this.removeMovedAside();
    return 'scrubbed';
  }

  /** A rebuild writes what the file keeps into a temporary file and the log: room for both. */
  private hasRoom(): boolean {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    const pages = this.db.pragma('page_count', { simple: true }) as number;
    const free = this.db.pragma('freelist_count', { simple: true }) as number;
    const kept = (pages - free) * pageSize;
    const here = this.free(dirname(this.file));
    const temporary = this.free(tmpdir());
    return here >= 2 * kept + MARGIN && temporary >= kept + MARGIN;
  }

  /** Copies of the database moved aside as damaged (with their logs) hold what was deleted too. */
  private removeMovedAside(): void {
    const prefix = `${basename(this.file)}.damaged-`;
    for (const name of readdirSync(dirname(this.file)))
      if (name.startsWith(prefix)) rmSync(join(dirname(this.file), name), { force: true });
  }
}
