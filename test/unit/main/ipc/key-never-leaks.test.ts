// Runs a whole session through the real IPC dispatcher, handlers and services against the sandbox,
// including failures (a wrong key, a missing scope, bad arguments, an unreachable service), then
// scans the log files, the database files and every IPC result for the API keys.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/main/ipc/dispatch';
import { createLogger } from '../../../../src/main/log/logger';
import { startSandbox } from '../../../../src/sandbox';
import { createTestServices } from '../../../support/test-services';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { Sandbox } from '../../../../src/sandbox';

const trusted = { isMainFrame: true, url: 'file:///app/index.html' };

describe('the API key never leaks', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let services: AppServices;
  const events: unknown[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-leak-'));
    services = createTestServices(dataDir, {
      emit: (event, payload) => events.push({ event, payload }),
      chooseSaveFile: async ({ suggestedName }) => join(dataDir, suggestedName),
      logger: createLogger({ file: join(dataDir, 'logs', 'main.log'), console: false, level: 'debug' }),
    });
  });

  afterAll(async () => {
    await services.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('appears in no log line, database file or IPC result after a whole session', async () => {
    const dispatcher = createDispatcher(
      services.handlers,
      (s) => s === trusted,
      services.mapError,
      services.logger,
    );
    const full = sandbox.keys.find((k) => k.name === 'full')!.key;
    const limited = sandbox.keys.find((k) => k.name === 'properties-only')!.key;
    const results: unknown[] = [];
    const call = async (channel: string, args: unknown = {}) => {
      const res = await dispatcher.dispatch(trusted, channel, args);
      results.push(res);
      return res as { ok: boolean; data?: Record<string, unknown> };
    };

    const added = await call('connections.add', {
      name: 'Main office',
      baseUrl: sandbox.baseUrl,
      apiKey: full,
    });
    expect(added.ok).toBe(true);
    const id = String(added.data!.id);
    await call('connections.switch', { id });
    // No offline copy: the failures below must come from the service, not be answered from a copy.
    await call('offlineCopy.setKeepCopy', { keep: false });
    const page = await call('collections.list', {
      collection: 'leases',
      filters: { status: 'active' },
      limit: 5,
    });
    expect(page.ok).toBe(true);
    const first = (page.data!.data as Array<{ id: string }>)[0]!;
    await call('collections.get', { collection: 'leases', id: first.id });
    await call('collections.get', { collection: 'leases', id: 'does-not-exist' });
    await call('contract.get');
    await call('connections.test', { id });
    await call('connections.list');
    await call('collections.list', { collection: 'leases', filters: {}, cursor: `${full}.tampered` });
    await call('collections.list', { collection: 'leases', filters: { status: full } });

    // A key with too few scopes, then a wrong key, then an address with nothing listening.
    await call('connections.update', { id, apiKey: limited });
    const forbidden = await call('collections.list', { collection: 'payments', filters: {} });
    expect(forbidden.ok).toBe(false);
    await call('connections.update', { id, apiKey: `${full.slice(0, -4)}XXXX` });
    const unauthorised = await call('collections.list', { collection: 'units', filters: {} });
    expect(unauthorised.ok).toBe(false);
    await call('connections.update', { id, baseUrl: 'http://127.0.0.1:9', apiKey: full });
    const unreachable = await call('collections.list', { collection: 'units', filters: {} });
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'network' } });
    await call('connections.add', { name: 'Typo', baseUrl: 'https://pm.example.com', apiKey: `${full} ` });
    services.logger.error('Something failed while talking to the service', {
      headers: { Authorization: `Bearer ${full}` },
      body: `key=${full}`,
    });
    await services.stop();

    const secrets = [full, limited, full.slice(4), limited.slice(4)];
    const texts: Array<[string, string]> = [
      ['ipc results', JSON.stringify(results)],
      ['events', JSON.stringify(events)],
    ];
    const logDir = join(dataDir, 'logs');
    for (const file of existsSync(logDir) ? readdirSync(logDir) : [])
      texts.push([`log ${file}`, readFileSync(join(logDir, file), 'latin1')]);
    for (const file of readdirSync(dataDir).filter((f) => f.startsWith('propdesk.sqlite')))
      texts.push([`db ${file}`, readFileSync(join(dataDir, file), 'latin1')]);
    expect(texts.some(([name]) => name.startsWith('db propdesk.sqlite'))).toBe(true);
    expect(texts.some(([name, text]) => name.startsWith('log') && text.includes('Something failed'))).toBe(
      true,
    );
    for (const [name, text] of texts) {
      for (const secret of secrets) expect(text.includes(secret), `${name} contains a key`).toBe(false);
    }
  });
});
