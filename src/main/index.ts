// Electron's start-up: the single-instance lock, Electron's ports handed to the composition root
// (src/main/app/app-services.ts, which builds every service), IPC, the hardened window and the menu;
// on quit, everything is stopped before the process ends.
import { app, BrowserWindow, Menu, screen, session } from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openAppServices } from './app/app-services';
import type { AppServices } from './app/app-services';
import {
  confirmDialog,
  electronFetch,
  electronIsOnline,
  notify,
  fileShell,
  openApprovedLink,
  printDocumentToPdf,
  printWindowToPdf,
  saveFileDialog,
  setBadge,
  showErrorBox,
  userDataDir,
  utilityLauncher,
} from './electron/adapter';
import { createDispatcher } from './ipc/dispatch';
import { emitTo, registerIpc } from './ipc/register';
import { createSenderCheck } from './ipc/sender';
import { createLogger } from './log/logger';
import type { Logger } from './log/logger';
import { makePrivateDir, writePrivateFileSync } from './base/private-files';
import { createKeychainSecretStore } from './secrets/create-secret-store';
import { DEFAULT_COPY_BUDGET } from './offline-copy/copy-budget';
import { freeSpace } from './store/scrub';
import { startFailureWords } from './app/start-failure';
import { appMenuTemplate } from './window/app-menu';
import { createMainWindow, denyAllPermissions } from './window/create-window';
import { developmentCsp } from './window/csp';
import { fitToDisplays, parseWindowState } from './window/window-state';
import type { WindowState } from './window/window-state';

// A development build may use another data folder and the dev server; a packaged app never does.
const devServer = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
if (!app.isPackaged && process.env.PROPDESK_USER_DATA)
  app.setPath('userData', process.env.PROPDESK_USER_DATA);

let mainWindow: BrowserWindow | null = null;
let services: AppServices | null = null;

function windowStateFile(): string {
  return join(userDataDir(), 'window-state.json');
}

function loadWindowState(): WindowState {
  const file = windowStateFile();
  const saved = parseWindowState(existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  return fitToDisplays(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
}

function saveWindowState(state: WindowState): void {
  try {
    writePrivateFileSync(windowStateFile(), JSON.stringify(state));
  } catch {
    // Losing the window position is harmless; never let it disturb the app.
  }
}

const appUrl = devServer ?? pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;

function buildServices(dataDir: string, logger: Logger): Promise<AppServices> {
  return openAppServices({
    dataDir,
    freeSpace,
    copyBudget: DEFAULT_COPY_BUDGET,
    logger,
    fetch: electronFetch,
    isOnline: electronIsOnline,
    secrets: createKeychainSecretStore(),
    launcher: utilityLauncher(join(import.meta.dirname, 'sandbox.js'), 'PropDesk demo service'),
    salvage: utilityLauncher(join(import.meta.dirname, 'salvage.js'), 'PropDesk database salvage'),
    scrub: utilityLauncher(join(import.meta.dirname, 'scrub.js'), 'PropDesk database scrub'),
    emit: (event, payload) => {
      if (mainWindow) emitTo(mainWindow.webContents, event, payload, logger);
    },
    appInfo: () => ({ name: app.getName(), version: app.getVersion(), platform: process.platform, dataDir }),
    chooseSaveFile: saveFileDialog(() => mainWindow),
    confirm: confirmDialog(() => mainWindow),
    printWindowToPdf: printWindowToPdf(() => mainWindow),
    printDocumentToPdf,
    fileShell,
    notify,
    openApprovedLink,
    setBadge,
  });
}

let logger: Logger | undefined;

async function start(): Promise<void> {
  const dataDir = userDataDir();
  makePrivateDir(dataDir);
  logger = createLogger({ file: join(dataDir, 'logs', 'main.log') });
  const started = await buildServices(dataDir, logger);
  services = started;
  started.start();
  registerIpc(
    createDispatcher(started.handlers, createSenderCheck(appUrl), started.mapError, started.logger),
  );

  denyAllPermissions(session.defaultSession);
  if (devServer) {
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [developmentCsp(new URL(devServer).origin)],
        },
      });
    });
  }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate(process.platform, !app.isPackaged, (command) => {
        if (mainWindow) emitTo(mainWindow.webContents, 'app.command', { command }, started.logger);
      }),
    ),
  );
  await openWindow();
  started.windowShown();
}

async function openWindow(): Promise<void> {
  mainWindow = createMainWindow(
    { BrowserWindow },
    {
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      state: loadWindowState(),
      iconPath: join(import.meta.dirname, '../../resources/icon.png'),
      onStateChange: saveWindowState,
    },
  );
  mainWindow.on('closed', () => (mainWindow = null));
  await mainWindow.loadURL(appUrl);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => event.preventDefault());
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping || !services) return;
    // Stop the demo service and close the database before the process ends.
    event.preventDefault();
    stopping = true;
    void services.stop().finally(() => app.quit());
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 && services) void openWindow();
  });
  void app.whenReady().then(start).catch(startFailed);
}

/**
 * PropDesk cannot run without its database (or another part of its start): said in Electron's own
 * error box, since there may be no window to say it in, and the app quits instead of running on
 * with no window and no message.
 */
async function startFailed(error: unknown): Promise<void> {
  try {
    logger?.error('PropDesk could not start', error);
  } catch {
    // The log may be what failed (its folder unusable); the box below still says why.
  }
  showErrorBox('PropDesk could not start', startFailureWords(error));
  await services?.stop().catch(() => undefined);
  app.exit(1);
}
