// Creates the app's one window with every hardening in place. Electron's BrowserWindow is passed in,
// so tests substitute it at this boundary and check the options and guards.
import type {
  BrowserWindow as ElectronBrowserWindow,
  BrowserWindowConstructorOptions,
  Session,
} from 'electron';
import { hardenedWebPreferences } from './web-preferences';
import type { WindowState } from './window-state';

export interface WindowFactoryDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => ElectronBrowserWindow;
}

export interface MainWindowOptions {
  preloadPath: string;
  state: WindowState;
  iconPath?: string;
  onStateChange?: (state: WindowState) => void;
}

/** Denies every permission (camera, notifications from web content, geolocation, …): PropDesk needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export function createMainWindow(deps: WindowFactoryDeps, options: MainWindowOptions): ElectronBrowserWindow {
  const { state } = options;
  const win = new deps.BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'PropDesk',
    backgroundColor: '#f7f7f8',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: hardenedWebPreferences(options.preloadPath),
  });

  const contents = win.webContents;
  // The app is one page with hash routes; any real navigation is foreign content and is refused.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  denyAllPermissions(contents.session);

  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const report = () => {
    if (win.isDestroyed() || win.isMinimized()) return;
    const b = win.getNormalBounds();
    options.onStateChange?.({
      x: b.x,
      y: b.y,
      width: b.width,
      height: b.height,
      maximized: win.isMaximized(),
    });
  };
  win.on('resized', report);
  win.on('moved', report);
  win.on('maximize', report);
  win.on('unmaximize', report);
  win.on('close', report);
  return win;
}
