// Playwright fixture: the built renderer in Chromium, the real preload bridge code, and the real
// main-process services and handler table running in this test process. Only Electron's IPC
// transport is replaced, by Playwright bindings that carry the calling frame for the sender check.
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppServices } from '../../../src/main/app-services';
import type { AppServices } from '../../../src/main/app-services';
import { createDispatcher } from '../../../src/main/ipc/dispatch';
import { createSenderCheck } from '../../../src/main/ipc/sender';
import { nodeProcessLauncher } from '../../../src/main/connections/node-process-launcher';
import { MemorySecretStore } from '../../../src/main/secrets/memory-secret-store';
import type { EventName, EventPayload } from '../../../src/shared/ipc';
import { bridgeScript } from './bridge-bundle';
import { createLogger } from '../../../src/main/log/logger';

const ROOT = resolve(import.meta.dirname, '../../..');
export const APP_URL = pathToFileURL(join(ROOT, 'out/renderer/index.html')).href;
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
    const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
      emitQueue.push(
        page
          .evaluate(([e, p]) => window.__propdeskEmit(e, p), [event, payload] as const)
          .catch(() => undefined),
      );
    };
    let savePath: string | undefined;
    const services = createAppServices({
      chooseSaveFile: async () => savePath,
      dataDir,
      fetch: globalThis.fetch,
      secrets: new MemorySecretStore({ persistent: true }),
      launcher: nodeProcessLauncher(process.execPath, ['--import', 'tsx', join(ROOT, 'src/sandbox/cli.ts')]),
      emit,
      appInfo: () => ({ name: 'PropDesk', version: '0.0.0-test', platform: process.platform }),
      logger: createLogger({ file: join(dataDir, 'logs', 'main.log'), console: false }),
    });
    const dispatcher = createDispatcher(services.handlers, createSenderCheck(APP_URL), services.mapError);
    await page.exposeBinding('__propdeskInvoke', (source, channel: unknown, args: unknown) =>
      dispatcher.dispatch(
        { isMainFrame: source.frame === source.page.mainFrame(), url: source.frame.url() },
        channel,
        args,
      ),
    );
    await page.addInitScript({ content: await bridgeScript() });
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
