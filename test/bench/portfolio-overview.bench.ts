// Benchmark: the portfolio overview's five charts computed from the offline copy of a large
// organisation (records-scale 48: over 100,000 payments), as main does it for the Overview tab: the
// first time (records read from SQLite and parsed) and again (parsed copies cached), and the size of
// the answer that crosses IPC.
// Run: npx tsx test/bench/portfolio-overview.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PortfolioService } from '../../src/main/portfolio/portfolio-service';
import { compileContract } from '../../src/shared/contract/compile-contract';
import { benchCopy, startLargeSandbox } from './large-sandbox';
import { median, writeSection } from './report';

const WARM_RUNS = 7;

const sandbox = await startLargeSandbox();
const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-overview-'));

try {
  const { store, client, offlineCopy } = benchCopy(sandbox, dir);
  const contract = compileContract(await client.openapi());
  offlineCopy.start();
  const status = await offlineCopy.whenIdle();
  if (status.state !== 'done') throw new Error(`update ended ${status.state}: ${status.message}`);
  const count = (c: string) => status.collections.find((x) => x.collection === c)!.count;

  const portfolio = new PortfolioService({
    // No Today figure is asked of the service here: every view reads the copy.
    fromService: () => null,
    repo: store.offlineCopies,
    activeId: () => 'bench',
    contract: () => contract,
    chooseFile: async () => undefined,
    print: () => Promise.reject(new Error('The benchmark prints nothing')),
    locale: () => 'en-US',
    currency: () => 'USD',
    connectionName: () => 'Bench',
    savedFiles: { remember: (path) => ({ savedId: 'bench', name: path, path }) },
  });
  let start = performance.now();
  const overview = portfolio.overview();
  const coldMs = performance.now() - start;
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    start = performance.now();
    portfolio.overview();
    warm.push(performance.now() - start);
  }
  const month = overview.ladder.months.find((m) => m.count > 0)!;
  start = performance.now();
  const narrowed = portfolio.view('expirations', { focus: { kind: 'month', month: month.month } });
  const narrowedMs = performance.now() - start;
  const payloadKiB = Buffer.byteLength(JSON.stringify(overview)) / 1024;
  store.close();

  writeSection(
    'Portfolio overview (five charts from the offline copy)',
    [
      {
        measure: 'records the charts read',
        value: `${count('payments').toLocaleString('en')} payments, ${count('leases').toLocaleString('en')} leases, ${count('units').toLocaleString('en')} units, ${count('maintenance_requests').toLocaleString('en')} requests`,
      },
      { measure: 'overview, first (read from SQLite and parsed)', value: `${coldMs.toFixed(0)} ms` },
      {
        measure: `overview again, median of ${WARM_RUNS} (parsed copies cached)`,
        value: `${median(warm).toFixed(0)} ms`,
      },
      {
        measure: `expirations narrowed to one ladder month (${narrowed.rows.length} leases)`,
        value: `${narrowedMs.toFixed(0)} ms`,
      },
      { measure: 'overview answer as JSON (crosses IPC)', value: `${payloadKiB.toFixed(0)} KiB` },
    ],
    'Sandbox in its own process (records-scale 48, seed 3), copied by OfflineCopyService into a real SQLite file, then PortfolioService.overview() with the sandbox’s compiled contract, as the portfolio.overview handler calls it.',
  );
} finally {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
}
