// Which addresses a connection may have: https anywhere, plain http only to this computer. Checked
// where the renderer's input arrives (the IPC schemas), where addresses are stored (the connection
// service) and where a stored address is used to send the key (Test connection, every call).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { MemorySecretStore } from '../../../../src/main/secrets/memory-secret-store';
import { CHANNELS } from '../../../../src/shared/ipc';
import { createTestServices } from '../../../support/test-services';
import { keyAccount } from '../../../../src/main/base/key-account';

const ALLOWED = [
  'https://pm.example.com',
  'https://pm.example.com:8443/api',
  'http://localhost:4010',
  'http://127.0.0.1:4010',
  'http://127.12.0.3:80/base',
  'http://[::1]:4010',
];
const REFUSED = [
  'http://pm.example.com',
  'http://10.0.0.8:4010',
  'http://192.168.1.20',
  'http://localhost.example.com',
  'http://127.0.0.1.example.com',
  'http://[::2]:4010',
  'ftp://pm.example.com',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'not an address',
];

function issueText(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string {
  return result.error?.issues.map((i) => i.message).join(' ') ?? '';
}

describe('connection addresses in the IPC contract', () => {
  const add = CHANNELS['connections.add'].args;
  const update = CHANNELS['connections.update'].args;
  const base = { name: 'Office', apiKey: 'pdk_abcdefgh12345678' };

  it('accepts https anywhere and http only to loopback, for the API and the web app address', () => {
    for (const address of ALLOWED) {
      expect(add.safeParse({ ...base, baseUrl: address }).success, address).toBe(true);
      expect(update.safeParse({ id: 'c1', baseUrl: address }).success, address).toBe(true);
      expect(
        add.safeParse({ ...base, baseUrl: 'https://pm.example.com', webOrigin: address }).success,
        address,
      ).toBe(true);
    }
  });

  it('refuses every other address and says what is allowed', () => {
    for (const address of REFUSED) {
      for (const result of [
        add.safeParse({ ...base, baseUrl: address }),
        update.safeParse({ id: 'c1', baseUrl: address }),
        update.safeParse({ id: 'c1', webOrigin: address }),
      ]) {
        expect(result.success, address).toBe(false);
        expect(issueText(result), address).toMatch(/https:\/\/.*http:\/\/ on this computer/);
      }
    }
  });
});

describe('connection addresses in the connection service', () => {
  let dataDir: string;
  let services: AppServices;
  const secrets = new MemorySecretStore();
  const sent: string[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-address-'));
    services = createTestServices(dataDir, {
      secrets,
      // Records what would go out, then lets Node's fetch send it for real.
      fetch: (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      },
    });
  });
  afterAll(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('stores any loopback http address and any https address', async () => {
    for (const baseUrl of ['http://127.0.0.2:4010', 'http://[::1]:4010', 'https://pm.example.com']) {
      const added = await services.connections.add({ name: 'Ok', baseUrl, apiKey: 'pdk_abcdefgh12345678' });
      expect(added.baseUrl).toBe(baseUrl);
    }
  });

  it('refuses to store other addresses, for the API and for the web app, and stores nothing', async () => {
    const before = (await services.connections.list()).connections.length;
    for (const address of REFUSED) {
      await expect(
        services.connections.add({ name: 'Bad', baseUrl: address, apiKey: 'pdk_abcdefgh12345678' }),
        address,
      ).rejects.toThrow(/https:\/\/.*http:\/\/ on this computer|API key in its own field/);
      await expect(
        services.connections.add({
          name: 'Bad web',
          baseUrl: 'https://pm.example.com',
          webOrigin: address,
          apiKey: 'pdk_abcdefgh12345678',
        }),
        address,
      ).rejects.toThrow(/https:\/\/.*http:\/\/ on this computer/);
    }
    const good = await services.connections.add({
      name: 'Good',
      baseUrl: 'https://pm.example.com',
      apiKey: 'pdk_abcdefgh12345678',
    });
    await expect(
      services.connections.update({ id: good.id, baseUrl: 'http://pm.example.com' }),
    ).rejects.toThrow(/unencrypted/);
    await expect(
      services.connections.update({ id: good.id, webOrigin: 'javascript:alert(1)' }),
    ).rejects.toThrow(/not allowed/);
    // A refused address in the same update leaves the stored key as it was.
    await expect(
      services.connections.update({
        id: good.id,
        baseUrl: 'http://pm.example.com',
        apiKey: 'pdk_replaced0000000',
      }),
    ).rejects.toThrow(/unencrypted/);
    expect(await secrets.get(keyAccount(good.id, 'https://pm.example.com'))).toBe('pdk_abcdefgh12345678');
    const after = await services.connections.list();
    expect(after.connections).toHaveLength(before + 1);
    expect(after.connections.find((c) => c.id === good.id)).toMatchObject({
      baseUrl: 'https://pm.example.com',
      webOrigin: null,
    });
  });

  it('never sends the key to a stored address that breaks the rule (an older or edited database)', async () => {
    services.store.connections.insert({
      id: 'old-row',
      name: 'Old',
      baseUrl: 'http://pm.example.com',
      webOrigin: null,
      kind: 'remote',
    });
    await expect(services.connections.test('old-row')).rejects.toThrow(/unencrypted to pm\.example\.com/);
    await services.connections.switchTo('old-row');
    expect(() => services.clients.client()).toThrow(/unencrypted/);
    expect(sent.filter((url) => url.includes('pm.example.com'))).toEqual([]);
  });
});
