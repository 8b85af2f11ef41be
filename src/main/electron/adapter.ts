// The one small adapter over Electron's services that plain main-process code needs: the network
// stack (so proxies and OS certificates behave as in the user's browser), processes, the shell,
// dialogs, printing, notifications and paths. Everything else in main takes these by injection.
import { app, BrowserWindow, dialog, net, Notification, shell, utilityProcess } from 'electron';
import type { MessageBoxOptions, SaveDialogOptions } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConfirmWithUser } from '../confirmation';
import { firstLineOf } from '../connections/process-launcher';
import type { ProcessLauncher } from '../connections/process-launcher';
import type { ChooseSaveFile, SaveFileRequest } from '../export/save-target';
import type { FileShell } from '../export/saved-files';
import { chromiumPrintOptions } from '../export/pdf-file';
import type { PrintDocumentToPdf, PrintWindowToPdf } from '../export/pdf-file';
import type { ReviewLinkDecision } from '../review/review-link';
import { UserError } from '../base/user-error';

export const electronFetch: typeof fetch = (input, init) => net.fetch(input as string, init);

/** Whether this computer has a network at all, as Chromium sees it. */
export const electronIsOnline = (): boolean => net.isOnline();

export function userDataDir(): string {
  return app.getPath('userData');
}

/** Opens a review page in the user's browser. Only a URL that decideReviewLink approved can reach it. */
export function openApprovedLink(decision: Extract<ReviewLinkDecision, { kind: 'open' }>): Promise<void> {
  return shell.openExternal(decision.url); // eng-disable OPEN_EXTERNAL_JS_CHECK -- decideReviewLink approved it: http(s), trusted origin, no credentials
}

const FILE_TYPES: Record<
  SaveFileRequest['kind'],
  { title: string; button: string; filter: { name: string; extensions: string[] } }
> = {
  csv: { title: 'Export', button: 'Export', filter: { name: 'CSV (spreadsheet)', extensions: ['csv'] } },
  pdf: { title: 'Save as PDF', button: 'Save', filter: { name: 'PDF document', extensions: ['pdf'] } },
};

/** The save dialog of exports and PDFs: over the app's window, in Documents, with the suggested name and type. */
export function saveFileDialog(parent: () => BrowserWindow | null): ChooseSaveFile {
  return async ({ suggestedName, kind }) => {
    const { title, button, filter: type } = FILE_TYPES[kind];
    const options: SaveDialogOptions = {
      title,
      buttonLabel: button,
      defaultPath: join(app.getPath('documents'), suggestedName),
      filters: [type],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const window = parent();
    const result = window
      ? await dialog.showSaveDialog(window, options)
      : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return undefined;
    // Some desktops return the name as typed; a file without its type would not open in a spreadsheet.
    return extname(result.filePath) ? result.filePath : `${result.filePath}.${type.extensions[0]}`;
  };
}

/**
 * Main's own yes-or-no question, modal over the app's window. The safe answer is the default one, so
 * Enter, Escape and closing the box all decline.
 */
export function confirmDialog(parent: () => BrowserWindow | null): ConfirmWithUser {
  return async (question) => {
    const options: MessageBoxOptions = {
      type: 'question',
      title: question.title,
      message: question.message,
      detail: question.detail,
      buttons: [question.confirm, question.cancel],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    };
    const window = parent();
    const { response } = window
      ? await dialog.showMessageBox(window, options)
      : await dialog.showMessageBox(options);
    return response === 0;
  };
}

/** Prints what the main window shows, with the page's print stylesheet, as Chromium prints to PDF. */
export function printWindowToPdf(window: () => BrowserWindow | null): PrintWindowToPdf {
  return async (layout) => {
    const target = window();
    if (!target || target.isDestroyed()) throw new UserError('no_window', 'PropDesk has no window to print.');
    return target.webContents.printToPDF(chromiumPrintOptions(layout));
  };
}

/**
 * Prints a document of main's own in a hidden window of its own, so the app's window goes on as it
 * was. The document goes through a file readable by the user only (a long list is too large for a
 * data: address), removed with the window once printed.
 */
export const printDocumentToPdf: PrintDocumentToPdf = async (html, layout) => {
  const dir = await mkdtemp(join(tmpdir(), 'propdesk-print-'));
  // A literal, so that the security gate sees this window's settings. No preload and no script at
  // all: the document is records' text laid out for paper. The rest are Electron's defaults, said.
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      javascript: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  try {
    const file = join(dir, 'document.html');
    await writeFile(file, html, { encoding: 'utf8', mode: 0o600 });
    await window.loadURL(pathToFileURL(file).href);
    return await window.webContents.printToPDF(chromiumPrintOptions(layout));
  } finally {
    if (!window.isDestroyed()) window.destroy();
    await rm(dir, { recursive: true, force: true });
  }
};

/** The operating system's own handling of a file PropDesk saved: open it, or show it in its folder. */
export const fileShell: FileShell = {
  openPath: (path) => shell.openPath(path),
  showItemInFolder: (path) => shell.showItemInFolder(path),
};

export function notify(title: string, body: string): void {
  if (Notification.isSupported()) new Notification({ title, body, silent: false }).show();
}

export function setBadge(count: number): void {
  // Supported on macOS and some Linux desktops; elsewhere Electron ignores it.
  app.setBadgeCount(count);
}

/** Runs a bundled script (the demo service, the salvage) in Electron's utility process, off main's event loop. */
export function utilityLauncher(modulePath: string, serviceName: string): ProcessLauncher {
  return {
    launch({ args, env }) {
      const child = utilityProcess.fork(modulePath, args, {
        env: { ...process.env, ...env },
        stdio: 'pipe',
        serviceName,
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return {
        firstLine: firstLineOf(
          (l) => child.stdout?.on('data', l),
          (l) => child.once('exit', l),
        ),
        exited,
        async stop() {
          if (child.pid === undefined) return;
          child.kill();
          await exited;
        },
      };
    },
  };
}

/** Electron's own error box, which needs no window: for a start that cannot go on. */
export function showErrorBox(title: string, content: string): void {
  dialog.showErrorBox(title, content);
}
