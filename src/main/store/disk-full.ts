// Whether an error means the disk (or the database's allowed size) is full: SQLite's SQLITE_FULL, the
// file system's ENOSPC, or PropDesk's own `disk_full` (the offline copy stopping before the disk
// fills). All are said to the user as a full disk, never as a fault of PropDesk's.
import { UserError } from '../base/user-error';

export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'disk_full';
}

/**
 * A write the disk had no room for, in words: what stopped, that PropDesk itself is fine, and how to
 * free space (deleting the offline copy works on a full disk too).
 */
export function diskFullWords(): UserError {
  return new UserError(
    'disk_full',
    "This computer's disk is full, so PropDesk could not save what you just did and stopped it; what was saved before is kept. Free some space on the disk: empty the bin or remove large files, or delete the offline copy under Portfolio → Offline copy (that works on a full disk). Then try again.",
  );
}
