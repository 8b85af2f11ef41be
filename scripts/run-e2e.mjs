// Runs the end-to-end suite (in a private D-Bus session with a keyring, see with-keyring.mjs) with
// V8 coverage of every main process it boots, then reports how much of the composition root and the
// Electron adapter those processes ran. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const coverage = join(ROOT, 'test-results/main-coverage');
rmSync(coverage, { recursive: true, force: true });

const e2e = spawnSync(
  process.execPath,
  [join(ROOT, 'scripts/with-keyring.mjs'), 'npx', 'playwright', 'test', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, PROPDESK_MAIN_COVERAGE: coverage } },
);
if (e2e.status !== 0) process.exit(e2e.status ?? 1);

const report = spawnSync(process.execPath, [join(ROOT, 'scripts/main-coverage.mjs'), coverage], {
  stdio: 'inherit',
});
process.exit(report.status ?? 1);
