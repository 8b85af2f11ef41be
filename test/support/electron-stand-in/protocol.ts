// The messages between the app's main process (the built out/main/index.js running under Node with
// `electron` resolved to this stand-in) and the test host that owns Chromium and scripts the dialogs.
// Electron splits the same work between its main process and its renderer processes.

/** How the stand-in is configured for one app run (JSON in PROPDESK_STAND_IN). */
export interface StandInConfig {
  name: string;
  version: string;
  isPackaged: boolean;
  /** Electron's well-known paths for this run: userData, documents, home, temp, logs, … */
  paths: Record<string, string>;
  /** The work areas of the screens the app sees. */
  displays: Array<{ x: number; y: number; width: number; height: number }>;
}

/** What the sending frame of an IPC message was, as Chromium reported it. */
export interface FrameFacts {
  url: string;
  isMainFrame: boolean;
}

/** Asked of the host by the app; each has an answer. */
export type HostRequest =
  | { kind: 'window.load'; windowId: number; url: string; preload: string | null }
  | { kind: 'dialog.save'; windowId: number | null; options: SaveDialogFacts }
  | { kind: 'dialog.message'; windowId: number | null; options: MessageBoxFacts }
  | { kind: 'window.printToPDF'; windowId: number; options: PrintToPdfFacts }
  | { kind: 'shell.openExternal'; url: string }
  | { kind: 'shell.openPath'; path: string };

export interface SaveDialogFacts {
  title?: string;
  defaultPath?: string;
  buttonLabel?: string;
  filters?: Array<{ name: string; extensions: string[] }>;
  properties?: string[];
}

export interface MessageBoxFacts {
  message: string;
  type?: string;
  title?: string;
  detail?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
}

/** Electron's PrintToPDFOptions as data: sizes and margins in inches, as Electron takes them. */
export interface PrintToPdfFacts {
  landscape?: boolean;
  displayHeaderFooter?: boolean;
  printBackground?: boolean;
  scale?: number;
  pageSize?: string | { width: number; height: number };
  margins?: { top?: number; bottom?: number; left?: number; right?: number };
  pageRanges?: string;
  headerTemplate?: string;
  footerTemplate?: string;
  preferCSSPageSize?: boolean;
  generateTaggedPDF?: boolean;
  generateDocumentOutline?: boolean;
}

export type HostAnswer<K extends HostRequest['kind']> = K extends 'window.load'
  ? null
  : K extends 'dialog.save'
    ? { canceled: boolean; filePath: string }
    : K extends 'dialog.message'
      ? { response: number; checkboxChecked: boolean }
      : K extends 'window.printToPDF'
        ? Uint8Array
        : K extends 'shell.openPath'
          ? string
          : null;

/** Told to the host by the app; no answer. */
export type HostEvent =
  | { kind: 'window.created'; windowId: number; options: unknown }
  | { kind: 'window.send'; windowId: number; channel: string; args: unknown[] }
  | { kind: 'window.closed'; windowId: number }
  | { kind: 'notification'; title: string; body: string }
  | { kind: 'badge'; count: number }
  | { kind: 'shell.showItemInFolder'; path: string }
  | { kind: 'dialog.error'; title: string; content: string }
  | { kind: 'menu'; labels: string[] }
  | { kind: 'utility.forked'; pid: number; modulePath: string; args: string[]; env: Record<string, string> }
  | { kind: 'utility.line'; pid: number; line: string }
  | { kind: 'utility.exited'; pid: number; code: number | null }
  | { kind: 'app.ready' }
  | { kind: 'app.quitting' };

/** Asked of the app by the host; each has an answer. */
export type AppRequest =
  | { kind: 'ipc.invoke'; windowId: number; channel: string; args: unknown[]; frame: FrameFacts }
  | { kind: 'app.quit' }
  | { kind: 'window.close'; windowId: number }
  | { kind: 'menu.click'; path: string[] }
  | { kind: 'net.offline'; offline: boolean }
  | { kind: 'inspect' };

/** What the app's windows and sessions were set up with, read by calling the handlers it installed. */
export interface InspectReport {
  windows: Array<{
    id: number;
    options: unknown;
    /** For each navigation-like event: whether every listener prevented a foreign navigation. */
    navigationPrevented: Record<string, boolean>;
    /** The window-open handler's answer for a foreign URL, or null without a handler. */
    windowOpen: string | null;
    /** Permissions the window's session grants when a page asks. */
    permissionsGranted: string[];
    /** Permissions the window's session reports as granted when checked. */
    permissionsChecked: string[];
  }>;
  /** Permissions the default session grants when asked, and reports when checked. */
  defaultSession: { permissionsGranted: string[]; permissionsChecked: string[]; headerHooks: number };
  /** Windows refused by the app-wide web-contents-created handlers. */
  appWideWindowOpen: string | null;
  ipcChannels: string[];
  singleInstanceLock: boolean;
}

export type Envelope<T> =
  | { type: 'request'; id: number; body: T }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; message: string }
  | { type: 'event'; body: T };
