// What the error box says when PropDesk cannot start: a database on a full disk says so and what to
// do; anything else keeps its internals out and says what to try.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFailureWords } from '../../../../src/main/app/start-failure';
import { StoreOpenError } from '../../../../src/main/store/open-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

/** The error SQLite itself gives when a database can grow no more (a full disk, as far as it knows). */
function realFullError(file: string): unknown {
  const db = new Database(file);
  try {
    db.exec('CREATE TABLE t (x BLOB)');
    const pages = (db.pragma('page_count', { simple: true }) as number) + 1;
    db.pragma(`max_page_count = ${pages}`);
    const insert = db.prepare('INSERT INTO t VALUES (randomblob(4096))');
    for (;;) insert.run();
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
}

describe('the words PropDesk cannot start with', () => {
  it('a database that finds the disk full says so, and to free space before starting again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'propdesk-start-'));
    dirs.push(dir);
    const file = join(dir, 'propdesk.sqlite');
    const cause = realFullError(file);
    expect((cause as { code?: string }).code).toBe('SQLITE_FULL');
    const words = startFailureWords(new StoreOpenError(file, cause));
    expect(words).toBe(
      `PropDesk couldn't open its database at ${file}: the disk is full. Free some space on the disk, then start PropDesk again.`,
    );
  });

  it('anything else keeps a key out of the words and says what to try', () => {
    const words = startFailureWords(
      new Error('Authorization: Bearer pdk_secret_key_1234567890abcdef failed'),
    );
    expect(words).not.toContain('pdk_secret_key_1234567890abcdef');
    expect(words).toMatch(/^PropDesk could not start \(.*\)\. Start it again;/);
  });
});
