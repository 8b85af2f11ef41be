// The keychain when it works, memory for this session when it doesn't (no Secret Service on Linux,
// a locked keychain, a cancelled prompt). Keys are never written anywhere in plaintext; status()
// says in plain words that keys won't survive a restart and what to install or unlock.
import { keychainProblem } from './keychain-help';
import { MemorySecretStore } from './memory-secret-store';
import type { SecretStore, SecretStoreStatus } from './secret-store';

export interface ProbingSecretStore extends SecretStore {
  probe?(): Promise<void>;
}

export interface FallbackSecretStoreOptions {
  primary: ProbingSecretStore;
  platform?: NodeJS.Platform;
  /** Called with every key read or stored, so the logger can redact it. */
  onSecret?: (key: string) => void;
  /** Called once each time the keychain becomes unusable. */
  onProblem?: (problem: string) => void;
}

export class FallbackSecretStore implements SecretStore {
  private readonly session = new MemorySecretStore();
  private problem: string | undefined;
  private readonly platform: NodeJS.Platform;

  constructor(private readonly options: FallbackSecretStoreOptions) {
    this.platform = options.platform ?? process.platform;
  }

  /** Checks the keychain once up front so status() is right before the first key is needed. */
  async ready(): Promise<SecretStoreStatus> {
    if (this.options.primary.probe) {
      try {
        await this.options.primary.probe();
      } catch (error) {
        this.fail(error);
      }
    }
    return this.status();
  }

  /**
   * Asks the keychain every time, even after a failure: a keychain that was busy or locked a moment
   * ago (a slow start of the Secret Service, an unlock prompt) must not hide a stored key all session.
   */
  async get(connectionId: string): Promise<string | undefined> {
    const inSession = await this.session.get(connectionId);
    if (inSession !== undefined) return this.seen(inSession);
    try {
      const key = await this.options.primary.get(connectionId);
      if (this.problem) {
        this.problem = undefined;
        await this.moveSessionKeysToKeychain();
      }
      return key === undefined ? undefined : this.seen(key);
    } catch (error) {
      this.fail(error);
      return undefined;
    }
  }

  /**
   * Always tries the keychain first (saving a key is when a user expects a keychain prompt), so a
   * keychain unlocked since the last failure is used again, together with the keys held meanwhile.
   */
  async set(connectionId: string, key: string): Promise<void> {
    this.seen(key);
    try {
      await this.options.primary.set(connectionId, key);
    } catch (error) {
      this.fail(error);
      await this.session.set(connectionId, key);
      return;
    }
    await this.session.delete(connectionId);
    if (this.problem) {
      this.problem = undefined;
      await this.moveSessionKeysToKeychain();
    }
  }

  async delete(connectionId: string): Promise<void> {
    await this.session.delete(connectionId);
    try {
      await this.options.primary.delete(connectionId);
    } catch (error) {
      this.fail(error);
    }
  }

  async has(connectionId: string): Promise<boolean> {
    return (await this.get(connectionId)) !== undefined;
  }

  status(): SecretStoreStatus {
    return this.problem ? { persistent: false, problem: this.problem } : { persistent: true };
  }

  private async moveSessionKeysToKeychain(): Promise<void> {
    for (const [id, key] of this.session.entries()) {
      try {
        await this.options.primary.set(id, key);
        await this.session.delete(id);
      } catch (error) {
        this.fail(error);
        return;
      }
    }
  }

  private fail(error: unknown): void {
    const first = this.problem === undefined;
    this.problem = keychainProblem(this.platform, error);
    if (first) this.options.onProblem?.(this.problem);
  }

  private seen(key: string): string {
    this.options.onSecret?.(key);
    return key;
  }
}
