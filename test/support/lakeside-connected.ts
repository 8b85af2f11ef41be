// The app's services in a fresh data folder, connected to a running Lakeside service with its contract
// read: the setup of tests that draft against a service with other names than the demo's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../src/main/app/app-services';
import type { AppPorts } from '../../src/main/app/app-ports';
import { startLakesideService } from './lakeside-service';
import type { LakesideService } from './lakeside-service';
import { createTestServices } from './test-services';

export interface LakesideConnected {
  lakeside: LakesideService;
  services: AppServices;
  close(): Promise<void>;
}

export async function connectedToLakeside(
  prefix: string,
  keepCopy?: boolean,
  overrides: Partial<AppPorts> = {},
): Promise<LakesideConnected> {
  const lakeside = await startLakesideService();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const services = createTestServices(dataDir, overrides);
  const conn = await services.connections.add({
    name: 'Lakeside',
    baseUrl: lakeside.baseUrl,
    apiKey: lakeside.apiKey,
    ...(keepCopy === undefined ? {} : { keepCopy }),
  });
  await services.connections.switchTo(conn.id);
  await services.contract.get(conn.id, () => services.clients.client().openapi());
  return {
    lakeside,
    services,
    close: async () => {
      await services.stop();
      await lakeside.close();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}
