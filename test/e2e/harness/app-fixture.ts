// Playwright fixture: the built renderer in Chromium, the real preload bridge code, and the real
// main-process services and handler table running in this test process. Only Electron's IPC
// transport is replaced, by Playwright bindings that carry the calling frame for the sender check.
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../../src/main/app-services';
import { createLogger } from '../../../src/main/log/logger';
import { APP_URL, attachApp, pageEmitter } from './attach-app';
import { createTestServices } from '../../support/test-services';
import { checkA11yOf, screenshotOf } from './page-checks';

export { APP_URL };

export interface AppHarness {
  page: Page;
  services: AppServices;
  dataDir: string;
  /** Opens the app at a hash route and waits until it says it is ready. */
  open(hash?: string): Promise<void>;
  screenshot(name: string): Promise<string>;
  /** The file the next save dialog answers with (Electron's dialog is replaced at its boundary). */
  setSavePath(path: string | undefined): void;
  /** Runs axe on the current screen and fails on serious or critical violations. */
  checkA11y(label: string): Promise<void>;
  /** Desktop notifications raised, as Electron's Notification would have shown them. */
  notifications: Array<{ title: string; body: string }>;
  /** Addresses handed to the shell to open in the browser. */
  opened: string[];
}

export const test = base.extend<{ app: AppHarness }>({
  app: async ({ page }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-e2e-'));
    const emitQueue: Array<Promise<unknown>> = [];
    let savePath: string | undefined;
    const notifications: AppHarness['notifications'] = [];
    const opened: string[] = [];
    const services = createTestServices(dataDir, {
      chooseSaveFile: async () => savePath,
      notify: (title, body) => void notifications.push({ title, body }),
      openApprovedLink: async (decision) => void opened.push(decision.url),
      emit: pageEmitter(() => page, emitQueue),
      appInfo: () => ({ name: 'PropDesk', version: '0.0.0-test', platform: process.platform }),
      logger: createLogger({ file: join(dataDir, 'logs', 'main.log'), console: false }),
    });
    await attachApp(page, services);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const harness: AppHarness = {
      page,
      services,
      dataDir,
      notifications,
      opened,
      async open(hash = '') {
        await page.goto(`${APP_URL}${hash}`);
        await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
      },
      setSavePath(path) {
        savePath = path;
      },
      screenshot: (name) => screenshotOf(page, name),
      checkA11y: (label) => checkA11yOf(page, label),
    };
    await use(harness);
    await Promise.all(emitQueue);
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
