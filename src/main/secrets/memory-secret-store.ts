// Keys in memory only: for tests, and the session-only fallback when the OS keychain is unavailable.
import { checkConnectionId } from './secret-store';
import type { SecretStore, SecretStoreStatus } from './secret-store';

export class MemorySecretStore implements SecretStore {
  private readonly keys = new Map<string, string>();

  constructor(private readonly reportedStatus: SecretStoreStatus = { persistent: false }) {}

  async get(connectionId: string): Promise<string | undefined> {
    return this.keys.get(connectionId);
  }

  async set(connectionId: string, key: string): Promise<void> {
    checkConnectionId(connectionId);
    if (typeof key !== 'string' || !key) throw new Error('An API key cannot be empty');
    this.keys.set(connectionId, key);
  }

  async delete(connectionId: string): Promise<void> {
    this.keys.delete(connectionId);
  }

  async has(connectionId: string): Promise<boolean> {
    return this.keys.has(connectionId);
  }

  /** For moving session keys into a keychain that became available. */
  entries(): Array<[string, string]> {
    return [...this.keys.entries()];
  }

  status(): SecretStoreStatus {
    return this.reportedStatus;
  }
}
