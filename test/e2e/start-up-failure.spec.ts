// An unusable database at start-up: the built app says so in Electron's error box, with the store's
// own words (which file, why, what to do), opens no window and quits, instead of running on with no
// window and no message.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AppProcess } from '../support/electron-host/app-process';
import { DialogScript } from '../support/electron-host/dialog-script';

test('a database PropDesk cannot open is said in an error box, and the app quits', async () => {
  const root = mkdtempSync(join(tmpdir(), 'propdesk-start-'));
  try {
    const userData = join(root, 'PropDesk');
    // Where the database file should be there is a folder: SQLite cannot open it, and it is not a
    // damaged file that could be moved aside.
    mkdirSync(join(userData, 'propdesk.sqlite'), { recursive: true });
    const app = await AppProcess.spawn({
      userData,
      documents: join(root, 'Documents'),
      dialogs: new DialogScript(),
      pageFor: () => Promise.reject(new Error('no window may open without a database')),
    });
    expect(await app.waitForExit()).toBe(1);
    expect(app.windows.size).toBe(0);
    expect(app.errorBoxes).toHaveLength(1);
    expect(app.errorBoxes[0]!.title).toBe('PropDesk could not start');
    expect(app.errorBoxes[0]!.content).toMatch(
      /^PropDesk couldn't open its database at .*propdesk\.sqlite .*Check that the folder exists and is writable/,
    );
  } finally {
    rmSync(root, { recursive: true, force: true, maxRetries: 10 });
  }
});
