// Playwright fixture: the built renderer in Chromium, the real preload bridge code, and the real
// main-process services and handler table running in this test process. Only Electron's IPC
// transport is replaced, by Playwright bindings that carry the calling frame for the sender check.
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../../src/main/app-services';
import { createLogger } from '../../../src/main/log/logger';
import { APP_URL, ROOT, attachApp, pageEmitter } from './attach-app';
import { createTestServices } from '../../support/test-services';

export { APP_URL };
const SCREENS = join(ROOT, 'test-results/screens');

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
}

export const test = base.extend<{ app: AppHarness }>({
  app: async ({ page }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-e2e-'));
    const emitQueue: Array<Promise<unknown>> = [];
    let savePath: string | undefined;
    const services = createTestServices(dataDir, {
      chooseSaveFile: async () => savePath,
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
      async open(hash = '') {
        await page.goto(`${APP_URL}${hash}`);
        await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
      },
      setSavePath(path) {
        savePath = path;
      },
      async screenshot(name) {
        mkdirSync(SCREENS, { recursive: true });
        const path = join(SCREENS, `${name}.png`);
        await page.screenshot({ path, fullPage: false });
        return path;
      },
      async checkA11y(label) {
        const result = await new AxeBuilder({ page }).analyze();
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          bad.map(
            (v) => `${label}: ${v.id} — ${v.help} (${v.nodes.length} nodes: ${v.nodes[0]?.target.join(' ')})`,
          ),
        ).toEqual([]);
      },
    };
    await use(harness);
    await Promise.all(emitQueue);
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
