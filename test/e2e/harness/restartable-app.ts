// Playwright fixture like app-fixture.ts, whose main-process services can be stopped and rebuilt on
// the same data folder, as when the app quits and starts again. The page's bridge binding calls
// whichever services are current, so one page spans both runs. Review links the app would open in
// the browser are recorded instead.
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../../src/main/app-services';
import { createDispatcher } from '../../../src/main/ipc/dispatch';
import { createSenderCheck } from '../../../src/main/ipc/sender';
import { createLogger } from '../../../src/main/log/logger';
import { MemorySecretStore } from '../../../src/main/secrets/memory-secret-store';
import { createTestServices } from '../../support/test-services';
import { checkA11yOf, screenshotOf } from './page-checks';
import { APP_URL, exposeMain, pageEmitter } from './attach-app';

export interface RestartableApp {
  page: Page;
  /** The services of the current run; replaced by restart(). */
  readonly services: AppServices;
  dataDir: string;
  /** Addresses main handed to the browser, in order. */
  opened: string[];
  open(hash?: string): Promise<void>;
  /** Stops main's services, builds new ones on the same data folder and reloads the page at `hash`. */
  restart(hash?: string): Promise<void>;
  screenshot(name: string): Promise<string>;
  checkA11y(label: string): Promise<void>;
}

export const test = base.extend<{ app: RestartableApp }>({
  app: async ({ page }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-e2e-'));
    const emitQueue: Array<Promise<unknown>> = [];
    const opened: string[] = [];
    // The OS keychain outlives the app: keys saved in one run are there in the next.
    const secrets = new MemorySecretStore({ persistent: true });
    const build = (run: number) =>
      createTestServices(dataDir, {
        secrets,
        emit: pageEmitter(() => page, emitQueue),
        appInfo: () => ({ name: 'PropDesk', version: '0.0.0-test', platform: process.platform }),
        logger: createLogger({ file: join(dataDir, 'logs', `main-${run}.log`), console: false }),
        openApprovedLink: async (decision) => void opened.push(decision.url),
      });
    let run = 0;
    let services = build(run);
    const dispatcherOf = (s: AppServices) =>
      createDispatcher(s.handlers, createSenderCheck(APP_URL), s.mapError, s.logger);
    let dispatcher = dispatcherOf(services);
    await exposeMain(page, (sender, channel, args) => dispatcher.dispatch(sender, channel, args));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const harness: RestartableApp = {
      page,
      get services() {
        return services;
      },
      dataDir,
      opened,
      async open(hash = '') {
        await page.goto(`${APP_URL}${hash}`);
        await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
      },
      async restart(hash = '') {
        await page.goto('about:blank');
        await Promise.all(emitQueue);
        await services.stop();
        run += 1;
        services = build(run);
        dispatcher = dispatcherOf(services);
        await harness.open(hash);
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
