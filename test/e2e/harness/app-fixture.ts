// Playwright fixture: the built app as it ships. Each test boots out/main/index.js (the one composition
// root) in its own Node process with `electron` resolved to the typed stand-in, on a fresh user-data
// folder; main opens its window in this test's Chromium page with the built preload. Nothing else is
// replaced: the keychain, the database, the demo service and the network are the real ones. A test
// arranges through the app's own bridge (call), reads the demo service with its own client, scripts
// dialogs, and can quit and start the app again on the same folder.
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ApiClient } from '../../../src/main/api/api-client';
import type { Result } from '../../../src/shared/app-error';
import { channelMember } from '../../../src/shared/bridge';
import type { ChannelArgs, ChannelName, ChannelResult } from '../../../src/shared/ipc';
import { AppProcess } from '../../support/electron-host/app-process';
import type { AppLaunch } from '../../support/electron-host/app-process';
import { DialogScript } from '../../support/electron-host/dialog-script';
import { ROOT } from '../../support/electron-host/stand-in-build';
import { checkA11yOf, screenshotOf, screenshotSetOf } from './page-checks';

export const APP_URL = pathToFileURL(join(ROOT, 'out/renderer/index.html')).href;

export interface AppHarness {
  page: Page;
  /** Electron's userData folder of the app: database, logs, the demo service's state. */
  dataDir: string;
  /** The user's Documents folder, where save dialogs open. */
  documents: string;
  dialogs: DialogScript;
  /** The app's main process of the current run. */
  readonly main: AppProcess;
  /** Every run's notifications, links opened in the browser and badges, in order. */
  readonly notifications: Array<{ title: string; body: string }>;
  readonly opened: string[];
  /** Files the app had the operating system open, or show in their folder. */
  readonly files: Array<{ action: 'open' | 'show'; path: string }>;
  /** Goes to a hash route of the app's page and waits until the app says it is ready. */
  open(hash?: string): Promise<void>;
  /** Quits the app as the user would, starts it again on the same folder, and opens `hash`. */
  restart(hash?: string, launch?: Partial<AppLaunch>): Promise<void>;
  /** Calls main through the page's own bridge (window.propdesk), and unwraps its answer. */
  call<C extends ChannelName>(channel: C, args?: ChannelArgs<C>): Promise<ChannelResult<C>>;
  /** A client of the demo service this run started, for what a test compares against. */
  demoClient(): Promise<ApiClient>;
  /** Makes the offline copy of the active connection through the app and waits until it is complete. */
  updateOfflineCopy(): Promise<void>;
  screenshot(name: string): Promise<string>;
  /** Screenshots of the screen in light, in dark, and in a 1024×700 window (light). */
  screenshots(name: string): Promise<string[]>;
  checkA11y(label: string): Promise<void>;
}

const READY = 'html[data-app-state="ready"]';

/** The service's records as a test reads them to compare: PropDesk's own client over Node's fetch. */
export function clientOf(baseUrl: string, apiKey: string): ApiClient {
  return new ApiClient({ baseUrl, getApiKey: async () => apiKey, fetch });
}

export const test = base.extend<{ app: AppHarness }>({
  app: async ({ page }, use, testInfo) => {
    const root = mkdtempSync(join(tmpdir(), 'propdesk-e2e-'));
    const dataDir = join(root, 'config', 'PropDesk');
    const documents = join(root, 'home', 'Documents');
    mkdirSync(documents, { recursive: true });
    const dialogs = new DialogScript();
    const runs: AppProcess[] = [];
    // The app's window is the test's page; a window it opens besides (the hidden one that prints a
    // document) gets a page of its own in the same browser.
    const launch = (extra: Partial<AppLaunch> = {}) => {
      let first = true;
      const pageFor = async () => {
        if (!first) return page.context().newPage();
        first = false;
        return page;
      };
      return AppProcess.start({ userData: dataDir, documents, dialogs, pageFor, ...extra });
    };
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    runs.push(await launch());
    await expect(page.locator(READY)).toBeAttached();
    const current = () => runs.at(-1)!;

    const harness: AppHarness = {
      page,
      dataDir,
      documents,
      dialogs,
      get main() {
        return current();
      },
      get notifications() {
        return runs.flatMap((r) => r.notifications);
      },
      get opened() {
        return runs.flatMap((r) => r.opened);
      },
      get files() {
        return runs.flatMap((r) => r.files);
      },
      async open(hash = '') {
        await page.goto(`${APP_URL}${hash}`);
        await expect(page.locator(READY)).toBeAttached();
      },
      async restart(hash = '', extra = {}) {
        await current().quit();
        runs.push(await launch(extra));
        await harness.open(hash);
      },
      async call(channel, args) {
        const [domain, verb] = channelMember(channel);
        const answer = (await page.evaluate(
          ([d, v, a]) =>
            (window.propdesk as unknown as Record<string, Record<string, (x: unknown) => Promise<unknown>>>)[
              d
            ]![v]!(a),
          [domain, verb, args ?? {}] as const,
        )) as Result<never>;
        if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
        return answer.data;
      },
      async demoClient() {
        const demo = await current().demoService();
        return clientOf(demo.baseUrl, demo.apiKey);
      },
      async updateOfflineCopy() {
        await harness.call('offlineCopy.start');
        await expect
          .poll(async () => (await harness.call('offlineCopy.status')).state, { timeout: 180_000 })
          .not.toBe('running');
        expect((await harness.call('offlineCopy.status')).state).toBe('done');
      },
      screenshot: (name) => screenshotOf(page, name),
      screenshots: (name) => screenshotSetOf(page, name),
      checkA11y: (label) => checkA11yOf(page, label),
    };
    try {
      await use(harness);
    } finally {
      const last = current();
      if (last.running) await last.quit().catch((error: unknown) => errors.push(String(error)));
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach('main-process.log', { body: runs.map((r) => r.log()).join('\n----\n') });
      rmSync(root, { recursive: true, force: true, maxRetries: 10 });
    }
    expect(errors, 'uncaught errors in the page or the main process').toEqual([]);
  },
});

export { expect };
