// The app's services in a fresh data folder, connected to a demo sandbox with its contract read and no
// offline copy, so every read a test sees is one its services made: the setup of tests that draft or
// name records against the default contract (lakeside-connected.ts is the same for Lakeside's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../src/main/app/app-services';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../src/sandbox';
import { createTestServices } from './test-services';

export interface SandboxConnected {
  sandbox: Sandbox;
  /** The sandbox's key with every scope. */
  key: string;
  services: AppServices;
  close(): Promise<void>;
}

export async function connectedToSandbox(
  prefix: string,
  options: SandboxOptions = {},
): Promise<SandboxConnected> {
  const sandbox = await startSandbox({ port: 0, ...options });
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const services = createTestServices(dataDir);
  const conn = await services.connections.add({
    name: 'Sandbox',
    baseUrl: sandbox.baseUrl,
    apiKey: key,
    keepCopy: false,
  });
  await services.connections.switchTo(conn.id);
  await services.contract.get(conn.id, () => services.clients.client().openapi());
  return {
    sandbox,
    key,
    services,
    close: async () => {
      await services.stop();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}
