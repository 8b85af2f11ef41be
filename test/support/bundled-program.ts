// A TypeScript program bundled once per test worker into one JavaScript file, for tests that start it
// as a child process. Started through tsx, every start compiled and loaded hundreds of modules again:
// 20 s and more on a busy machine, so a test starting six children ran out of its budget. The
// packages stay outside the bundle and load from the project's node_modules, as the app's own do.
import { buildSync } from 'esbuild';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** The project's folder, found upwards: this file may itself run from inside a bundle (a child's). */
function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'package.json')) || dir.endsWith('node_modules')) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`No project folder above ${import.meta.dirname}`);
    dir = up;
  }
  return dir;
}

const ROOT = projectRoot();
// Inside the project so the bundle's imports of packages resolve from its node_modules.
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'propdesk-test-programs');

const bundles = new Map<string, string>();

/** The bundled JavaScript file of `entry` (a path from the project's root), built on first use. */
export function bundledProgram(entry: string): string {
  const known = bundles.get(entry);
  if (known) return known;
  mkdirSync(OUT_DIR, { recursive: true });
  // One file per worker: workers build side by side and must not write over each other's file.
  const outfile = join(OUT_DIR, `${basename(entry, '.ts')}-${process.pid}-${threadId}.mjs`);
  buildSync({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'error',
  });
  if (bundles.size === 0)
    process.once('exit', () => bundles.forEach((file) => rmSync(file, { force: true })));
  bundles.set(entry, outfile);
  return outfile;
}
