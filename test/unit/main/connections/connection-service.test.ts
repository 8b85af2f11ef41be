// Connections against real parts: a SQLite file, the demo organisation started as its own process,
// a second sandbox as a "remote" service, and the contract cache used when a service is unreachable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { DEMO_CONNECTION_ID, normaliseBaseUrl } from '../../../../src/main/connections/connection-service';
import { MemorySecretStore } from '../../../../src/main/secrets/memory-secret-store';
import { createTestServices } from '../../../support/test-services';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { keyAccount } from '../../../../src/main/base/key-account';

function build(
  dataDir: string,
  events: Array<{ event: string; payload: unknown }>,
  secrets = new MemorySecretStore(),
): AppServices {
  return createTestServices(dataDir, { secrets, emit: (event, payload) => events.push({ event, payload }) });
}

describe('connections', () => {
  let remote: Sandbox;
  let dataDir: string;
  beforeAll(async () => {
    remote = await startSandbox({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-conn-'));
  });
  afterAll(async () => {
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('opens on the demo organisation, started as its own process on loopback, and stops it on quit', async () => {
    const events: Array<{ event: string; payload: unknown }> = [];
    const services = build(join(dataDir, 'first'), events);
    const listed = await services.connections.list();
    expect(listed.activeId).toBe(DEMO_CONNECTION_ID);
    expect(listed.connections).toEqual([
      expect.objectContaining({ id: DEMO_CONNECTION_ID, kind: 'demo', hasKey: true }),
    ]);
    const page = await services.clients.client().list('properties', { limit: 3 });
    expect(page.data).toHaveLength(3);
    const { baseUrl } = await (
      services.connections as unknown as { options: { demo: { endpoint(): Promise<{ baseUrl: string }> } } }
    ).options.demo.endpoint();
    expect(new URL(baseUrl).hostname).toBe('127.0.0.1');
    await services.stop();
    await expect(fetch(`${baseUrl}/api/v1/openapi.json`)).rejects.toThrow();
  });

  it('switching clears what was cached for the other connection and tells the renderer', async () => {
    const events: Array<{ event: string; payload: unknown }> = [];
    const services = build(join(dataDir, 'switch'), events);
    try {
      const demoContract = await services.contract.get(DEMO_CONNECTION_ID, () =>
        services.clients.client().openapi(),
      );
      const other = await services.connections.add({
        name: 'Other org',
        baseUrl: remote.baseUrl,
        apiKey: remote.keys.find((k) => k.name === 'other-org')!.key,
      });
      await services.connections.switchTo(other.id);
      expect(events.filter((e) => e.event === 'connections.changed').at(-1)).toEqual({
        event: 'connections.changed',
        payload: { activeId: other.id },
      });
      const demoIds = new Set(
        (await services.handlers['collections.list']({ collection: 'properties', filters: {} })).data.map(
          (r) => r.id,
        ),
      );
      await services.connections.switchTo(DEMO_CONNECTION_ID);
      const again = await services.handlers['collections.list']({ collection: 'properties', filters: {} });
      expect(again.data.some((r) => demoIds.has(r.id))).toBe(false);
      // The contract is fetched afresh rather than served from the previous connection's memory.
      const fresh = await services.contract.get(DEMO_CONNECTION_ID, () =>
        services.clients.client().openapi(),
      );
      expect(fresh.fetchedAt >= demoContract.fetchedAt).toBe(true);
    } finally {
      await services.stop();
    }
  });

  it('keeps the key in the secret store, refuses to remove the demo, and serves the cached contract offline', async () => {
    const events: Array<{ event: string; payload: unknown }> = [];
    const secrets = new MemorySecretStore();
    const services = build(join(dataDir, 'offline'), events, secrets);
    try {
      const key = remote.keys.find((k) => k.name === 'full')!.key;
      const added = await services.connections.add({
        name: 'Office',
        baseUrl: `${remote.baseUrl}/`,
        apiKey: key,
      });
      expect(added).toMatchObject({ baseUrl: remote.baseUrl, hasKey: true, kind: 'remote' });
      expect(await secrets.get(keyAccount(added.id, remote.baseUrl))).toBe(key);
      await expect(services.connections.remove(DEMO_CONNECTION_ID)).rejects.toThrow(/built in/);
      await services.connections.switchTo(added.id);
      expect((await services.handlers['contract.get']({})).source).toBe('network');
      await services.connections.update({ id: added.id, baseUrl: 'http://127.0.0.1:9', apiKey: key });
      const cached = await services.handlers['contract.get']({});
      expect(cached.source).toBe('cache');
      expect(
        events.some(
          (e) => e.event === 'connectivity.changed' && (e.payload as { online: boolean }).online === false,
        ),
      ).toBe(true);
      await services.connections.remove(added.id);
      expect(await secrets.accounts()).toEqual([]);
      expect((await services.connections.list()).activeId).toBe(DEMO_CONNECTION_ID);
    } finally {
      await services.stop();
    }
  });

  it('refuses addresses that would expose the key', () => {
    expect(() => normaliseBaseUrl('http://pm.example.com')).toThrow(/https/);
    expect(() => normaliseBaseUrl('https://user:pw@pm.example.com')).toThrow(/own field/);
    expect(normaliseBaseUrl('https://pm.example.com/api/?x=1#y')).toBe('https://pm.example.com/api');
    expect(normaliseBaseUrl('http://localhost:4010/')).toBe('http://localhost:4010');
  });
});
