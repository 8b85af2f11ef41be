// A size-limited log file: appends lines, and when the next line would pass maxBytes, shifts
// main.log -> main.log.1 -> main.log.2 … keeping maxFiles files in all (the current one included),
// every one readable by the user only.
import { appendFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { keepPrivate, makePrivateDir, makePrivateFile } from '../base/private-files';

export interface RotatingFileOptions {
  file: string;
  maxBytes: number;
  maxFiles: number;
}

export class RotatingFile {
  private size: number;
  private broken = false;

  constructor(private readonly options: RotatingFileOptions) {
    if (options.maxBytes < 1024) throw new Error('maxBytes must be at least 1024');
    if (!Number.isInteger(options.maxFiles) || options.maxFiles < 1) throw new Error('maxFiles must be ≥ 1');
    // Logs are the user's alone: 0600 files (older ones tightened) in a 0700 folder.
    makePrivateDir(dirname(options.file));
    for (const file of this.files()) keepPrivate(file);
    makePrivateFile(options.file);
    this.size = statSync(options.file).size;
  }

  /** Writes synchronously so the last lines before a crash are on disk; never throws. */
  write(line: string): void {
    if (this.broken) return;
    const bytes = Buffer.byteLength(line);
    try {
      if (this.size > 0 && this.size + bytes > this.options.maxBytes) this.rotate();
      appendFileSync(this.options.file, line);
      this.size += bytes;
    } catch {
      // A full or read-only disk must not take the app down with it; stop trying for this session.
      this.broken = true;
    }
  }

  files(): string[] {
    const all = [this.options.file];
    for (let i = 1; i < this.options.maxFiles; i++) all.push(`${this.options.file}.${i}`);
    return all;
  }

  private rotate(): void {
    const { file, maxFiles } = this.options;
    if (maxFiles === 1) {
      rmSync(file, { force: true });
    } else {
      rmSync(`${file}.${maxFiles - 1}`, { force: true });
      for (let i = maxFiles - 2; i >= 1; i--) {
        if (existsSync(`${file}.${i}`)) renameSync(`${file}.${i}`, `${file}.${i + 1}`);
      }
      if (existsSync(file)) renameSync(file, `${file}.1`);
    }
    makePrivateFile(file);
    this.size = 0;
  }
}
