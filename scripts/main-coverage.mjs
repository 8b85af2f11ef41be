// Reports, from the V8 coverage the end-to-end run's main processes wrote, how many of those processes
// ran the built main bundle and how much of src/main/index.ts and src/main/electron/adapter.ts they ran
// (through the bundle's source map). Fails when a file was not run at all or fell below its floor:
// the e2e suite exists to run the shipped wiring, so a drop here means a test stopped booting it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const dir = process.argv[2] ?? join(ROOT, 'test-results/main-coverage');
const FLOOR = 80; // per cent of lines; the rest is macOS-only and development-only code
const FILES = ['src/main/index.ts', 'src/main/electron/adapter.ts'];

const runs = existsSync(dir)
  ? readdirSync(dir).filter((f) =>
      (JSON.parse(readFileSync(join(dir, f), 'utf8')).result ?? []).some((r) =>
        r.url.endsWith('/out/main/index.js'),
      ),
    ).length
  : 0;
if (runs === 0) {
  console.error(`main coverage: no main process wrote coverage into ${dir}`);
  process.exit(1);
}

const out = join(dir, '..', 'main-coverage-report');
const c8 = spawnSync(
  'npx',
  [
    'c8',
    'report',
    '--temp-directory',
    dir,
    '--report-dir',
    out,
    '--reporter',
    'json-summary',
    '--all',
    'false',
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
if (c8.status !== 0) process.exit(c8.status ?? 1);
const summary = JSON.parse(readFileSync(join(out, 'coverage-summary.json'), 'utf8'));

let failed = false;
console.log(`\nThe e2e suite booted the built main bundle ${runs} times. Of the shipped wiring it ran:`);
for (const file of FILES) {
  const key = Object.keys(summary).find((k) => k.endsWith(file.split('/').join(sep)));
  const lines = key ? summary[key].lines : undefined;
  const functions = key ? summary[key].functions : undefined;
  if (!lines || lines.covered === 0) {
    console.error(`  ${file}: not run at all`);
    failed = true;
    continue;
  }
  const below = lines.pct < FLOOR;
  failed ||= below;
  console.log(
    `  ${file}: ${lines.covered}/${lines.total} lines (${lines.pct}%), ${functions.covered}/${functions.total} functions${below ? `  ← below ${FLOOR}%` : ''}`,
  );
}
process.exit(failed ? 1 : 0);
