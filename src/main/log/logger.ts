// The one main-process logger: "[main]"-prefixed lines to a rotating file (and the console in
// development), with every message and structured field redacted before it is written anywhere.
import { RotatingFile } from './rotating-file';
import { redactText, redactValue } from './redact';

export { registerSecret } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
  /** The files written, newest first (for "show logs" and tests). */
  files(): string[];
}

export interface LoggerOptions {
  /** Log file path; omitted: console only. */
  file?: string;
  maxBytes?: number;
  maxFiles?: number;
  prefix?: string;
  level?: LogLevel;
  /** Also print to the console; default: when NODE_ENV is not "production". */
  console?: boolean;
  now?: () => Date;
}

export const DEFAULT_LOG_MAX_BYTES = 1024 * 1024;
export const DEFAULT_LOG_MAX_FILES = 3;
const MAX_LINE = 16 * 1024;

export function formatLine(
  time: Date,
  prefix: string,
  level: LogLevel,
  message: string,
  detail?: unknown,
): string {
  let line = `${time.toISOString()} ${prefix} ${level.toUpperCase()} ${redactText(message)}`;
  if (detail !== undefined) {
    let json: string;
    try {
      json = JSON.stringify(redactValue(detail)) ?? '';
    } catch {
      json = '"[unserialisable]"';
    }
    line += ` ${json}`;
  }
  // One entry, one line: embedded newlines (stacks) are escaped so entries cannot be forged.
  line = line.replace(/\r?\n/g, '\\n');
  if (line.length > MAX_LINE) line = `${line.slice(0, MAX_LINE)}…`;
  return `${line}\n`;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const prefix = options.prefix ?? '[main]';
  const min = ORDER[options.level ?? 'info'];
  const toConsole = options.console ?? process.env.NODE_ENV !== 'production';
  const now = options.now ?? (() => new Date());
  const path = options.file;
  const file = path
    ? new RotatingFile({
        file: path,
        maxBytes: options.maxBytes ?? DEFAULT_LOG_MAX_BYTES,
        maxFiles: options.maxFiles ?? DEFAULT_LOG_MAX_FILES,
        now: () => now().getTime(),
        asLine: (text) => formatLine(now(), prefix, 'warn', text),
        // The one place left to say so, whether or not lines also go to the console.
        onFailure: (error) =>
          console.error(
            formatLine(
              now(),
              prefix,
              'error',
              `PropDesk cannot write its log file ${path}; lines are lost until it can`,
              error,
            ).trimEnd(),
          ),
      })
    : undefined;

  const write = (level: LogLevel, message: string, detail?: unknown) => {
    if (ORDER[level] < min) return;
    const line = formatLine(now(), prefix, level, message, detail);
    file?.write(line);
    if (toConsole) {
      const out = level === 'error' || level === 'warn' ? console.error : console.log;
      out(line.trimEnd());
    }
  };

  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    files: () => file?.files() ?? [],
  };
}
