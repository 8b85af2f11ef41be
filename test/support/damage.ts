// Damage as a failing disk or a stray program makes it: bytes of one page of a real database file
// overwritten, the page found through SQLite's own page map (dbstat).
import Database from 'better-sqlite3';
import { closeSync, openSync, writeSync } from 'node:fs';

/** The pages of a table or index (`name`) of the given kinds, in file order, with the page size. */
export function pagesOf(
  file: string,
  name: string,
  kinds: readonly string[] = ['leaf', 'overflow', 'internal'],
): Array<{ pageno: number; cells: number; size: number }> {
  const db = new Database(file, { readonly: true });
  try {
    const size = db.pragma('page_size', { simple: true }) as number;
    return (
      db
        .prepare<[string], { pageno: number; pagetype: string; ncell: number }>(
          'SELECT pageno, pagetype, ncell FROM dbstat WHERE name = ? ORDER BY pageno',
        )
        .all(name) as Array<{ pageno: number; pagetype: string; ncell: number }>
    )
      .filter((p) => kinds.includes(p.pagetype))
      .map((p) => ({ pageno: p.pageno, cells: p.ncell, size }));
  } finally {
    db.close();
  }
}

/** Overwrites the first 64 bytes (header and cell pointers) of page `pageno` with 0xff. */
export function damagePage(file: string, pageno: number, size: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, (pageno - 1) * size);
  } finally {
    closeSync(fd);
  }
}
