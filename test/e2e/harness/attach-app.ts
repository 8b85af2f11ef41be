// Connects a Chromium page to main's real handler table: the preload bridge code runs in the page
// and calls main through a Playwright binding that carries the calling frame for the sender check.
// Used by the e2e fixture and by the renderer benchmark.
import type { Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppServices } from '../../../src/main/app-services';
import { createDispatcher } from '../../../src/main/ipc/dispatch';
import { createSenderCheck } from '../../../src/main/ipc/sender';
import type { EventName, EventPayload } from '../../../src/shared/ipc';
import { bridgeScript } from './bridge-bundle';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const APP_URL = pathToFileURL(join(ROOT, 'out/renderer/index.html')).href;

/** Events emitted before the page exists or after it closed are dropped, as Electron would. */
export function pageEmitter(getPage: () => Page | undefined, pending: Array<Promise<unknown>>) {
  return <E extends EventName>(event: E, payload: EventPayload<E>) => {
    const page = getPage();
    if (!page || page.isClosed()) return;
    pending.push(
      page
        .evaluate(([e, p]) => window.__propdeskEmit(e, p), [event, payload] as const)
        .catch(() => undefined),
    );
  };
}

export type Dispatch = (
  sender: { isMainFrame: boolean; url: string },
  channel: unknown,
  args: unknown,
) => Promise<unknown>;

/**
 * Exposes main's handlers to the page and installs the preload bridge over them. Main's answers
 * cross as JSON text, parsed in the page, as Electron's IPC delivers them already parsed. Playwright
 * hands a binding's result to the page through the DevTools protocol, and the page keeps what
 * arrives that way through its ordinary garbage collections (only a forced, memory-reducing one
 * frees it). As objects, 1,000 pages of records were 94 MB of heap no app would hold, walked by
 * every collection; as text they are strings, which a collection does not look inside.
 */
export async function exposeMain(page: Page, dispatch: Dispatch): Promise<void> {
  await page.exposeBinding('__propdeskMain', async (source, channel: unknown, args: unknown) =>
    toJsonText(
      await dispatch(
        { isMainFrame: source.frame === source.page.mainFrame(), url: source.frame.url() },
        channel,
        args,
      ),
    ),
  );
  await page.addInitScript({ content: await bridgeScript() });
}

export async function attachApp(page: Page, services: AppServices): Promise<void> {
  const dispatcher = createDispatcher(
    services.handlers,
    createSenderCheck(APP_URL),
    services.mapError,
    services.logger,
  );
  await exposeMain(page, (sender, channel, args) => dispatcher.dispatch(sender, channel, args));
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
