// A Chromium page acting as an app window: main's loadURL opens the page with the preload installed,
// the page's ipcRenderer reaches whichever app run owns the page now (a restarted app reuses it),
// and main's events are delivered into the page.
import type { Page } from '@playwright/test';
import type { AppProcess } from './app-process';
import { preloadScript } from './stand-in-build';

interface Owner {
  app: AppProcess;
  windowId: number;
}

class PageWindow {
  private owner: Owner | undefined;
  private preloadInstalled = false;
  private readonly bound: Promise<void>;

  constructor(private readonly page: Page) {
    // Answers cross as JSON text parsed in the page, as Electron's IPC hands the preload parsed values.
    // Playwright passes a binding's result into the page through the DevTools protocol, and the page
    // keeps what arrives that way through its ordinary garbage collections (only a forced one frees
    // it): as objects, 1,000 pages of records were 94 MB of heap no app would hold; as text they are
    // strings, which a collection does not look inside.
    this.bound = page
      .exposeBinding('__propdeskElectronInvoke', async (source, channel: string, args: unknown[]) => {
        const owner = this.owner;
        if (!owner) return JSON.stringify({ ok: false, message: 'This page belongs to no app window' });
        try {
          const value = await owner.app.invoke(owner.windowId, channel, args, {
            url: source.frame.url(),
            isMainFrame: source.frame === source.page.mainFrame(),
          });
          return toJsonText({ ok: true, value });
        } catch (error) {
          return JSON.stringify({
            ok: false,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      })
      .then(() => undefined);
  }

  async load(app: AppProcess, windowId: number, url: string, preload: string | null): Promise<void> {
    await this.bound;
    this.owner = { app, windowId };
    if (preload && !this.preloadInstalled) {
      this.preloadInstalled = true;
      await this.page.addInitScript({ content: await preloadScript(preload) });
    }
    await this.page.goto(url);
  }

  deliver(app: AppProcess, channel: string, args: unknown[]): Promise<unknown> {
    if (this.owner?.app !== app || this.page.isClosed()) return Promise.resolve();
    return this.page
      .evaluate(
        ([c, a]) =>
          (
            window as unknown as { __propdeskElectronDeliver(c: string, a: unknown[]): void }
          ).__propdeskElectronDeliver(c, a),
        [channel, args] as const,
      )
      .catch(() => undefined); // the page navigated or closed meanwhile, as a window may
  }

  /** The window was closed: its page is gone, as a destroyed window's would be. */
  async close(app: AppProcess): Promise<void> {
    if (this.owner?.app !== app) return;
    this.owner = undefined;
    if (!this.page.isClosed()) await this.page.goto('about:blank').catch(() => undefined);
  }
}

const windows = new WeakMap<Page, PageWindow>();

export function pageWindow(page: Page): PageWindow {
  let window = windows.get(page);
  if (!window) {
    window = new PageWindow(page);
    windows.set(page, window);
  }
  return window;
}

/** JSON text of an answer, refusing what JSON would silently change and Electron's IPC would keep. */
function toJsonText(value: unknown): string {
  return JSON.stringify(value, function (key, v: unknown) {
    const raw: unknown = (this as Record<string, unknown>)[key];
    if (raw instanceof Date || raw instanceof Map || raw instanceof Set || ArrayBuffer.isView(raw)) {
      throw new Error(`main answered with a ${Object.prototype.toString.call(raw)} at "${key}"`);
    }
    return v;
  });
}
