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

/**
 * Puts a view whose query never ends in the drafts' place (their tables dropped), as a crafted file
 * would: reading "drafts" through it would keep SQLite busy for ever.
 */
export function endlessDraftsView(file: string, connectionId: string): void {
  const db = new Database(file);
  try {
    db.exec(`DROP TABLE draft_changes; DROP TABLE drafts;
      CREATE VIEW drafts (rowid, id, connection_id, label, state, revision, created_at, updated_at) AS
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
        SELECT x, 'd' || x, '${connectionId}', 'Endless', 'editing', 0, '', '' FROM n ORDER BY x DESC;`);
  } finally {
    db.close();
  }
}
