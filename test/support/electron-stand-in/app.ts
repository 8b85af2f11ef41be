// Electron's `app` for one run of the built main process: its paths (a temp user-data folder, given by
// the test host), name and version, the single-instance lock (a lock file in user data, as Electron
// keeps one there), readiness, and the quit sequence with its preventable events.
import { EventEmitter } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { standInConfig, tellHost } from './link';
import { PreventableEvent } from './preventable-event';

type AppSurface = Pick<
  Electron.App,
  | 'getName'
  | 'getVersion'
  | 'getPath'
  | 'setPath'
  | 'isReady'
  | 'whenReady'
  | 'quit'
  | 'exit'
  | 'requestSingleInstanceLock'
  | 'setBadgeCount'
  | 'getBadgeCount'
  | 'isPackaged'
>;

/**
 * The app events the stand-in models. Electron types `on` with one overload per event returning
 * `this`, which a partial object cannot satisfy, so the names are checked here instead: listening for
 * an event the stand-in never emits fails the typecheck of main against the stand-in.
 */
export type AppEventName =
  | 'ready'
  | 'before-quit'
  | 'will-quit'
  | 'quit'
  | 'window-all-closed'
  | 'web-contents-created'
  | 'second-instance'
  | 'activate';

/** The part of a window's contents an app-wide handler may use (browser-window.ts has the rest). */
export interface StandInWebContentsLike {
  setWindowOpenHandler(handler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0]): void;
  on(
    event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect',
    listener: (event: PreventableEvent, url: string) => void,
  ): unknown;
}

/** Something that closes when the app quits: the windows. */
export interface Closable {
  close(): void;
  isDestroyed(): boolean;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export class StandInApp extends EventEmitter implements AppSurface {
  readonly isPackaged: boolean;
  private readonly paths: Map<string, string>;
  private readonly name: string;
  private readonly version: string;
  private ready = false;
  private readonly readyPromise: Promise<void>;
  private badge = 0;
  private quitting = false;
  private lockFile: string | undefined;
  /** The windows open now, so quitting can close them (kept by BrowserWindow). */
  readonly windows = new Set<Closable>();

  constructor() {
    super();
    const config = standInConfig();
    this.isPackaged = config.isPackaged;
    this.name = config.name;
    this.version = config.version;
    this.paths = new Map(Object.entries(config.paths));
    // Electron is ready once the main script's first synchronous run is over.
    this.readyPromise = new Promise((resolve) =>
      setImmediate(() => {
        this.ready = true;
        this.emit('ready', new PreventableEvent(), {});
        tellHost({ kind: 'app.ready' });
        resolve();
      }),
    );
    process.once('exit', () => {
      if (this.lockFile) rmSync(this.lockFile, { force: true });
    });
  }

  override on(event: 'before-quit' | 'will-quit', listener: (event: PreventableEvent) => void): this;
  override on(
    event: 'web-contents-created',
    listener: (event: PreventableEvent, contents: StandInWebContentsLike) => void,
  ): this;
  override on(
    event: Exclude<AppEventName, 'before-quit' | 'will-quit' | 'web-contents-created'>,
    listener: () => void,
  ): this;
  override on(event: AppEventName, listener: (...args: any[]) => void): this {
    return super.on(event, listener);
  }

  override once(event: AppEventName, listener: (...args: any[]) => void): this {
    return super.once(event, listener);
  }

  getName(): string {
    return this.name;
  }

  getVersion(): string {
    return this.version;
  }

  getPath(name: Parameters<Electron.App['getPath']>[0]): string {
    const path = this.paths.get(name);
    // Electron throws for a path it does not know; so does the stand-in, rather than invent one.
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }

  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  requestSingleInstanceLock(): boolean {
    const folder = this.getPath('userData');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'SingletonLock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        this.lockFile = file;
        return true;
      } catch {
        const holder = Number(readFileSync(file, 'utf8'));
        if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) return false;
        rmSync(file, { force: true }); // left behind by a process that is gone
      }
    }
    return false;
  }

  holdsLock(): boolean {
    return this.lockFile !== undefined;
  }

  setBadgeCount(count?: number): boolean {
    this.badge = count ?? 0;
    tellHost({ kind: 'badge', count: this.badge });
    return true;
  }

  getBadgeCount(): number {
    return this.badge;
  }

  /** Electron's order: before-quit (preventable), close every window, will-quit (preventable), quit, exit. */
  quit(): void {
    if (this.quitting) return;
    const before = new PreventableEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    this.quitting = true;
    tellHost({ kind: 'app.quitting' });
    for (const window of [...this.windows]) if (!window.isDestroyed()) window.close();
    if ([...this.windows].some((w) => !w.isDestroyed())) {
      this.quitting = false; // a window refused to close: Electron cancels the quit
      return;
    }
    const will = new PreventableEvent();
    this.emit('will-quit', will);
    if (will.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', new PreventableEvent(), 0);
    this.exit(0);
  }

  exit(exitCode = 0): void {
    // Let pending IPC replies leave before the process ends, as Electron flushes its own.
    setImmediate(() => process.exit(exitCode));
  }

  isQuitting(): boolean {
    return this.quitting;
  }

  /** Called by a window that was destroyed: the last one closing ends the app unless it is quitting. */
  windowDestroyed(window: Closable): void {
    this.windows.delete(window);
    if (this.windows.size === 0 && !this.quitting) this.emit('window-all-closed');
  }
}

export const app = new StandInApp();
