// What only the shipped wiring can show, checked on the built main bundle through the Electron
// stand-in: the window and session are hardened as built, exports go through main's own save dialog
// (cancel says nothing, a failed write says why), a second instance gives way to the first, quitting
// ends the demo service's process and closes the database, and a new start finds the same drafts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { CHANNEL_NAMES } from '../../src/shared/ipc';
import { readAll } from '../../src/main/api/read-listing';
import { AppProcess } from '../support/electron-host/app-process';
import { DialogScript } from '../support/electron-host/dialog-script';
import { test, expect } from './harness/app-fixture';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('the window, its contents and the session are set up hardened', async ({ app }) => {
  const report = await app.main.inspect();
  expect(report.windows).toHaveLength(1);
  const [window] = report.windows;
  expect((window!.options as { webPreferences: unknown }).webPreferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
  });
  expect((window!.options as { webPreferences: { preload: string } }).webPreferences.preload).toMatch(
    /out\/preload\/index\.cjs$/,
  );
  // Every way of leaving the app's page is refused, and no page may open another window.
  expect(window!.navigationPrevented).toEqual({
    'will-navigate': true,
    'will-frame-navigate': true,
    'will-redirect': true,
    'will-attach-webview': true,
  });
  expect(window!.windowOpen).toBe('deny');
  expect(report.appWideWindowOpen).toBe('deny');
  // No permission is granted to any page, on the window's session or the default one.
  expect(window!.permissionsGranted).toEqual([]);
  expect(window!.permissionsChecked).toEqual([]);
  expect(report.defaultSession.permissionsGranted).toEqual([]);
  expect(report.defaultSession.permissionsChecked).toEqual([]);
  // A packaged-style run installs no development header hook (the CSP is the page's own).
  expect(report.defaultSession.headerHooks).toBe(0);
  expect([...report.ipcChannels].sort()).toEqual([...CHANNEL_NAMES].sort());
  expect(report.singleInstanceLock).toBe(true);
  expect(app.main.menu).toEqual(expect.arrayContaining(['File › Connections…', 'View › Go to…']));
});

test('a collection export asks main’s save dialog and writes what the service has', async ({ app }) => {
  const { page } = app;
  await app.open('#/c/units');
  const exportButton = page.getByRole('button', { name: 'Export CSV' });

  // Cancelled: no file, and nothing said.
  await exportButton.click();
  await expect.poll(() => app.dialogs.calls.length).toBe(1);
  await expect(exportButton).toBeEnabled();
  await expect(page.getByRole('status').filter({ hasText: /Export|rows/ })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A folder that is gone: the write fails and the user is told which file and why.
  app.dialogs.answerSave(join(app.documents, 'gone', 'units.csv'));
  await exportButton.click();
  await expect(
    page.getByText(/Export failed: PropDesk could not write “units\.csv”: that folder no longer exists/),
  ).toBeVisible();

  // A name typed without its type still becomes a .csv file a spreadsheet opens.
  const target = join(app.documents, 'units.csv');
  app.dialogs.answerSave(join(app.documents, 'units'));
  await exportButton.click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toContainText('“units.csv”');
  const parsed = Papa.parse<Record<string, string>>(readFileSync(target, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  const expected = await readAll(await app.demoClient(), 'units', {});
  expect(rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  expect(app.dialogs.calls).toHaveLength(3);
});

test('a portfolio export asks main’s save dialog and writes the view’s rows', async ({ app }) => {
  const { page } = app;
  await app.updateOfflineCopy();
  await app.open('#/portfolio/vacancy');
  const table = await app.call('portfolio.view', { view: 'vacancy' });
  const exportButton = page.getByRole('button', { name: 'Export CSV' });

  await exportButton.click();
  await expect.poll(() => app.dialogs.calls.length).toBe(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/^Saved /)).toHaveCount(0);

  app.dialogs.answerSave(join(app.documents, 'gone', 'vacancy.csv'));
  await exportButton.click();
  await expect(page.getByRole('alert')).toContainText(
    'PropDesk could not write “vacancy.csv”: that folder no longer exists',
  );

  const target = join(app.documents, 'vacancy.csv');
  app.dialogs.answerSave(target);
  await exportButton.click();
  await expect(
    page.getByText(`Saved ${table.rows.length.toLocaleString('en-US')} rows to “vacancy.csv”.`),
  ).toBeVisible();
  // The header on the first line, after the byte-order mark.
  const text = readFileSync(target, 'utf8');
  expect(text.startsWith(`\uFEFF${Papa.unparse([[table.groupLabel]])},`)).toBe(true);
  const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data.slice(1);
  // Every row of the view, then one line of totals over all of them.
  expect(rows).toHaveLength(table.rows.length + 1);
  expect(rows.at(-1)![0]).toBe('Total');
  const unitAt = 1 + table.columns.findIndex((c) => c.key === 'unit');
  expect(rows.slice(0, -1).map((r) => r[unitAt])).toEqual(table.rows.map((r) => String(r.cells.unit)));
  const save = app.dialogs.calls.at(-1)!;
  expect(save.kind).toBe('save');
  expect((save.options as { defaultPath: string }).defaultPath).toMatch(
    /Vacancy.* – as of \d{4}-\d{2}-\d{2}\.csv$/,
  );
  // "Open" has the operating system open the file just written.
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect.poll(() => app.files).toEqual([{ action: 'open', path: target }]);
});

test('closing the window ends the app and its demo service, as on Linux and Windows', async ({ app }) => {
  const main = app.main;
  const demo = await main.demoService();
  const [windowId] = [...main.windows.keys()];
  await main.closeWindow(windowId!);
  expect(await main.waitForExit()).toBe(0);
  // The demo service was told to stop before the app ended; on a busy machine its own exit can come a
  // moment after the app's.
  await expect.poll(() => alive(demo.pid), { timeout: 10_000 }).toBe(false);
});

test('a second start gives way to the running app and opens no window', async ({ app }) => {
  const second = await AppProcess.spawn({
    userData: app.dataDir,
    documents: app.documents,
    dialogs: new DialogScript(),
    pageFor: () => Promise.reject(new Error('a second instance must not open a window')),
  });
  expect(await second.waitForExit()).toBe(0);
  expect(second.windows.size).toBe(0);
  expect(second.utilities).toHaveLength(0);
  // The first keeps working.
  await app.open('#/c/tenants');
  await expect(app.page.getByRole('grid', { name: 'Tenants' }).getByRole('row').nth(2)).toBeVisible();
});

test('quitting ends the demo service and closes the database; a new start finds the same drafts', async ({
  app,
}) => {
  const { page } = app;
  await app.open('#/drafts');
  await page.getByRole('button', { name: 'New draft' }).click();
  const naming = page.getByRole('dialog', { name: 'New draft' });
  await naming.getByLabel('Name').fill('Kept across restarts');
  await naming.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kept across restarts' })).toBeVisible();

  const first = app.main;
  const demo = await first.demoService();
  expect(alive(demo.pid)).toBe(true);
  const database = join(app.dataDir, 'propdesk.sqlite');
  expect(existsSync(`${database}-wal`)).toBe(true);

  expect(await first.quit()).toBe(0);
  // The demo service's process is gone, and SQLite removed its log when the database was closed.
  expect(first.utilities.find((u) => u.pid === demo.pid)?.exitCode).not.toBeUndefined();
  expect(alive(demo.pid)).toBe(false);
  expect(existsSync(`${database}-wal`)).toBe(false);

  await app.restart('#/drafts');
  await expect(page.getByRole('row', { name: /Kept across restarts/ })).toBeVisible();
  expect(app.main.pid).not.toBe(first.pid);
});
