// End-to-end tests: Debian's Chromium (never a downloaded browser) loads the built renderer from file://.
import { defineConfig } from '@playwright/test';

export const CHROMIUM = process.env.PROPDESK_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 2,
  // Sized for a busy 2-core machine running two suites at once, where a test takes several times as
  // long as on a quiet one. A test's budget only catches a hang (each assertion bounds its own step),
  // so every test has the same generous one rather than one fitted to a quiet machine. An assertion
  // waits this long for a state the app reaches by itself (a page loaded, an answer shown). Only a
  // failing test ever waits either out.
  timeout: 600_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--allow-file-access-from-files',
      ],
    },
  },
});
