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

export async function attachApp(page: Page, services: AppServices): Promise<void> {
  const dispatcher = createDispatcher(services.handlers, createSenderCheck(APP_URL), services.mapError);
  await page.exposeBinding('__propdeskInvoke', (source, channel: unknown, args: unknown) =>
    dispatcher.dispatch(
      { isMainFrame: source.frame === source.page.mainFrame(), url: source.frame.url() },
      channel,
      args,
    ),
  );
  await page.addInitScript({ content: await bridgeScript() });
}
