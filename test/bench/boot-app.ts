// Boots the built app for a renderer benchmark as the e2e suite does: out/main/index.js under Node
// with `electron` resolved to the stand-in, its window in a page of Debian's Chromium.
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import config from '../../playwright.config';
import { AppProcess } from '../support/electron-host/app-process';
import { DialogScript } from '../support/electron-host/dialog-script';
import { ROOT } from '../support/electron-host/stand-in-build';

export const APP_URL = pathToFileURL(join(ROOT, 'out/renderer/index.html')).href;

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const launch = config.use?.launchOptions ?? {};
  return chromium.launch({ ...launch, args: [...(launch.args ?? []), ...extraArgs] });
}

/** A data folder and a Documents folder for one app, removed by the returned function. */
export interface AppFolders {
  userData: string;
  documents: string;
  remove: () => void;
}

export function appFolders(): AppFolders {
  const root = mkdtempSync(join(tmpdir(), 'propdesk-bench-'));
  const documents = join(root, 'home', 'Documents');
  mkdirSync(documents, { recursive: true });
  return {
    userData: join(root, 'config', 'PropDesk'),
    documents,
    remove: () => rmSync(root, { recursive: true, force: true, maxRetries: 10 }),
  };
}

export function startApp(page: Page, folders: { userData: string; documents: string }): Promise<AppProcess> {
  return AppProcess.start({ ...folders, dialogs: new DialogScript(), pageFor: async () => page });
}

/** Adds a connection through the app's own bridge and makes it the active one. */
export async function connectTo(page: Page, baseUrl: string, apiKey: string): Promise<void> {
  const ok = await page.evaluate(
    async ([url, key]) => {
      const added = await window.propdesk.connections.add({ name: 'Bench', baseUrl: url, apiKey: key });
      if (!added.ok) return added.error.message;
      const switched = await window.propdesk.connections.switch({ id: added.data.id });
      return switched.ok ? 'ok' : switched.error.message;
    },
    [baseUrl, apiKey] as const,
  );
  if (ok !== 'ok') throw new Error(`Could not connect the app to the benchmark's service: ${ok}`);
}
