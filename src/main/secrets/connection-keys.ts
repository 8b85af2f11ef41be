// The API keys of the connections, each bound to the server it was entered for: kept in the OS
// keychain under "<connection id>@<origin>", so asking for a connection's key always names the server
// it is for, and a key stored for another server is simply not there.
//
// The keychain may refuse (locked, a prompt denied, no Secret Service). Then the key is used from
// memory until PropDesk quits, and the refusal is recorded in the database (never the key): the
// keychain's older value for that account is never read again, a delete it refused is tried again,
// and both are tried again at every start and when the keychain is next used. Keys an earlier
// PropDesk kept under the connection alone move once to their server's account.
import { isAccountOf, keyAccount, legacyKeyAccount } from '../base/key-account';
import type { KeychainOperation, PendingKeychainWork } from '../store/keychain-repo';
import { keychainProblem, keysLeft, keyUnreadable, keyWaitsToMove } from './keychain-help';
import type { SecretStore } from './secret-store';

/** Where a connection's key is, as the Connections screen says it. */
export type KeyState =
  /** In the keychain. */
  | 'stored'
  /** In memory until PropDesk quits: the keychain refused to store it. */
  | 'session'
  /** The keychain refused to store it and PropDesk has quit since: it must be entered again. */
  | 'lost'
  /** The keychain cannot be read now (locked, refused, or a key still to move to its server). */
  | 'unavailable'
  | 'none';

export interface KeychainStatus {
  /** True when every key PropDesk was given is kept by the keychain across restarts. */
  persistent: boolean;
  /** What went wrong and what to do, in plain words. */
  problem?: string;
  /** Keys of removed or moved connections the keychain would not delete yet. */
  undeleted: number;
}

/** The database's record of what the keychain refused (KeychainRepository). */
export interface KeyLedger {
  pending(): PendingKeychainWork[];
  of(account: string): PendingKeychainWork | undefined;
  record(account: string, connectionId: string, operation: KeychainOperation): void;
  clear(account: string): void;
}

export interface ConnectionKeysOptions {
  keychain: SecretStore;
  ledger: KeyLedger;
  platform?: NodeJS.Platform;
  /** Told every key read or stored, so the log can redact it. */
  onSecret: (key: string) => void;
  /** Told once each time the keychain becomes unusable. */
  onProblem: (problem: string) => void;
  now?: () => number;
}

/** A key that cannot be read now, with words for the user. */
export class KeyUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyUnreadableError';
  }
}

/** Least time between tries of refused work started by a plain read of a key (each may prompt). */
const RETRY_AFTER_READ_MS = 60_000;

export class ConnectionKeys {
  /** Keys the keychain refused to store, by account, for this run only. */
  private readonly session = new Map<string, string>();
  private readonly moves = new Map<string, Promise<void>>();
  private readonly platform: NodeJS.Platform;
  private readonly now: () => number;
  private problem: string | undefined;
  private retrying: Promise<void> | undefined;
  private lastRetry = Number.NEGATIVE_INFINITY;

  constructor(private readonly o: ConnectionKeysOptions) {
    this.platform = o.platform ?? process.platform;
    this.now = o.now ?? Date.now;
  }

  /** At start: learns whether the keychain works and does what it refused before. Never throws. */
  async ready(): Promise<void> {
    try {
      await this.o.keychain.probe?.();
    } catch (error) {
      this.fail(error);
    }
    await this.retry();
  }

  /**
   * The connection's key for the server at `address`; undefined when there is none. Throws
   * KeyUnreadableError when the keychain cannot be read now: never an older key in its place.
   */
  async get(connectionId: string, address: string): Promise<string | undefined> {
    const account = keyAccount(connectionId, address);
    const held = this.session.get(account);
    if (held !== undefined) return this.seen(held);
    const pending = this.o.ledger.of(account);
    // The keychain's value for this account is older than a key it refused, or is to be deleted.
    if (pending?.operation === 'write' || pending?.operation === 'delete') return undefined;
    if (pending?.operation === 'move') await this.move(pending);
    let key: string | undefined;
    try {
      key = await this.o.keychain.get(account);
    } catch (error) {
      this.fail(error);
      throw new KeyUnreadableError(keyUnreadable(this.platform, error));
    }
    this.worked();
    if (this.o.ledger.pending().length > 0 && this.now() - this.lastRetry >= RETRY_AFTER_READ_MS)
      void this.retry();
    return key === undefined ? undefined : this.seen(key);
  }

  /** Stores the connection's key for the server at `address`; kept for this run when the keychain refuses. */
  async set(connectionId: string, address: string, key: string): Promise<void> {
    const account = keyAccount(connectionId, address);
    this.seen(key);
    try {
      await this.o.keychain.set(account, key);
    } catch (error) {
      this.fail(error);
      this.session.set(account, key);
      this.o.ledger.record(account, connectionId, 'write');
      return;
    }
    this.session.delete(account);
    this.o.ledger.clear(account);
    this.worked();
    await this.retry();
  }

  /** Deletes the connection's key for the server at `address` (the one it moved away from). */
  async delete(connectionId: string, address: string): Promise<void> {
    const account = keyAccount(connectionId, address);
    // A key an earlier PropDesk kept that has not moved yet is this server's key too.
    if (this.o.ledger.of(account)?.operation === 'move')
      await this.deleteAccount(legacyKeyAccount(connectionId), connectionId);
    await this.deleteAccount(account, connectionId);
  }

  /** Deletes every key of a removed connection: each server's, and one an earlier PropDesk kept. */
  async forget(connectionId: string, address: string): Promise<void> {
    const accounts = new Set([keyAccount(connectionId, address)]);
    for (const account of this.session.keys()) if (isAccountOf(account, connectionId)) accounts.add(account);
    for (const work of this.o.ledger.pending()) {
      if (work.connectionId !== connectionId) continue;
      accounts.add(work.account);
      if (work.operation === 'move') accounts.add(legacyKeyAccount(connectionId));
    }
    try {
      for (const account of (await this.o.keychain.accounts?.()) ?? [])
        if (isAccountOf(account, connectionId)) accounts.add(account);
    } catch (error) {
      this.fail(error);
    }
    // Each account ends deleted (its record cleared) or recorded as a delete to try again.
    for (const account of accounts) await this.deleteAccount(account, connectionId);
  }

  /** Where the connection's key for the server at `address` is, for the Connections screen. */
  async state(connectionId: string, address: string): Promise<KeyState> {
    const account = keyAccount(connectionId, address);
    if (this.session.has(account)) return 'session';
    const pending = this.o.ledger.of(account);
    if (pending?.operation === 'write') return 'lost';
    if (pending?.operation === 'delete') return 'none';
    try {
      return (await this.get(connectionId, address)) === undefined ? 'none' : 'stored';
    } catch {
      return 'unavailable';
    }
  }

  status(): KeychainStatus {
    const undeleted = this.o.ledger.pending().filter((w) => w.operation === 'delete').length;
    // Keys held for this run only are said even while reads from the keychain work again.
    const refused = this.problem ?? (this.session.size > 0 ? keychainProblem(this.platform) : undefined);
    const problem = [refused, undeleted > 0 ? keysLeft(undeleted) : undefined].filter(Boolean).join(' ');
    return {
      persistent: this.problem === undefined && this.session.size === 0,
      ...(problem ? { problem } : {}),
      undeleted,
    };
  }

  /** Tries again what the keychain refused; stops at the first refusal (each may be a prompt). */
  retry(): Promise<void> {
    this.retrying ??= this.retryAll().finally(() => (this.retrying = undefined));
    return this.retrying;
  }

  private async retryAll(): Promise<void> {
    this.lastRetry = this.now();
    for (const work of this.o.ledger.pending()) {
      try {
        await this.redo(work);
      } catch (error) {
        this.fail(error);
        return;
      }
    }
  }

  private async redo(work: PendingKeychainWork): Promise<void> {
    const { keychain, ledger } = this.o;
    switch (work.operation) {
      case 'write': {
        const held = this.session.get(work.account);
        if (held === undefined) {
          // The key was lost with the last run: the keychain's older value goes, and the connection
          // says its key must be entered again until it is.
          await keychain.delete(work.account);
        } else {
          await keychain.set(work.account, held);
          this.session.delete(work.account);
          ledger.clear(work.account);
        }
        break;
      }
      case 'delete':
        await keychain.delete(work.account);
        ledger.clear(work.account);
        break;
      case 'move':
        await this.move(work);
        break;
    }
    this.worked();
  }

  /** Moves a key an earlier PropDesk kept under the connection alone to its server's account, once. */
  private move(work: PendingKeychainWork): Promise<void> {
    let moving = this.moves.get(work.account);
    if (!moving) {
      moving = this.moveNow(work).finally(() => this.moves.delete(work.account));
      this.moves.set(work.account, moving);
    }
    return moving;
  }

  private async moveNow(work: PendingKeychainWork): Promise<void> {
    const { keychain, ledger } = this.o;
    if (ledger.of(work.account)?.operation !== 'move') return;
    const legacy = legacyKeyAccount(work.connectionId);
    let key: string | undefined;
    try {
      key = await keychain.get(legacy);
      if (key !== undefined) await keychain.set(work.account, this.seen(key));
    } catch (error) {
      this.fail(error);
      throw new KeyUnreadableError(keyWaitsToMove(this.platform, error));
    }
    ledger.clear(work.account);
    if (key !== undefined) await this.deleteAccount(legacy, work.connectionId);
  }

  private async deleteAccount(account: string, connectionId: string): Promise<void> {
    this.session.delete(account);
    try {
      await this.o.keychain.delete(account);
    } catch (error) {
      this.fail(error);
      this.o.ledger.record(account, connectionId, 'delete');
      return;
    }
    this.o.ledger.clear(account);
  }

  private worked(): void {
    this.problem = undefined;
  }

  private fail(error: unknown): void {
    const first = this.problem === undefined;
    this.problem = keychainProblem(this.platform, error);
    if (first) this.o.onProblem(this.problem);
  }

  private seen(key: string): string {
    this.o.onSecret(key);
    return key;
  }
}
