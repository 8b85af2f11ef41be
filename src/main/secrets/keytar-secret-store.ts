// API keys in the OS keychain through keytar (service "PropDesk", account = connection id). keytar is
// a native module and is loaded only when first needed, so a missing build or a missing Secret Service
// surfaces as a rejected call the fallback store can explain, never as a crash at start-up.
import { KEYCHAIN_SERVICE, checkConnectionId } from './secret-store';
import type { SecretStore, SecretStoreStatus } from './secret-store';

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

  async get(connectionId: string): Promise<string | undefined> {
    const keytar = await this.keytar();
    return (await this.call(() => keytar.getPassword(this.service, connectionId))) ?? undefined;
  }

  async set(connectionId: string, key: string): Promise<void> {
    checkConnectionId(connectionId);
    if (typeof key !== 'string' || !key) throw new Error('An API key cannot be empty');
    const keytar = await this.keytar();
    await this.call(() => keytar.setPassword(this.service, connectionId, key));
  }

  async delete(connectionId: string): Promise<void> {
    const keytar = await this.keytar();
    await this.call(() => keytar.deletePassword(this.service, connectionId));
  }

  async has(connectionId: string): Promise<boolean> {
    return (await this.get(connectionId)) !== undefined;
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

  status(): SecretStoreStatus {
    return { persistent: true };
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
