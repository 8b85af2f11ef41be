// A database on a disk that is full, for real: a small tmpfs mounted for the test and filled to the
// last byte. SQLite then fails to open a WAL database with "disk I/O error" (it cannot size the -shm
// file), and the start-up box must say the disk is full, not that the folder may not be writable.
// Mounting needs root, as the build machines and CI have; elsewhere the test says it did not run.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startFailureWords } from '../../../../src/main/app/start-failure';
import { openStore } from '../../../../src/main/store/open-store';

const root = mkdtempSync(join(tmpdir(), 'propdesk-full-open-'));
const disk = join(root, 'disk');
mkdirSync(disk);

function mounted(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', disk], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const canMount = process.getuid?.() === 0 && mounted();

afterAll(() => {
  if (canMount) execFileSync('umount', [disk]);
  rmSync(root, { recursive: true, force: true, maxRetries: 10 });
});

describe.runIf(canMount)('opening the database on a full disk (needs root to mount a small disk)', () => {
  it('says the disk is full and what to do', () => {
    const made = join(root, 'made.sqlite');
    openStore(made).close();
    const db = new Database(made);
    db.pragma('journal_mode = WAL');
    db.close();
    const file = join(disk, 'propdesk.sqlite');
    copyFileSync(made, file);
    try {
      writeFileSync(join(disk, 'filler'), Buffer.alloc(1024 * 1024));
    } catch {
      // Filled to the last byte: what is wanted.
    }
    let error: unknown;
    try {
      openStore(file).close();
    } catch (e) {
      error = e;
    }
    expect(String((error as { cause?: { code?: string } }).cause?.code)).toMatch(/^SQLITE_(IOERR|FULL)/);
    expect(startFailureWords(error)).toBe(
      `PropDesk couldn't open its database at ${file}: the disk is full. Free some space on the disk, then start PropDesk again.`,
    );
  });
});
