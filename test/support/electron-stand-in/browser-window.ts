// Electron's BrowserWindow and its WebContents. A window records the options it was built with; its
// loadURL asks the test host to open the page in Chromium with the window's preload running in it;
// send() delivers push events to that page. The handlers the app installs on the contents (navigation
// guards, the window-open handler) are kept so the host can ask what they answer (inspect.ts).
import { EventEmitter } from 'node:events';
import { app } from './app';
import { askHost, tellHost } from './link';
import { PreventableEvent } from './preventable-event';
import type { PrintToPdfFacts } from './protocol';
import type { StandInSession } from './session';
import { session } from './session';

type WindowOpenHandler = Parameters<Electron.WebContents['setWindowOpenHandler']>[0];

/** A frame of a page: the top frame, or one inside it. */
export class StandInFrame implements Pick<Electron.WebFrameMain, 'url'> {
  constructor(
    public url: string,
    readonly parent: StandInFrame | null,
  ) {}
}

/** The contents events the stand-in models (see AppEventName for why names are listed). */
export type ContentsEventName =
  | 'will-navigate'
  | 'will-frame-navigate'
  | 'will-redirect'
  | 'will-attach-webview'
  | 'did-finish-load'
  | 'destroyed';

type ContentsSurface = Pick<
  Electron.WebContents,
  'id' | 'send' | 'setWindowOpenHandler' | 'isDestroyed' | 'getURL' | 'printToPDF'
>;

let nextContentsId = 1;

export class StandInWebContents extends EventEmitter implements ContentsSurface {
  readonly id = nextContentsId++;
  readonly session: StandInSession = session.defaultSession;
  readonly mainFrame = new StandInFrame('', null);
  windowOpenHandler: WindowOpenHandler | undefined;
  private destroyed = false;

  constructor(private readonly windowId: number) {
    super();
  }

  override on(
    event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect',
    listener: (event: PreventableEvent, url: string) => void,
  ): this;
  override on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): this;
  override on(event: 'did-finish-load' | 'destroyed', listener: () => void): this;
  override on(event: ContentsEventName, listener: (...args: any[]) => void): this {
    return super.on(event, listener);
  }

  override once(event: ContentsEventName, listener: (...args: any[]) => void): this {
    return super.once(event, listener);
  }

  send(channel: string, ...args: any[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    tellHost({ kind: 'window.send', windowId: this.windowId, channel, args });
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  getURL(): string {
    return this.mainFrame.url;
  }

  /** Chromium prints the window's page with its print stylesheet: the host does it with the same options. */
  async printToPDF(options: Electron.PrintToPDFOptions): Promise<Buffer> {
    if (this.destroyed) throw new Error('Object has been destroyed');
    const pdf = await askHost({
      kind: 'window.printToPDF',
      windowId: this.windowId,
      options: pdfFacts(options),
    });
    return Buffer.from(pdf);
  }

  /** The frame an IPC message came from, as Chromium reported it. */
  frameFor(url: string, isMainFrame: boolean): StandInFrame {
    if (isMainFrame) {
      this.mainFrame.url = url;
      return this.mainFrame;
    }
    return new StandInFrame(url, this.mainFrame);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
  }
}

type WindowSurface = Pick<
  Electron.BrowserWindow,
  | 'id'
  | 'loadURL'
  | 'show'
  | 'focus'
  | 'restore'
  | 'maximize'
  | 'isMaximized'
  | 'isMinimized'
  | 'isDestroyed'
  | 'isVisible'
  | 'getNormalBounds'
  | 'close'
  | 'destroy'
>;

export type WindowEventName =
  'ready-to-show' | 'close' | 'closed' | 'resized' | 'moved' | 'maximize' | 'unmaximize' | 'show';

let nextWindowId = 1;
const open = new Map<number, StandInBrowserWindow>();

export class StandInBrowserWindow extends EventEmitter implements WindowSurface {
  readonly id = nextWindowId++;
  readonly webContents: StandInWebContents;
  readonly options: Electron.BrowserWindowConstructorOptions;
  private bounds: Electron.Rectangle;
  private maximized = false;
  private visible = false;
  private destroyed = false;
  private loadedOnce = false;

  static getAllWindows(): StandInBrowserWindow[] {
    return [...open.values()];
  }

  constructor(options: Electron.BrowserWindowConstructorOptions = {}) {
    super();
    this.options = options;
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    this.webContents = new StandInWebContents(this.id);
    this.visible = options.show !== false;
    open.set(this.id, this);
    app.windows.add(this);
    tellHost({ kind: 'window.created', windowId: this.id, options: plain(options) });
    // Electron announces new contents app-wide before the constructor returns.
    app.emit('web-contents-created', new PreventableEvent(), this.webContents);
  }

  override on(event: 'close', listener: (event: PreventableEvent) => void): this;
  override on(event: Exclude<WindowEventName, 'close'>, listener: () => void): this;
  override on(event: WindowEventName, listener: (...args: any[]) => void): this {
    return super.on(event, listener);
  }

  override once(event: WindowEventName, listener: (...args: any[]) => void): this {
    return super.once(event, listener);
  }

  async loadURL(url: string): Promise<void> {
    const preload = this.options.webPreferences?.preload ?? null;
    await askHost({ kind: 'window.load', windowId: this.id, url, preload });
    this.webContents.mainFrame.url = url;
    this.webContents.emit('did-finish-load');
    if (!this.loadedOnce) {
      this.loadedOnce = true;
      this.emit('ready-to-show');
    }
  }

  show(): void {
    this.visible = true;
    this.emit('show');
  }

  isVisible(): boolean {
    return this.visible;
  }

  focus(): void {}

  restore(): void {}

  maximize(): void {
    this.maximized = true;
    this.emit('maximize');
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  isMinimized(): boolean {
    return false;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  getNormalBounds(): Electron.Rectangle {
    return { ...this.bounds };
  }

  /** Asks the window to close (its 'close' listeners may refuse), as the user's close button does. */
  close(): void {
    if (this.destroyed) return;
    const event = new PreventableEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    open.delete(this.id);
    this.webContents.destroy();
    this.emit('closed');
    tellHost({ kind: 'window.closed', windowId: this.id });
    app.windowDestroyed(this);
  }
}

function pdfFacts(options: Electron.PrintToPDFOptions): PrintToPdfFacts {
  const { pageSize, margins, ...rest } = options;
  return {
    ...rest,
    ...(pageSize !== undefined
      ? {
          pageSize:
            typeof pageSize === 'string' ? pageSize : { width: pageSize.width, height: pageSize.height },
        }
      : {}),
    ...(margins ? { margins: { ...margins } } : {}),
  };
}

/** Options as data for the host: functions and other non-data dropped, as a structured clone would refuse them. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

export function windowById(id: number): StandInBrowserWindow | undefined {
  return open.get(id);
}
