// Smoke test of the real Electron app. It runs only where Electron's binary is installed: the binary
// is downloaded from outside the package registries on first start, so machines without the internet
// skip it and say so.
import { _electron as electron, test, expect } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');

// Resolved the way electron's own index.js does, but without its fallback of downloading the binary:
// this test must never reach for the network.
function electronBinary(): string | undefined {
  const pkg = dirname(require.resolve('electron/package.json'));
  const pathFile = join(pkg, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkg, 'dist');
  const full = join(dist, relative);
  return existsSync(full) ? full : undefined;
}

const binary = electronBinary();

test('the packaged window opens hardened on the demo organisation', async () => {
  test.skip(
    !binary,
    'Electron’s binary is not installed here (it is downloaded on the first `npm start`, which needs the internet).',
  );
  const app = await electron.launch({
    executablePath: binary,
    args: [join(ROOT, 'out/main/index.js')],
    env: { ...process.env, PROPDESK_USER_DATA: join(ROOT, 'test-results/electron-user-data') },
  });
  try {
    const win = await app.firstWindow();
    await expect(win.locator('html[data-app-state="ready"]')).toBeAttached();
    // No Node in the page, only the bridge's domain functions.
    const globals = await win.evaluate(() => [
      typeof Reflect.get(globalThis, 'require'),
      typeof Reflect.get(globalThis, 'process'),
    ]);
    expect(globals).toEqual(['undefined', 'undefined']);
    expect(await win.evaluate(() => Object.keys(Reflect.get(window, 'propdesk') as object))).toContain(
      'collections',
    );
    // Navigation away from the app is refused.
    const before = win.url();
    await win.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    // The page still answers as the app (a navigation would have replaced it) at the same address.
    await expect.poll(() => win.evaluate(() => typeof Reflect.get(window, 'propdesk'))).toBe('object');
    expect(win.url()).toBe(before);
    await win.screenshot({ path: join(ROOT, 'test-results/screens/electron-window.png') });
  } finally {
    await app.close();
  }
});
