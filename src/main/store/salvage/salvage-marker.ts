// The mark of a salvage under way: written before the damaged file is moved aside, naming where it
// went, and removed only once the salvaged file is in place. While it is there the database file is
// never used (it is missing, half made, or made but not yet confirmed): the next start salvages again
// from the damaged file it names.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { z } from 'zod';
import { writePrivateFileSync } from '../../base/private-files';

const markerSchema = z.object({
  /** Where the damaged file was moved. */
  damaged: z.string().min(1),
  /** Why it was damaged, in words, and what SQLite said. */
  reason: z.string(),
  detail: z.string(),
});
export type SalvageMarker = z.infer<typeof markerSchema>;

export function markerFile(file: string): string {
  return `${file}.salvage.json`;
}

/** The salvage's own new database, put in place of the damaged one only when it is finished. */
export function sideFile(file: string): string {
  return `${file}.salvage`;
}

export function hasMarker(file: string): boolean {
  return existsSync(markerFile(file));
}

/** The marker, or undefined when there is none or it cannot be read (then it names nothing). */
export function readMarker(file: string): SalvageMarker | undefined {
  try {
    return markerSchema.parse(JSON.parse(readFileSync(markerFile(file), 'utf8')));
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (through a partial file renamed onto it). */
export function writeMarker(file: string, marker: SalvageMarker): void {
  writePrivateFileSync(markerFile(file), JSON.stringify(marker));
}

export function removeMarker(file: string): void {
  rmSync(markerFile(file), { force: true });
}

/** Removes a database file and its companions (a half-made salvage, or one never confirmed). */
export function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}
