// Runs every benchmark under test/bench one after another (they measure time, so never in parallel);
// each writes its own section of BENCHMARKS.md. `npm run bench -- name` runs only matching ones.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'test', 'bench');
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n▶ ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(dir, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`✖ ${file} exited with ${result.status ?? result.signal}`);
  }
}
console.log(`\n${benches.length - failed} benchmarks ran, ${failed} failed; figures are in BENCHMARKS.md`);
process.exit(failed ? 1 : 0);
