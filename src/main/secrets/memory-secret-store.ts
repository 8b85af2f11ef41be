// Keys in memory only: the keychain of tests that need one that always works.
import { checkAccount, checkKey } from './secret-store';
import type { SecretStore } from './secret-store';

export class MemorySecretStore implements SecretStore {
  private readonly keys = new Map<string, string>();

  async get(account: string): Promise<string | undefined> {
    return this.keys.get(account);
  }

  async set(account: string, key: string): Promise<void> {
    checkAccount(account);
    checkKey(key);
    this.keys.set(account, key);
  }

  async delete(account: string): Promise<void> {
    this.keys.delete(account);
  }

  async accounts(): Promise<string[]> {
    return [...this.keys.keys()];
  }
}
