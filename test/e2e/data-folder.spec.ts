// Where the built app keeps its database: PROPDESK_USER_DATA moves the data folder of a development
// build only. A packaged app always uses Electron's userData, so a variable set in the environment
// cannot point an installed PropDesk at another folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './harness/app-fixture';

const DATABASE = 'propdesk.sqlite';

test('a packaged app ignores PROPDESK_USER_DATA and opens its database in Electron’s userData', async ({
  app,
}) => {
  const userData = join(app.dataDir, '..', 'PropDesk-installed');
  const elsewhere = join(app.dataDir, '..', '..', 'elsewhere');
  await app.restart('', { isPackaged: true, userData, env: { PROPDESK_USER_DATA: elsewhere } });
  expect((await app.call('app.info')).dataDir).toBe(userData);
  await app.call('drafts.create', { label: 'Kept where it belongs' });
  expect(existsSync(join(userData, DATABASE))).toBe(true);
  expect(existsSync(join(elsewhere, DATABASE))).toBe(false);
  expect(existsSync(elsewhere)).toBe(false);
});

test('an unpackaged build opens its database in PROPDESK_USER_DATA', async ({ app }) => {
  const userData = join(app.dataDir, '..', 'PropDesk-development');
  const elsewhere = join(app.dataDir, '..', '..', 'elsewhere');
  await app.restart('', { isPackaged: false, userData, env: { PROPDESK_USER_DATA: elsewhere } });
  expect((await app.call('app.info')).dataDir).toBe(elsewhere);
  await app.call('drafts.create', { label: 'Kept in the development folder' });
  expect(existsSync(join(elsewhere, DATABASE))).toBe(true);
  expect(existsSync(join(userData, DATABASE))).toBe(false);
});
