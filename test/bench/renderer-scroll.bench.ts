// Renderer benchmark in Chromium: 100,000 payments loaded through the built app (out/main/index.js
// with its preload, bridge, handlers and API client) from a local sandbox. Measures rows in the DOM, long tasks while scrolling from top to
// bottom, the JS heap, the time to the first rows, and the bundle size.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startSandbox } from '../../src/sandbox';
import { BENCH_PAYMENT_MONTHS } from './payment-span';
import { ROOT } from '../support/electron-host/stand-in-build';
import { APP_URL, appFolders, connectTo, launchBrowser, startApp } from './boot-app';
import { writeSection } from './report';
import { describePasses, scrollPasses } from './scroll-passes';

const TARGET_ROWS = 100_000;

const sandbox = await startSandbox({ port: 0, recordsScale: 48, paymentMonths: BENCH_PAYMENT_MONTHS });
const folders = appFolders();
const browser = await launchBrowser(['--js-flags=--expose-gc']);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const app = await startApp(page, folders);
try {
  await connectTo(page, sandbox.baseUrl, sandbox.keys.find((k) => k.name === 'full')!.key);
  const started = Date.now();
  await page.goto(`${APP_URL}#/c/payments`);
  await page.getByRole('grid', { name: 'Payments' }).getByRole('gridcell').first().waitFor();
  const firstRowsMs = Date.now() - started;

  // Load every page the way a person would: by scrolling to the end until nothing more comes.
  const grid = page.getByRole('grid', { name: 'Payments' });
  const loadStart = Date.now();
  for (;;) {
    const status = (await page.getByRole('status').filter({ hasText: 'loaded' }).textContent()) ?? '';
    if (!status.includes('more')) break;
    await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(5);
  }
  const loadMs = Date.now() - loadStart;
  const loaded = Number(
    ((await page.getByRole('status').filter({ hasText: 'loaded' }).textContent()) ?? '').replace(
      /[^\d]/g,
      '',
    ),
  );

  // Scroll from top to bottom, one step per frame, and record every long task.
  const passes = await scrollPasses(grid, 3);
  const maxRows = Math.max(...passes.map((p) => p.maxRows));
  const scrolled = describePasses(passes);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const heapMb = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;

  const assets = join(ROOT, 'out/renderer/assets');
  const gzip = readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f))).length, 0);

  writeSection(
    'Renderer: 100,000 rows in Chromium',
    [
      {
        measure: 'payments loaded by scrolling',
        value: `${loaded.toLocaleString('en-US')} in ${(loadMs / 1000).toFixed(1)} s`,
        target: `≥ ${TARGET_ROWS.toLocaleString('en-US')}`,
        met: loaded >= TARGET_ROWS,
      },
      {
        measure: 'row elements in the DOM (most seen while scrolling)',
        value: String(maxRows),
        target: '≤ 150',
        met: maxRows <= 150,
      },
      {
        measure: 'long tasks while scrolling top to bottom, three passes',
        value: scrolled.value,
        target: 'none over 50 ms',
        met: scrolled.longest <= 50,
      },
      {
        measure: 'JS heap after loading, after GC',
        value: `${heapMb.toFixed(1)} MB`,
        target: '≤ 200 MB',
        met: heapMb <= 200,
      },
      {
        measure: 'renderer bundle (JS + CSS, gzip)',
        value: `${(gzip / 1024).toFixed(0)} KB`,
        target: '≤ 350 KB',
        met: gzip <= 350 * 1024,
      },
      {
        measure: 'first rows on screen after the page starts loading',
        value: `${firstRowsMs} ms`,
        target: '≤ 1,000 ms',
        met: firstRowsMs <= 1000,
      },
    ],
    'Headless Debian Chromium, 1280×800; the built app (out/main/index.js through the Electron stand-in) reads a local sandbox (records-scale 48) over HTTP.',
  );
} finally {
  await app.quit();
  await browser.close();
  await sandbox.close();
  folders.remove();
}
