// An OS keychain for tests that can refuse, loaded through keytar's own loading seam: what it holds is
// a map that outlives the app's services (as the real keychain outlives PropDesk), and a test can make
// it refuse writes, deletes or everything (locked, a prompt denied) and let it work again.
import type { KeytarLike } from '../../src/main/secrets/keytar-secret-store';

export interface RefusingKeychain {
  /** What the keychain holds, by account. */
  readonly held: Map<string, string>;
  refuseWrites: boolean;
  refuseDeletes: boolean;
  /** Refuses every call, reads too. */
  locked: boolean;
  /** Calls made to it, as "<call> <account>". */
  readonly calls: string[];
  /** Writes wait from now on until `release`, as behind a keychain prompt left open. */
  hold(): void;
  release(): void;
  /** keytar as the app loads it. */
  load(): Promise<KeytarLike>;
}

export function refusingKeychain(): RefusingKeychain {
  const refusal = () => new Error('User canceled the operation.');
  const keychain: RefusingKeychain = {
    held: new Map(),
    refuseWrites: false,
    refuseDeletes: false,
    locked: false,
    calls: [],
    load: async () => api,
    hold: () => void (gate = new Promise((resolve) => (open = resolve))),
    release: () => {
      open?.();
      gate = undefined;
    },
  };
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  const api: KeytarLike = {
    getPassword: async (_service, account) => {
      keychain.calls.push(`get ${account}`);
      if (keychain.locked) throw refusal();
      return keychain.held.get(account) ?? null;
    },
    setPassword: async (_service, account, password) => {
      keychain.calls.push(`set ${account}`);
      await gate;
      if (keychain.locked || keychain.refuseWrites) throw refusal();
      keychain.held.set(account, password);
    },
    deletePassword: async (_service, account) => {
      keychain.calls.push(`delete ${account}`);
      if (keychain.locked || keychain.refuseDeletes) throw refusal();
      return keychain.held.delete(account);
    },
    findCredentials: async () => {
      if (keychain.locked) throw refusal();
      return [...keychain.held].map(([account, password]) => ({ account, password }));
    },
  };
  return keychain;
}
