// Answers the host's "how is this app set up?": the options each window was built with, and what the
// handlers the app installed answer when asked, by calling them as Electron would.
import { app } from './app';
import { StandInBrowserWindow, StandInWebContents } from './browser-window';
import { ipcMain } from './ipc-main';
import { PreventableEvent } from './preventable-event';
import type { InspectReport } from './protocol';
import type { StandInSession } from './session';
import { session } from './session';

const FOREIGN = 'https://attacker.example/';
const PERMISSIONS = [
  'clipboard-read',
  'clipboard-sanitized-write',
  'display-capture',
  'fullscreen',
  'geolocation',
  'media',
  'midi',
  'notifications',
  'openExternal',
  'pointerLock',
  'hid',
  'serial',
  'usb',
] as const;

async function granted(s: StandInSession, contents: StandInWebContents | null): Promise<string[]> {
  const handler = s.permissionRequest;
  // Without a handler Electron grants every request.
  if (!handler) return [...PERMISSIONS];
  const answers = await Promise.all(
    PERMISSIONS.map(
      (permission) =>
        new Promise<string | null>((resolve) => {
          const call = handler as unknown as (...a: unknown[]) => void;
          call(contents, permission, (ok: boolean) => resolve(ok ? permission : null), {
            requestingUrl: FOREIGN,
          });
        }),
    ),
  );
  return answers.filter((a): a is string => a !== null);
}

function checked(s: StandInSession, contents: StandInWebContents | null): string[] {
  const handler = s.permissionCheck as unknown as ((...a: unknown[]) => boolean) | null;
  if (!handler) return [...PERMISSIONS];
  return PERMISSIONS.filter((permission) =>
    handler(contents, permission, FOREIGN, { requestingUrl: FOREIGN }),
  );
}

function prevented(contents: StandInWebContents, event: string): boolean {
  const listeners = contents.listeners(event) as Array<(e: PreventableEvent, ...rest: unknown[]) => void>;
  if (!listeners.length) return false;
  const e = new PreventableEvent(FOREIGN);
  for (const listener of listeners) listener(e, FOREIGN);
  return e.defaultPrevented;
}

function windowOpen(contents: StandInWebContents): string | null {
  const handler = contents.windowOpenHandler as unknown as ((d: unknown) => { action: string }) | undefined;
  return handler
    ? handler({ url: FOREIGN, frameName: '', features: '', disposition: 'new-window' }).action
    : null;
}

export async function inspect(): Promise<InspectReport> {
  const windows = await Promise.all(
    StandInBrowserWindow.getAllWindows().map(async (w) => ({
      id: w.id,
      options: JSON.parse(JSON.stringify(w.options)) as unknown,
      navigationPrevented: Object.fromEntries(
        ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview'].map((name) => [
          name,
          prevented(w.webContents, name),
        ]),
      ),
      windowOpen: windowOpen(w.webContents),
      permissionsGranted: await granted(w.webContents.session, w.webContents),
      permissionsChecked: checked(w.webContents.session, w.webContents),
    })),
  );
  // A contents created later (a devtools or popup) gets the app-wide rules only.
  const probe = new StandInWebContents(-1);
  app.emit('web-contents-created', new PreventableEvent(), probe);
  const s = session.defaultSession;
  return {
    windows,
    defaultSession: {
      permissionsGranted: await granted(s, null),
      permissionsChecked: checked(s, null),
      headerHooks: s.webRequest.headerHooks.length,
    },
    appWideWindowOpen: windowOpen(probe),
    ipcChannels: ipcMain.channels(),
    singleInstanceLock: app.holdsLock(),
  };
}
