// Whether an error means the disk (or the database's allowed size) is full: SQLite's SQLITE_FULL, or
// the file system's ENOSPC. Both are said to the user as a full disk, never as a fault of PropDesk's.
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}
