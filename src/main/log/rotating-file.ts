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
  /** Told once when lines start to be lost (a full or read-only disk), with the error. */
  onFailure?: (error: unknown) => void;
  /** How long after a failed write the next line tries again; 30 s when not given. */
  retryMs?: number;
  now?: () => number;
  /** The line to write for what a gap's words say (the logger's own format); the words alone otherwise. */
  asLine?: (text: string) => string;
}

/** Lines not written since a write first failed. */
interface Gap {
  since: number;
  lost: number;
  reason: string;
}

export class RotatingFile {
  private size: number;
  private gap: Gap | undefined;
  private retryAt = 0;

  constructor(private readonly options: RotatingFileOptions) {
    if (options.maxBytes < 1024) throw new Error('maxBytes must be at least 1024');
    if (!Number.isInteger(options.maxFiles) || options.maxFiles < 1) throw new Error('maxFiles must be ≥ 1');
    // Logs are the user's alone: 0600 files (older ones tightened) in a 0700 folder.
    makePrivateDir(dirname(options.file));
    for (const file of this.files()) keepPrivate(file);
    makePrivateFile(options.file);
    this.size = statSync(options.file).size;
  }

  /**
   * Writes synchronously so the last lines before a crash are on disk; never throws. A full or
   * read-only disk must not take the app down with it: lines are then counted as lost, the failure is
   * told once, writing is tried again a while later, and the first line written afterwards says how
   * many lines are missing, from when and why.
   */
  write(line: string): void {
    const now = this.options.now?.() ?? Date.now();
    if (this.gap && now < this.retryAt) {
      this.gap.lost += 1;
      return;
    }
    try {
      if (this.gap) this.append((this.options.asLine ?? ((t) => `${t}\n`))(gapWords(this.gap)));
      this.append(line);
      this.gap = undefined;
    } catch (error) {
      this.retryAt = now + (this.options.retryMs ?? 30_000);
      if (this.gap) {
        this.gap.lost += 1;
        return;
      }
      this.gap = { since: now, lost: 1, reason: reasonOf(error) };
      try {
        this.options.onFailure?.(error);
      } catch {
        // Whoever is told may fail in turn (its own output closed); the write still never throws.
      }
    }
  }

  private append(line: string): void {
    const bytes = Buffer.byteLength(line);
    if (this.size > 0 && this.size + bytes > this.options.maxBytes) this.rotate();
    appendFileSync(this.options.file, line);
    this.size += bytes;
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

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return 'the log file cannot be written to';
  return typeof code === 'string' ? code : 'the log file could not be written';
}

function gapWords(gap: Gap): string {
  const lines = gap.lost === 1 ? '1 line' : `${gap.lost.toLocaleString('en-US')} lines`;
  return `${lines} of this log could not be written from ${new Date(gap.since).toISOString()} until now: ${gap.reason}.`;
}
