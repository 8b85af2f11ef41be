// Benchmark: the loopback figures of every request path, re-measured in one run side by side with the
// code as it was before one request scheduler per connection (the commit BEFORE), so that "at 0 ms
// nothing gets slower" is checked on one machine under one load rather than against figures of
// another day. BEFORE's tree is checked out apart (a git worktree, removed afterwards) and each
// benchmark runs there and here, one after the other; each tree's benchmark writes its own
// BENCHMARKS.md, and the rows of the sections it wrote are paired by their measure.
// Run: npm run bench -- side-by-side (needs this repository's git history)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeSection } from './report';
import type { BenchRow } from './report';

/** The last commit before the request scheduler and the parallel offline copy. */
const BEFORE = '6f543a8';
const BENCHES = ['api-paging', 'offline-copy', 'labels', 'suggestions-poll'];
/** Measures renamed since BEFORE, by what they were called then: the same question, asked anew. */
const CALLED_THEN: Record<string, string> = {
  'demo: cold, no size known, median of 5': 'demo: cold from the service, median of 5',
  'records-scale 48: cold, no size known, median of 3':
    'records-scale 48: cold from the service, median of 3',
  'demo: cold, no size known: reads by ID (walks)': 'demo: cold from the service, list walks (requests)',
  'records-scale 48: cold, no size known: reads by ID (walks)':
    'records-scale 48: cold from the service, list walks (requests)',
};
/** Two runs of one machine differ by this much without any change of code. */
const NOISE = 1.15;

const here = resolve(import.meta.dirname, '..', '..');
const git = (...args: string[]) => {
  const result = spawnSync('git', args, { cwd: here, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

type Sections = Map<string, Map<string, string>>;

/** Each section of a BENCHMARKS.md: its rows' values by measure. */
function sectionsOf(root: string): Sections {
  const file = join(root, 'BENCHMARKS.md');
  const sections: Sections = new Map();
  if (!existsSync(file)) return sections;
  let rows: Map<string, string> | undefined;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('## ')) sections.set(line.slice(3), (rows = new Map()));
    const cells = /^\| (.+?) \| (.+?) \| .+ \| .+ \|$/.exec(line);
    if (rows && cells && cells[1] !== 'measure' && cells[1] !== '---') rows.set(cells[1]!, cells[2]!);
  }
  return sections;
}

/** Runs one benchmark in a tree; answers the sections it wrote (those whose rows changed). */
function run(root: string, name: string): Sections {
  const before = sectionsOf(root);
  const file = join(root, 'test', 'bench', `${name}.bench.ts`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', file], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${name} failed in ${root}`);
  const after = sectionsOf(root);
  return new Map(
    [...after].filter(
      ([title, rows]) => JSON.stringify([...rows]) !== JSON.stringify([...(before.get(title) ?? [])]),
    ),
  );
}

/** A duration in milliseconds when the value starts with one ("4.09 s", "0.8 ms"), else undefined. */
function millis(value: string): number | undefined {
  const m = /^([\d.,]+) (ms|s)\b/.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(/,/g, ''));
  return m[2] === 's' ? n * 1000 : n;
}

const dir = mkdtempSync(join(tmpdir(), 'propdesk-before-'));
const old = join(dir, 'tree');
const rows: BenchRow[] = [];
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
git('worktree', 'add', '--detach', old, BEFORE);
try {
  symlinkSync(join(here, 'node_modules'), join(old, 'node_modules'));
  for (const name of BENCHES) {
    const then = run(old, name);
    const now = run(here, name);
    for (const [title, measured] of now) {
      const earlier = then.get(title);
      for (const [measure, value] of measured) {
        const was = earlier?.get(measure) ?? earlier?.get(CALLED_THEN[measure] ?? '');
        const [a, b] = [was === undefined ? undefined : millis(was), millis(value)];
        rows.push({
          measure: `${title}: ${measure}`,
          value: `${was ?? 'not measured then'} → ${value}`,
          ...(a !== undefined && b !== undefined
            ? { target: `≤ ${NOISE} × before`, met: b <= Math.max(a * NOISE, a + 1) }
            : {}),
        });
      }
    }
  }
} finally {
  git('worktree', 'remove', '--force', old);
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
}

writeSection(
  'Loopback: before and after the request scheduler',
  rows,
  `Each loopback benchmark of a request path run twice in one sitting, on one machine: first in a checkout of ${BEFORE} (the last commit before one request scheduler per connection and the parallel offline copy), then in this tree; "before → now" per measure. Durations are compared with a margin of ${Math.round((NOISE - 1) * 100)} % (or 1 ms), what two runs of unchanged code differ by here. Load average (1 / 5 / 15 min) at the start: ${load}.`,
);
