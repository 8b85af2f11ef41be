// Where an export or a saved PDF goes: the file the user picks in a save dialog (Electron's, parented
// to the app's window), and a plain-words account of why writing it failed.
import { basename } from 'node:path';
import { UserError } from '../base/user-error';

export interface SaveFileRequest {
  /** The file name the dialog suggests, e.g. "leases-2026-11-23.csv". */
  suggestedName: string;
  /** What is saved: a spreadsheet export, or a page printed to PDF. */
  kind: 'csv' | 'pdf';
}

/** Asks where to save; undefined when the user cancelled the dialog. */
export type ChooseSaveFile = (request: SaveFileRequest) => Promise<string | undefined>;

const REASONS: Record<string, string> = {
  EACCES: 'PropDesk is not allowed to write there',
  EPERM: 'PropDesk is not allowed to write there',
  EROFS: 'that place is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'your disk quota is used up',
  ENOENT: 'that folder no longer exists',
  ENOTDIR: 'part of that path is not a folder',
  EISDIR: 'a folder already has that name',
  EBUSY: 'another program is using that file',
  ENAMETOOLONG: 'the file name is too long',
};

/** A write failure as the user should read it: which file, why, and what to do. */
export function writeProblem(error: unknown, path: string): UserError {
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? REASONS[code] : undefined;
  return new UserError(
    'write_failed',
    `PropDesk could not write “${basename(path)}”: ${reason ?? 'the file could not be written'}. Nothing was saved; choose another folder or name and export again.`,
  );
}
