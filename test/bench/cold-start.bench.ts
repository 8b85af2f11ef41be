// Start-up of the built app: from starting out/main/index.js (under the Electron stand-in) to the first
// screen, Today, on the demo organisation; then to Today's first figure, which comes from the offline
// copy the app makes by itself on a first start. Cold: an empty data folder, so the database is
// created, the demo service seeds its data and the copy is made. Warm: the same folder again.
import type { Page } from '@playwright/test';
import type { AppFolders } from './boot-app';
import { appFolders, launchBrowser, startApp } from './boot-app';
import { median, writeSection } from './report';

const RUNS = 5;

async function timeToToday(page: Page, folders: AppFolders): Promise<{ screen: number; figures: number }> {
  const started = performance.now();
  const app = await startApp(page, folders);
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  await page.getByRole('region', { name: 'Sample data' }).waitFor();
  const screen = performance.now() - started;
  await page.getByRole('link', { name: /leases? ends? in the next 30 days/ }).waitFor({ timeout: 120_000 });
  const figures = performance.now() - started;
  await app.quit();
  return { screen, figures };
}

const browser = await launchBrowser();
const cold: number[] = [];
const warm: number[] = [];
const coldFigures: number[] = [];
const warmFigures: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const folders = appFolders();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const first = await timeToToday(page, folders);
      cold.push(first.screen);
      coldFigures.push(first.figures);
      const again = await timeToToday(page, folders);
      warm.push(again.screen);
      warmFigures.push(again.figures);
    } finally {
      await page.close();
      folders.remove();
    }
  }
} finally {
  await browser.close();
}

const describe = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, slowest ${Math.max(...values).toFixed(0)} ms (${values.length} runs)`;
writeSection(
  'Start-up: to the first screen (Today)',
  [
    {
      measure: 'cold start (empty data folder)',
      value: describe(cold),
      target: '≤ 1,500 ms',
      met: median(cold) <= 1500,
    },
    {
      measure: 'warm start (same folder again)',
      value: describe(warm),
      target: '≤ 1,500 ms',
      met: median(warm) <= 1500,
    },
    {
      measure: 'cold: until Today shows its figures (offline copy made in the background)',
      value: describe(coldFigures),
    },
    { measure: 'warm: until Today shows its figures (copy already there)', value: describe(warmFigures) },
  ],
  'From starting the built main bundle (Node with the Electron stand-in) until Today’s heading and the sample-data banner are on screen, then until its first figure is, in headless Debian Chromium at 1280×800; the demo service starts as its own process and seeds its data on a cold start, and the app makes the offline copy by itself.',
);
