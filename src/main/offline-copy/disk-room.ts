// Whether the disk holding PropDesk's database has room for the next batch of the offline copy. A
// batch of records takes several times its JSON on disk (the rows, their search entries, the indexes
// built after the last page, the write-ahead log until it is checkpointed), so the copy stops before
// it would fill the disk rather than when SQLite can no longer write, and says so in plain words.
import { statfs } from 'node:fs/promises';
import { UserError } from '../base/user-error';

/** Bytes free on the database's disk; undefined when the system cannot tell. */
export type FreeBytes = () => Promise<number | undefined>;

/** The bytes free to PropDesk on the disk holding `folder`. */
export function freeBytesIn(folder: string): FreeBytes {
  return async () => {
    const stats = await statfs(folder);
    return Number(stats.bavail) * Number(stats.bsize);
  };
}

/** Disk space one byte of records' JSON takes in the copy, at most, until its listing is complete. */
export const DISK_PER_JSON_BYTE = 4;
/** Left free for everything else on the computer (and PropDesk's own drafts and log). */
export const DISK_RESERVE_BYTES = 256 * 1024 ** 2;

const MB = 1024 ** 2;

export function diskFullError(detail: string): UserError {
  return new UserError(
    'disk_full',
    `There is not enough room on this computer's disk: ${detail}. What this update had read was deleted to give the space back; the copy in use is kept. Free some space on the disk, then choose “Update the offline copy”.`,
  );
}

/** Throws `disk_full` when storing `jsonBytes` more would leave less than the reserve free. */
export async function checkRoom(free: FreeBytes, jsonBytes: number): Promise<void> {
  const available = await free().catch(() => undefined);
  if (available === undefined) return;
  const needed = jsonBytes * DISK_PER_JSON_BYTE + DISK_RESERVE_BYTES;
  if (available < needed)
    throw diskFullError(
      `it has ${Math.floor(available / MB).toLocaleString('en-US')} MB free and the next part needs about ${Math.ceil(needed / MB).toLocaleString('en-US')} MB`,
    );
}
