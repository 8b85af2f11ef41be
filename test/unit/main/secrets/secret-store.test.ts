// Keys in the keychain: the real OS keychain through keytar (run under scripts/with-keyring.mjs), and
// ConnectionKeys over it with the database's record of what the keychain refused: keys for this run
// only when it refuses, said in plain words per OS, moved to the keychain once it works.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyAccount } from '../../../../src/main/base/key-account';
import { redactText, registerSecret } from '../../../../src/main/log/redact';
import { ConnectionKeys } from '../../../../src/main/secrets/connection-keys';
import { createKeychainSecretStore } from '../../../../src/main/secrets/create-secret-store';
import { keychainProblem } from '../../../../src/main/secrets/keychain-help';
import { KeytarSecretStore } from '../../../../src/main/secrets/keytar-secret-store';
import type { KeytarLike } from '../../../../src/main/secrets/keytar-secret-store';
import { MemorySecretStore } from '../../../../src/main/secrets/memory-secret-store';
import type { SecretStore } from '../../../../src/main/secrets/secret-store';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

const SERVER = 'https://pm.example.com';

const keyring = process.env.PROPDESK_KEYRING === '1';
if (!keyring) {
  const why =
    'PROPDESK_KEYRING is not set: run through `node scripts/with-keyring.mjs` (npm run test:unit) to test the real keychain';
  if (process.env.CI === 'true') {
    it('has an OS keychain to test against under CI', () => {
      throw new Error(why);
    });
  } else {
    console.warn(`[skipped] real keychain test: ${why}`);
  }
}

let temp: TempStore;
beforeEach(() => {
  temp = tempStore('keys');
});
afterEach(() => temp.close());

function keysOver(keychain: SecretStore, platform: NodeJS.Platform = 'linux', problems: string[] = []) {
  return new ConnectionKeys({
    keychain,
    ledger: temp.store.keychain,
    platform,
    onSecret: registerSecret,
    onProblem: (p) => problems.push(p),
  });
}

describe.runIf(keyring)('KeytarSecretStore on the real OS keychain', () => {
  it('stores, reads, lists and deletes a key under service PropDesk', async () => {
    const store = new KeytarSecretStore({ service: `PropDesk-test-${randomUUID()}` });
    const account = keyAccount(randomUUID(), SERVER);
    await store.probe();
    expect(await store.get(account)).toBeUndefined();
    await store.set(account, 'pdk_RealKeychainKey123');
    expect(await store.get(account)).toBe('pdk_RealKeychainKey123');
    expect(await store.accounts()).toEqual([account]);
    await store.delete(account);
    expect(await store.get(account)).toBeUndefined();
  });

  it('through the app’s keys, a working keychain is persistent and learns keys for redaction', async () => {
    const keys = keysOver(createKeychainSecretStore({ service: `PropDesk-test-${randomUUID()}` }));
    await keys.ready();
    await keys.set('c1', SERVER, 'pdk_FreshlySavedKey987');
    expect(keys.status()).toEqual({ persistent: true, undeleted: 0 });
    expect(await keys.state('c1', SERVER)).toBe('stored');
    expect(redactText('sent pdk_FreshlySavedKey987')).not.toContain('FreshlySaved');
    await keys.forget('c1', SERVER);
    expect(await keys.state('c1', SERVER)).toBe('none');
  });
});

describe('when the keychain is unavailable', () => {
  it('real keytar with an unreachable session bus fails; the key is used for the session and the words say so', () => {
    const script = `
      import { openStore } from ${JSON.stringify(resolve('src/main/store/open-store.ts'))};
      import { ConnectionKeys } from ${JSON.stringify(resolve('src/main/secrets/connection-keys.ts'))};
      import { createKeychainSecretStore } from ${JSON.stringify(resolve('src/main/secrets/create-secret-store.ts'))};
      const store = openStore(':memory:');
      const keys = new ConnectionKeys({
        keychain: createKeychainSecretStore(), ledger: store.keychain, platform: 'linux',
        onSecret: () => undefined, onProblem: () => undefined,
      });
      await keys.ready();
      const status = keys.status();
      await keys.set('c1', 'https://pm.example.com', 'pdk_SessionOnlyKey555');
      console.log(JSON.stringify({ status, after: keys.status(), key: await keys.get('c1', 'https://pm.example.com') }));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/propdesk-test-bus' },
      encoding: 'utf8',
      // Starting tsx in a child takes long on a busy machine; within the test's own budget.
      timeout: 100_000,
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    expect(child.status, child.stderr).toBe(0);
    const out = JSON.parse(line) as {
      status: { persistent: boolean; problem?: string };
      after: { persistent: boolean };
      key: string;
    };
    if (process.platform === 'linux') {
      expect(out.status.persistent).toBe(false);
      expect(out.status.problem).toMatch(/GNOME Keyring \(gnome-keyring\) or KWallet/);
      expect(out.after.persistent).toBe(false);
    }
    expect(out.key).toBe('pdk_SessionOnlyKey555');
  });

  it('a failing keytar (locked, cancelled prompt) keeps the key for this run, records it and says so', async () => {
    const written: string[] = [];
    const locked: KeytarLike = {
      getPassword: async () => {
        throw new Error('User canceled the operation.');
      },
      setPassword: async (_s, _a, p) => {
        written.push(p);
        throw new Error('User canceled the operation.');
      },
      deletePassword: async () => false,
    };
    const problems: string[] = [];
    const keys = keysOver(new KeytarSecretStore({ load: async () => locked }), 'darwin', problems);
    await keys.set('c1', SERVER, 'pdk_KeyKeptInMemory1');
    expect(await keys.get('c1', SERVER)).toBe('pdk_KeyKeptInMemory1');
    expect(await keys.state('c1', SERVER)).toBe('session');
    expect(keys.status().persistent).toBe(false);
    expect(keys.status().problem).toMatch(/used until you quit.*login keychain in Keychain Access/);
    expect(problems).toHaveLength(1);
    expect(temp.store.keychain.pending()).toMatchObject([{ account: `c1@${SERVER}`, operation: 'write' }]);
    expect(JSON.stringify(temp.store.db.prepare('SELECT * FROM keychain_pending').all())).not.toContain(
      'KeyKeptInMemory',
    );
  });

  it('a keychain that failed once (busy at start-up) still gives the keys it holds when asked again', async () => {
    let busy = true;
    const held = new Map([[`c1@${SERVER}`, 'pdk_StoredBeforeRestart1']]);
    const slow: KeytarLike = {
      getPassword: async (_s, a) =>
        busy ? Promise.reject(new Error('Timeout was reached')) : (held.get(a) ?? null),
      setPassword: async (_s, a, p) => void held.set(a, p),
      deletePassword: async (_s, a) => held.delete(a),
    };
    const keys = keysOver(new KeytarSecretStore({ load: async () => slow }));
    await expect(keys.get('c1', SERVER)).rejects.toThrow(/couldn't read this connection's API key/);
    expect(await keys.state('c1', SERVER)).toBe('unavailable');
    expect(keys.status().persistent).toBe(false);
    busy = false;
    expect(await keys.get('c1', SERVER)).toBe('pdk_StoredBeforeRestart1');
    expect(keys.status()).toEqual({ persistent: true, undeleted: 0 });
  });

  it('a missing native module is a problem to report, not a crash; keys move to the keychain once it works', async () => {
    let available = false;
    const saved = new Map<string, string>();
    const flaky: KeytarLike = {
      getPassword: async (_s, a) =>
        available ? (saved.get(a) ?? null) : Promise.reject(new Error('no keyring')),
      setPassword: async (_s, a, p) => {
        if (!available) throw new Error('no keyring');
        saved.set(a, p);
      },
      deletePassword: async (_s, a) => saved.delete(a),
    };
    let loads = 0;
    const keys = keysOver(
      new KeytarSecretStore({
        load: async () =>
          ++loads === 1 ? Promise.reject(new Error('Cannot find module keytar.node')) : flaky,
      }),
      'win32',
    );
    await keys.set('early', SERVER, 'pdk_EarlyKey0000001');
    expect(keys.status().problem).toMatch(/Windows Credential Manager/);
    available = true;
    await keys.set('later', SERVER, 'pdk_LaterKey0000002');
    expect(keys.status()).toEqual({ persistent: true, undeleted: 0 });
    expect([...saved.keys()].sort()).toEqual([`early@${SERVER}`, `later@${SERVER}`]);
    expect(temp.store.keychain.pending()).toEqual([]);
  });

  it('words the fix for each OS', () => {
    expect(keychainProblem('linux')).toMatch(
      /Install and unlock a Secret Service keyring such as GNOME Keyring \(gnome-keyring\) or KWallet/,
    );
    expect(keychainProblem('darwin')).toMatch(/Keychain/);
    expect(keychainProblem('win32')).toMatch(/Credential Manager/);
  });

  it('MemorySecretStore is a plain in-memory keychain for tests', async () => {
    const store = new MemorySecretStore();
    await store.set('a', 'k1');
    expect(await store.get('a')).toBe('k1');
    expect(await store.accounts()).toEqual(['a']);
  });
});
