// Files only the user can read: every file main writes (database, logs, state files, exports) is
// created 0600, and the folders PropDesk owns are made 0700. Also the one home of "write beside the
// final name, then rename", so a failed or cancelled write never leaves a half file.
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rename, rm } from 'node:fs/promises';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

// POSIX modes only: on Windows chmod just toggles read-only, and files under the user's profile are
// already the user's.
const POSIX = process.platform !== 'win32';

/**
 * Creates the folder and any missing parents 0700. An existing folder of this user's (PropDesk's own
 * data or log folder, perhaps made by an older version) is tightened to 0700 as well.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!POSIX) return;
  const stat = statSync(dir);
  if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE && stat.uid === process.getuid?.())
    chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty when it is missing, and makes it 0600 either way. */
export function makePrivateFile(path: string): void {
  const fd = openSync(path, 'a', PRIVATE_FILE_MODE);
  try {
    // The mode given to open is narrowed by the umask and ignored for an existing file: set it exactly.
    if (POSIX) fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/** Makes an existing file 0600 (a file an older version left readable by others); a missing one is left missing. */
export function keepPrivate(path: string): void {
  if (POSIX && existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}

/** A new, empty 0600 file beside `path`, under a name no other write uses. */
function createPartial(path: string): string {
  const partial = `${path}.partial-${randomUUID().slice(0, 8)}`;
  const fd = openSync(partial, 'wx', PRIVATE_FILE_MODE);
  try {
    if (POSIX) fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
  return partial;
}

/**
 * Writes a small state file (window-state.json and the like) for the user only: into a 0600 partial
 * file beside it, then renamed onto it, so a crash leaves either the old file or the new one.
 */
export function writePrivateFileSync(path: string, text: string): void {
  const partial = createPartial(path);
  try {
    writeFileSync(partial, text, 'utf8');
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Replaces `path` with what `fill` writes into the 0600 partial file it is given (opened by `fill`
 * with flags "w", which keeps that mode), renamed onto `path` once `fill` resolves. When `fill`
 * fails, the partial file is removed and `path` is left as it was. The folder is not touched: it may
 * be one the user chose.
 */
export async function replacePrivateFile(
  path: string,
  fill: (partial: string) => Promise<void>,
): Promise<void> {
  const partial = createPartial(path);
  try {
    await fill(partial);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
