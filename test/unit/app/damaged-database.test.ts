// A damaged database file at start-up: the app starts with a fresh one, keeps the old file aside,
// and tells the user where it went.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createAppServices } from '../../../src/main/app-services';
import { nodeProcessLauncher } from '../../../src/main/connections/node-process-launcher';
import { createLogger } from '../../../src/main/log/logger';
import { MemorySecretStore } from '../../../src/main/secrets/memory-secret-store';

it('moves a damaged database aside and tells the user where it is', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-damaged-'));
  const garbage = randomBytes(8192);
  writeFileSync(join(dataDir, 'propdesk.sqlite'), garbage);
  const services = createAppServices({
    dataDir,
    fetch: globalThis.fetch,
    secrets: new MemorySecretStore({ persistent: true }),
    launcher: nodeProcessLauncher(process.execPath, ['--version']),
    emit: () => undefined,
    appInfo: () => ({ name: 'PropDesk', version: 'test', platform: process.platform }),
    logger: createLogger({ console: false }),
  });
  try {
    const info = await services.handlers['app.info']({});
    expect(info.notices).toHaveLength(1);
    const movedTo = /moved it aside to (\S+) and/.exec(info.notices[0]!.message)?.[1];
    expect(movedTo).toBeDefined();
    expect(readFileSync(movedTo!)).toEqual(garbage);
    // The fresh database works: the demo connection is there and active.
    expect((await services.connections.list()).activeId).toBe('demo');
    expect(existsSync(join(dataDir, 'propdesk.sqlite'))).toBe(true);
  } finally {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
