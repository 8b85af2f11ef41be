// Secret stores: the real OS keychain through keytar (run under scripts/with-keyring.mjs), the
// session-only fallback when the keychain fails, and its plain-words explanation per OS.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeychainSecretStore } from '../../../../src/main/secrets/create-secret-store';
import { FallbackSecretStore } from '../../../../src/main/secrets/fallback-secret-store';
import { keychainProblem } from '../../../../src/main/secrets/keychain-help';
import { KeytarSecretStore } from '../../../../src/main/secrets/keytar-secret-store';
import type { KeytarLike } from '../../../../src/main/secrets/keytar-secret-store';
import { MemorySecretStore } from '../../../../src/main/secrets/memory-secret-store';
import { redactText } from '../../../../src/main/log/redact';

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

describe.runIf(keyring)('KeytarSecretStore on the real OS keychain', () => {
  it('stores, reads, reports and deletes a key under service PropDesk', async () => {
    const store = new KeytarSecretStore({ service: `PropDesk-test-${randomUUID()}` });
    const id = randomUUID();
    await store.probe();
    expect(await store.has(id)).toBe(false);
    await store.set(id, 'pdk_RealKeychainKey123');
    expect(await store.get(id)).toBe('pdk_RealKeychainKey123');
    expect(await store.has(id)).toBe(true);
    await store.delete(id);
    expect(await store.get(id)).toBeUndefined();
  });

  it('through the app’s store, a working keychain is persistent and learns keys for redaction', async () => {
    const store = createKeychainSecretStore({ service: `PropDesk-test-${randomUUID()}` });
    expect(await store.ready()).toEqual({ persistent: true });
    await store.set('c1', 'pdk_FreshlySavedKey987');
    expect(redactText('sent pdk_FreshlySavedKey987')).not.toContain('FreshlySaved');
    await store.delete('c1');
  });
});

describe('when the keychain is unavailable', () => {
  it('real keytar with an unreachable session bus fails; the fallback keeps keys for the session and explains', () => {
    const script = `
      import { createKeychainSecretStore } from ${JSON.stringify(resolve('src/main/secrets/create-secret-store.ts'))};
      const store = createKeychainSecretStore({ platform: 'linux' });
      const status = await store.ready();
      await store.set('c1', 'pdk_SessionOnlyKey555');
      console.log(JSON.stringify({ status, after: store.status(), key: await store.get('c1') }));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/propdesk-test-bus' },
      encoding: 'utf8',
      timeout: 30_000,
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

  it('a failing keytar (locked, cancelled prompt) leaves keys in memory only and says why', async () => {
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
    const store = new FallbackSecretStore({
      primary: new KeytarSecretStore({ load: async () => locked }),
      platform: 'darwin',
      onProblem: (p) => problems.push(p),
    });
    await store.set('c1', 'pdk_KeyKeptInMemory1');
    expect(await store.get('c1')).toBe('pdk_KeyKeptInMemory1');
    expect(await store.has('c1')).toBe(true);
    expect(store.status().persistent).toBe(false);
    expect(store.status().problem).toMatch(/kept only until you quit.*login keychain in Keychain Access/);
    expect(problems).toHaveLength(1);
    await store.delete('c1');
    expect(await store.has('c1')).toBe(false);
  });

  it('a keychain that failed once (busy at start-up) still gives the keys it holds when asked again', async () => {
    let busy = true;
    const held = new Map([['c1', 'pdk_StoredBeforeRestart1']]);
    const slow: KeytarLike = {
      getPassword: async (_s, a) =>
        busy ? Promise.reject(new Error('Timeout was reached')) : (held.get(a) ?? null),
      setPassword: async (_s, a, p) => void held.set(a, p),
      deletePassword: async (_s, a) => held.delete(a),
    };
    const store = new FallbackSecretStore({
      primary: new KeytarSecretStore({ load: async () => slow }),
      platform: 'linux',
    });
    expect(await store.get('c1')).toBeUndefined();
    expect(store.status().persistent).toBe(false);
    busy = false;
    expect(await store.get('c1')).toBe('pdk_StoredBeforeRestart1');
    expect(store.status()).toEqual({ persistent: true });
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
    const store = new FallbackSecretStore({
      primary: new KeytarSecretStore({
        load: async () =>
          ++loads === 1 ? Promise.reject(new Error('Cannot find module keytar.node')) : flaky,
      }),
      platform: 'win32',
    });
    await store.set('early', 'pdk_EarlyKey0000001');
    expect(store.status().problem).toMatch(/Windows Credential Manager/);
    available = true;
    await store.set('later', 'pdk_LaterKey0000002');
    expect(store.status()).toEqual({ persistent: true });
    expect([...saved.keys()].sort()).toEqual(['early', 'later']);
  });

  it('words the fix for each OS', () => {
    expect(keychainProblem('linux')).toMatch(
      /install and unlock a Secret Service keyring such as GNOME Keyring \(gnome-keyring\) or KWallet/,
    );
    expect(keychainProblem('darwin')).toMatch(/Keychain/);
    expect(keychainProblem('win32')).toMatch(/Credential Manager/);
  });

  it('MemorySecretStore is a plain in-memory store for tests', async () => {
    const store = new MemorySecretStore();
    await store.set('a', 'k1');
    expect(await store.get('a')).toBe('k1');
    expect(store.status().persistent).toBe(false);
  });
});
