// The app's keychain: the OS keychain through keytar, loaded when first used. Tests pass their own
// `load` (keytar's loading seam) for a keychain that refuses, and their own `service` name.
import { KeytarSecretStore } from './keytar-secret-store';
import type { KeytarLike } from './keytar-secret-store';

export interface KeychainSecretStoreOptions {
  service?: string;
  load?: () => Promise<KeytarLike>;
}

export function createKeychainSecretStore(options: KeychainSecretStoreOptions = {}): KeytarSecretStore {
  return new KeytarSecretStore({
    ...(options.service ? { service: options.service } : {}),
    ...(options.load ? { load: options.load } : {}),
  });
}
