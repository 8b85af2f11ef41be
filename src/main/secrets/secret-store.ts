// Where API keys are kept, by keychain account: the OS keychain (keytar), or memory in tests. A store
// throws when it cannot do what is asked (no Secret Service, a locked keychain, a prompt denied);
// ConnectionKeys decides what that means for the user. Keys never go to the database, a log or the
// renderer.

export interface SecretStore {
  get(account: string): Promise<string | undefined>;
  set(account: string, key: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** Every account it holds, when it can list them (to delete all of a removed connection's keys). */
  accounts?(): Promise<string[]>;
  /** A cheap call that fails when the store cannot be used now. */
  probe?(): Promise<void>;
}

/** The keychain service name every PropDesk key is stored under. */
export const KEYCHAIN_SERVICE = 'PropDesk';

export function checkAccount(account: string): void {
  if (typeof account !== 'string' || !account || account.length > 2100) {
    throw new Error('A keychain account is needed to store an API key');
  }
}

export function checkKey(key: string): void {
  if (typeof key !== 'string' || !key) throw new Error('An API key cannot be empty');
}
