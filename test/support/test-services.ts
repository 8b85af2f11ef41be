// Builds the app's real main-process services for tests and benchmarks: a SQLite file in a temp
// folder, an in-memory secret store, the demo service as a Node child process, events collected.
import { join, resolve } from 'node:path';
import { createAppServices } from '../../src/main/app-services';
import type { AppServices, AppServicesOptions } from '../../src/main/app-services';
import { nodeProcessLauncher } from '../../src/main/connections/node-process-launcher';
import { createLogger } from '../../src/main/log/logger';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';

const ROOT = resolve(import.meta.dirname, '../..');

export const sandboxLauncher = () =>
  nodeProcessLauncher(process.execPath, ['--import', 'tsx', join(ROOT, 'src/sandbox/cli.ts')]);

export function createTestServices(
  dataDir: string,
  overrides: Partial<AppServicesOptions> = {},
): AppServices {
  return createAppServices({
    dataDir,
    fetch: globalThis.fetch,
    secrets: new MemorySecretStore({ persistent: true }),
    launcher: sandboxLauncher(),
    emit: () => undefined,
    appInfo: () => ({ name: 'PropDesk', version: 'test', platform: process.platform }),
    logger: createLogger({ console: false }),
    ...overrides,
  });
}
