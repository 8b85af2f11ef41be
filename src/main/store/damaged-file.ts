// Recognises a database that cannot be used (not SQLite, corrupted, or from a newer PropDesk) and
// moves it aside with its -wal/-shm files as <name>.damaged-<timestamp>, never deleting anything.
import { existsSync, renameSync } from 'node:fs';
import { NewerSchemaError } from './migrations/migrate';

export class IntegrityError extends Error {
  constructor(detail: string) {
    super(`the database failed its integrity check (${detail})`);
    this.name = 'IntegrityError';
  }
}

/** The file holds views or triggers PropDesk never makes (schema-shape.ts): its tables are salvaged. */
export class ForeignSchemaError extends Error {
  constructor(objects: string) {
    super(`the file holds what a PropDesk database never has (${objects})`);
    this.name = 'ForeignSchemaError';
  }
}

const DAMAGE_CODES = new Set([
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_CORRUPT_SEQUENCE',
  'SQLITE_CORRUPT_INDEX',
]);

/** Only damage is recovered from; a locked or unreadable-by-permission file is the user's to fix. */
export function isDamage(error: unknown): boolean {
  if (error instanceof NewerSchemaError || error instanceof IntegrityError) return true;
  if (error instanceof ForeignSchemaError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DAMAGE_CODES.has(code);
}

export function damageReason(error: unknown): string {
  if (error instanceof NewerSchemaError || error instanceof IntegrityError) return error.message;
  if (error instanceof ForeignSchemaError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_NOTADB') return 'the file is not a PropDesk database';
  return 'the database file is damaged';
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace('.', '-');
}

/** The name a damaged file is moved aside to: `<name>.damaged-<timestamp>`, numbered if taken. */
export function asideName(file: string, now: Date): string {
  let target = `${file}.damaged-${stamp(now)}`;
  for (let n = 2; existsSync(target); n++) target = `${file}.damaged-${stamp(now)}-${n}`;
  return target;
}

export function moveAside(file: string, target: string): string {
  renameSync(file, target);
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${target}${suffix}`);
  }
  return target;
}
