// Shared set-up of the update tests: a sandbox the test controls (faults, rate limit, latency), the app's
// real main services on a temp folder with a remote connection to it, and an oracle that lists a
// collection with plain fetch (retrying the sandbox's injected faults) to compare against.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../src/main/app/app-services';
import type { AppPorts } from '../../src/main/app/app-ports';
import type { Collection, ServiceRecord } from '../../src/shared/service';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../src/sandbox';
import { createTestServices } from './test-services';

export interface OfflineCopyFixture {
  sandbox: Sandbox;
  services: AppServices;
  connectionId: string;
  key: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function offlineCopyFixture(
  sandboxOptions: SandboxOptions = {},
  overrides: Partial<AppPorts> = {},
): Promise<OfflineCopyFixture> {
  const sandbox = await startSandbox(sandboxOptions);
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-sync-'));
  const services = createTestServices(dataDir, overrides);
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const connection = await services.connections.add({
    name: 'Test service',
    baseUrl: sandbox.baseUrl,
    apiKey: key,
  });
  // These tests make the copy themselves, each in its own way: the connection is first used with
  // "keep no copy" chosen, so no copy is started for it, and the choice is undone at once.
  services.store.offlineCopies.setKeepCopy(connection.id, false);
  await services.connections.switchTo(connection.id);
  services.store.offlineCopies.setKeepCopy(connection.id, true);
  return {
    sandbox,
    services,
    connectionId: connection.id,
    key,
    dataDir,
    async close() {
      await services.stop();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** Every record of a listing, in the service's order, read with plain fetch; faults are retried. */
export async function cleanListing(
  baseUrl: string,
  key: string,
  collection: Collection | 'proposals',
  filters: Record<string, string> = {},
): Promise<ServiceRecord[]> {
  const out: ServiceRecord[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100_000; guard++) {
    const params = new URLSearchParams({ ...filters, limit: '100', ...(cursor ? { cursor } : {}) });
    let page: { data: ServiceRecord[]; nextCursor: string | null; hasMore: boolean } | undefined;
    for (let attempt = 0; attempt < 50 && !page; attempt++) {
      try {
        const res = await fetch(`${baseUrl}/api/v1/${collection}?${params}`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        if (res.status === 200) page = (await res.json()) as typeof page;
        else if (res.status === 400) throw new Error(`listing refused: ${await res.text()}`);
        else await new Promise((r) => setTimeout(r, res.status === 429 ? 300 : 20));
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('listing refused')) throw error;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    if (!page) throw new Error('the oracle could not read a page');
    out.push(...page.data);
    if (!page.hasMore) return out;
    cursor = page.nextCursor;
  }
  throw new Error('listing did not end');
}

/** Runs updates until one completes (each later one resumes), returning how many runs it took. */
export async function offlineCopyToEnd(services: AppServices, maxRuns = 10): Promise<number> {
  for (let run = 1; run <= maxRuns; run++) {
    services.offlineCopy.start();
    const status = await services.offlineCopy.whenIdle();
    if (status.state === 'done') return run;
  }
  throw new Error(`the update did not complete in ${maxRuns} runs`);
}
