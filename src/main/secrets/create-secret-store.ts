// The app's secret store: the OS keychain through keytar, falling back to session-only memory with a
// plain-words explanation, and every key registered with the log redaction as soon as it is seen.
import { registerSecret } from '../log/redact';
import { FallbackSecretStore } from './fallback-secret-store';
import { KeytarSecretStore } from './keytar-secret-store';
import type { KeytarLike } from './keytar-secret-store';

export interface KeychainSecretStoreOptions {
  platform?: NodeJS.Platform;
  service?: string;
  load?: () => Promise<KeytarLike>;
  onProblem?: (problem: string) => void;
}

export function createKeychainSecretStore(options: KeychainSecretStoreOptions = {}): FallbackSecretStore {
  const primary = new KeytarSecretStore({
    ...(options.service ? { service: options.service } : {}),
    ...(options.load ? { load: options.load } : {}),
  });
  const store = new FallbackSecretStore({
    primary,
    ...(options.platform ? { platform: options.platform } : {}),
    onSecret: registerSecret,
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
  });
  // Learn early whether the keychain works; a failure only changes status(), it never throws.
  void store.ready();
  return store;
}
