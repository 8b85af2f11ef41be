// The window factory with Electron's BrowserWindow substituted at its boundary.
import { describe, expect, it } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { createMainWindow } from '../../../../src/main/window/create-window';
import { PRODUCTION_CSP } from '../../../../src/main/window/csp';

type Listener = (...args: unknown[]) => unknown;

class FakeWindow {
  static last: FakeWindow;
  readonly handlers = new Map<string, Listener>();
  readonly winHandlers = new Map<string, Listener>();
  openHandler: Listener | undefined;
  permissionRequest: Listener | undefined;
  permissionCheck: Listener | undefined;
  maximized = false;
  readonly webContents = {
    on: (name: string, fn: Listener) => this.handlers.set(name, fn),
    setWindowOpenHandler: (fn: Listener) => (this.openHandler = fn),
    session: {
      setPermissionRequestHandler: (fn: Listener) => (this.permissionRequest = fn),
      setPermissionCheckHandler: (fn: Listener) => (this.permissionCheck = fn),
    },
  };
  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeWindow.last = this;
  }
  on(name: string, fn: Listener) {
    this.winHandlers.set(name, fn);
  }
  once(name: string, fn: Listener) {
    this.winHandlers.set(name, fn);
  }
  maximize() {
    this.maximized = true;
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return this.maximized;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1300, height: 820 };
  }
}

function make(state = { width: 1280, height: 800, maximized: false }, onStateChange?: (s: unknown) => void) {
  createMainWindow(
    { BrowserWindow: FakeWindow as never },
    { preloadPath: '/app/preload.cjs', state, ...(onStateChange ? { onStateChange } : {}) },
  );
  return FakeWindow.last;
}

describe('main window factory', () => {
  it('creates the renderer isolated, sandboxed and without Node', () => {
    const prefs = make().options.webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('prevents every navigation and denies new windows', () => {
    const w = make();
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      w.handlers.get(name)!({ preventDefault: () => (prevented = true) }, 'https://evil.test/');
      expect(prevented, name).toBe(true);
    }
    expect(w.openHandler!({ url: 'https://evil.test/' })).toEqual({ action: 'deny' });
  });

  it('denies permission requests and checks', () => {
    const w = make();
    let granted: boolean | undefined;
    w.permissionRequest!({}, 'media', (ok: boolean) => (granted = ok));
    expect(granted).toBe(false);
    expect(w.permissionCheck!({}, 'notifications')).toBe(false);
  });

  it('restores the remembered size, position and maximised state, and reports changes', () => {
    const seen: unknown[] = [];
    const w = make({ x: 40, y: 50, width: 1400, height: 900, maximized: true } as never, (s) => seen.push(s));
    expect(w.options).toMatchObject({ x: 40, y: 50, width: 1400, height: 900 });
    expect(w.maximized).toBe(true);
    w.winHandlers.get('resized')!();
    expect(seen.at(-1)).toEqual({ x: 10, y: 20, width: 1300, height: 820, maximized: true });
  });

  it('ships a production CSP that forbids network access and inline or eval scripts', () => {
    expect(PRODUCTION_CSP).toContain("connect-src 'none'");
    const script = PRODUCTION_CSP.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(script).not.toMatch(/unsafe/);
  });
});
