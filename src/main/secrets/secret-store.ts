// The SecretStore interface: where API keys live, by connection id. Keys never go to the database,
// a log or the renderer; status() tells the UI whether they survive a restart and, if not, why.

export interface SecretStoreStatus {
  /** True when keys are kept by the OS keychain across restarts. */
  persistent: boolean;
  /** Plain-words reason and fix, shown to the user when keys are kept for this session only. */
  problem?: string;
}

export interface SecretStore {
  get(connectionId: string): Promise<string | undefined>;
  set(connectionId: string, key: string): Promise<void>;
  delete(connectionId: string): Promise<void>;
  has(connectionId: string): Promise<boolean>;
  status(): SecretStoreStatus;
}

/** The keychain service name every PropDesk key is stored under (account = connection id). */
export const KEYCHAIN_SERVICE = 'PropDesk';

export function checkConnectionId(connectionId: string): void {
  if (typeof connectionId !== 'string' || !connectionId || connectionId.length > 200) {
    throw new Error('A connection id is needed to store its API key');
  }
}
