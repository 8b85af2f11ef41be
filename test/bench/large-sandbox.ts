// The sandbox of a large organisation (records-scale 48, seed 3, 13 months of payments: over 100,000)
// for the benchmarks that need one, and a SQLite file to copy it into. It runs as a process of its own, as a real service would: its work and its
// heap of 100,000 records do not share the benchmark's event loop or garbage collector.
import { tmpdir } from 'node:os';
import { freeBytesIn } from '../../src/main/offline-copy/disk-room';
import { DEFAULT_COPY_BUDGET } from '../../src/main/offline-copy/copy-budget';
import { join } from 'node:path';
import { ApiClient } from '../../src/main/api/api-client';
import { nodeProcessLauncher } from '../../src/main/connections/node-process-launcher';
import { openStore } from '../../src/main/store/open-store';
import { OfflineCopyService } from '../../src/main/offline-copy/offline-copy-service';
import { benchPaymentMonthsArgs } from './payment-span';
import { TODAY_NEEDS } from '../../src/main/portfolio/today-figures';

export interface LargeSandbox {
  baseUrl: string;
  /** The key with every scope. */
  key: string;
  stop(): Promise<void>;
}

export function startLargeSandbox(): Promise<LargeSandbox> {
  return startSandboxProcess(['--seed', '3', '--records-scale', '48', ...benchPaymentMonthsArgs()]);
}

/** The sandbox started apart with these options (`--latency-ms`, `--rate-limit` …), as `npm run sandbox` would. */
export async function startSandboxProcess(options: readonly string[]): Promise<LargeSandbox> {
  const server = nodeProcessLauncher(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts']).launch({
    args: ['--port', '0', '--json', ...options],
    env: {},
  });
  const started = JSON.parse(await server.firstLine) as {
    baseUrl: string;
    keys: Array<{ name: string; key: string }>;
  };
  return {
    baseUrl: started.baseUrl,
    key: started.keys.find((k) => k.name === 'full')!.key,
    stop: () => server.stop(),
  };
}

/** A SQLite file in the folder with a connection "bench" to the sandbox, and the update that copies it. */
export function benchCopy(sandbox: LargeSandbox, dir: string) {
  const store = openStore(join(dir, 'propdesk.sqlite'));
  store.connections.insert({
    id: 'bench',
    name: 'Bench',
    baseUrl: sandbox.baseUrl,
    webOrigin: null,
    kind: 'remote',
  });
  const client = new ApiClient({ baseUrl: sandbox.baseUrl, getApiKey: () => sandbox.key, fetch });
  const offlineCopy = new OfflineCopyService({
    firstCollections: TODAY_NEEDS,
    freeBytes: freeBytesIn(tmpdir()),
    budget: DEFAULT_COPY_BUDGET,
    repo: store.offlineCopies,
    activeId: () => 'bench',
    clientFor: () => client,
    log: () => undefined,
    loadContract: async () => undefined,
  });
  return { store, client, offlineCopy };
}
