// API keys in the OS keychain through keytar (service "PropDesk", one account per connection and
// server, see base/key-account.ts). keytar is
// a native module and is loaded only when first needed, so a missing build or a missing Secret Service
// surfaces as a rejected call ConnectionKeys can explain, never as a crash at start-up.
import { KEYCHAIN_SERVICE, checkAccount, checkKey } from './secret-store';
import type { SecretStore } from './secret-store';

export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials?(service: string): Promise<Array<{ account: string; password: string }>>;
}

export class KeychainUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeychainUnavailableError';
  }
}

async function importKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
  const api = mod.default && typeof mod.default.getPassword === 'function' ? mod.default : mod;
  if (typeof api.getPassword !== 'function') throw new Error('keytar has no getPassword');
  return api;
}

export interface KeytarSecretStoreOptions {
  service?: string;
  /** Replaces the real module in tests. */
  load?: () => Promise<KeytarLike>;
}

export class KeytarSecretStore implements SecretStore {
  private module: Promise<KeytarLike> | undefined;
  private readonly service: string;
  private readonly load: () => Promise<KeytarLike>;

  constructor(options: KeytarSecretStoreOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.load = options.load ?? importKeytar;
  }

  async get(account: string): Promise<string | undefined> {
    const keytar = await this.keytar();
    return (await this.call(() => keytar.getPassword(this.service, account))) ?? undefined;
  }

  async set(account: string, key: string): Promise<void> {
    checkAccount(account);
    checkKey(key);
    const keytar = await this.keytar();
    await this.call(() => keytar.setPassword(this.service, account, key));
  }

  async delete(account: string): Promise<void> {
    const keytar = await this.keytar();
    await this.call(() => keytar.deletePassword(this.service, account));
  }

  async accounts(): Promise<string[]> {
    const keytar = await this.keytar();
    if (!keytar.findCredentials) return [];
    const found = await this.call(() => keytar.findCredentials!(this.service));
    return found.map((c) => c.account);
  }

  /** A cheap call that fails when the keychain cannot be reached or is locked. */
  async probe(): Promise<void> {
    const keytar = await this.keytar();
    await this.call<unknown>(() =>
      keytar.findCredentials
        ? keytar.findCredentials(this.service)
        : keytar.getPassword(this.service, '__propdesk_probe__'),
    );
  }

  private keytar(): Promise<KeytarLike> {
    this.module ??= this.load().catch((cause: unknown) => {
      this.module = undefined;
      throw new KeychainUnavailableError('The keychain module (keytar) could not be loaded', { cause });
    });
    return this.module;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (cause) {
      throw new KeychainUnavailableError(cause instanceof Error ? cause.message : String(cause), { cause });
    }
  }
}
