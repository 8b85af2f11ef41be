// Connections: which service PropDesk reads from. Keeps the connection records and their keys, makes
// each edit of one connection after the one before, clears what is cached when the user switches, and
// decides what a move to another server does: the offline copy made from the old one is dropped,
// unless the user says in main's own message box that the new address is the same service. The
// clients and schedulers the connections send through are ServiceClients' (service-clients.ts); this
// service has them stop a connection's work before its address or key changes or it goes.
import { randomUUID } from 'node:crypto';
import type { Connection } from '../../shared/ipc';
import type { StopReason } from '../api/scheduler/request-scheduler';
import type { Confirmation, ConfirmWithUser } from '../confirmation';
import type { ConnectionKeys, KeychainStatus } from '../secrets/connection-keys';
import { DEMO_CONNECTION_ID } from './demo-sandbox';
import type { DemoSandbox } from './demo-sandbox';
import { isCurrencyCode } from '../../shared/money';
import type { PermissionRefusal } from '../../shared/permissions';
import { connectionCurrency } from './connection-currency';
import { probeScopes, suggestingChecks } from './scope-probe';
import { sameServer, serverOf } from '../../shared/server-origin';
import type { ScopeCheck } from './scope-probe';
import type { ServiceClients } from './service-clients';
import type { ConnectionRepo, ConnectionRow } from './types';

import { serviceAddressProblem } from '../../shared/service-address';
import { UserError } from '../base/user-error';
import { Signal } from '../signal';

export { DEMO_CONNECTION_ID };

export { UserError };

export interface ConnectionServiceOptions {
  repo: ConnectionRepo;
  /** Removes a connection and everything the store keeps of it, in one transaction. */
  removeConnection: (id: string) => void;
  /** Runs fn in one database transaction. */
  transaction: <T>(fn: () => T) => T;
  /** The offline copy of a connection, as a move to another server needs it. */
  offlineCopy: {
    /** Whether it holds a complete copy of any collection. */
    kept(id: string): boolean;
    /** Deletes every record, listing and search entry of it. */
    drop(id: string): void;
    /** Keeps a copy of it or none (asked when the connection is added). */
    keep(id: string, keep: boolean): void;
    /** Drops what an unfinished pass fetched, and where it stood: its list positions are the old server's. */
    dropUnfinished(id: string): void;
  };
  /** Asks the user in main's own message box (whether a new address is the same service). */
  confirm: ConfirmWithUser;
  keys: ConnectionKeys;
  demo: Pick<DemoSandbox, 'endpoint' | 'stop'>;
  /** The connections' clients and schedulers: stopped before a connection changes, dropped after. */
  clients: ServiceClients;
  /** How long the demo organisation's suggestions wait before they expire (seconds; null: its default). */
  demoExpiry: { get(): number | null; set(seconds: number | null): void };
  /** What the connection's key was refused suggesting, as remembered (said by "Test connection"). */
  refusals: (connectionId: string) => PermissionRefusal[];
}

/** What an edit of a connection may change; a field left out stays as it is. */
export interface ConnectionUpdate {
  id: string;
  name?: string;
  baseUrl?: string;
  webOrigin?: string | null;
  apiKey?: string;
  currency?: string | null;
}

export class ConnectionService {
  /** The active connection changed (or was edited), so caches elsewhere must be dropped. */
  readonly switched = new Signal<string | null>();
  /** A connection was removed, with its key: whatever was kept for it must go too. */
  readonly removed = new Signal<string>();
  /**
   * A connection now points at another server (with that server's key): its queued work is held.
   * `copyDropped`: its offline copy, made from the old server, was deleted.
   */
  readonly moved = new Signal<{ connectionId: string; from: string; to: string; copyDropped: boolean }>();
  /** A connection's key was replaced: what the old key was refused says nothing of the new one. */
  readonly keyChanged = new Signal<string>();
  /** The change of each connection being made; the next one waits for it. */
  private readonly edits = new Map<string, Promise<unknown>>();

  constructor(private readonly options: ConnectionServiceOptions) {}

  /**
   * Makes sure the built-in demo organisation exists and that some connection is active, and does in
   * the background what the keychain refused during the last run.
   */
  ensureActive(): void {
    const { repo } = this.options;
    void this.options.keys.ready();
    if (!repo.get(DEMO_CONNECTION_ID)) {
      repo.insert({
        id: DEMO_CONNECTION_ID,
        name: 'Demo organisation',
        baseUrl: 'Runs on this computer',
        webOrigin: null,
        kind: 'demo',
      });
    }
    // A first start, or an active connection that no longer exists, opens on the demo organisation.
    const active = repo.activeId();
    if (!active || !repo.get(active)) repo.setActiveId(DEMO_CONNECTION_ID);
  }

  /**
   * Starts the demo service now when it is the connection in use, so it is up by the time the window
   * asks for its first records instead of starting then. A failure here is reported by that request.
   */
  prewarm(): void {
    const id = this.options.repo.activeId();
    if (id && this.options.repo.get(id)?.kind === 'demo')
      void this.options.demo.endpoint().catch(() => undefined);
  }

  async list(): Promise<{ connections: Connection[]; activeId: string | null; keychain: KeychainStatus }> {
    const rows = this.options.repo.all();
    const connections = await Promise.all(rows.map((row) => this.toConnection(row)));
    return { connections, activeId: this.options.repo.activeId(), keychain: this.options.keys.status() };
  }

  async add(input: {
    name: string;
    baseUrl: string;
    webOrigin?: string | null;
    apiKey: string;
    currency?: string | null;
    /** Whether to keep an offline copy of its records; yes unless said. */
    keepCopy?: boolean;
  }): Promise<Connection> {
    checkCurrency(input.currency);
    const row: ConnectionRow = {
      id: randomUUID(),
      name: input.name,
      baseUrl: normaliseBaseUrl(input.baseUrl),
      webOrigin: normaliseWebOrigin(input.webOrigin),
      kind: 'remote',
      currency: input.currency ?? null,
    };
    // The key goes to the keychain first: a connection row never exists for a key that was lost.
    await this.options.keys.set(row.id, row.baseUrl, input.apiKey);
    // The choice is saved with the connection, so its first copy is made only if the user wants one.
    this.options.transaction(() => {
      this.options.repo.insert(row);
      if (input.keepCopy === false) this.options.offlineCopy.keep(row.id, false);
    });
    return this.toConnection(row);
  }

  update(input: ConnectionUpdate): Promise<Connection> {
    return this.serially(input.id, () => this.updateNow(input));
  }

  remove(id: string): Promise<void> {
    return this.serially(id, () => this.removeNow(id));
  }

  private async updateNow(input: ConnectionUpdate): Promise<Connection> {
    checkCurrency(input.currency);
    const row = this.require(input.id);
    if (row.kind === 'demo' && (input.baseUrl || input.apiKey || input.webOrigin !== undefined)) {
      throw new UserError(
        'demo_fixed',
        'The demo organisation runs on this computer; only its name and currency can be changed.',
      );
    }
    // Addresses are checked before anything is saved: a refused address leaves the key as it was too.
    const baseUrl = input.baseUrl ? normaliseBaseUrl(input.baseUrl) : undefined;
    const changes = {
      ...(input.name ? { name: input.name } : {}),
      ...(baseUrl ? { baseUrl } : {}),
      ...(input.webOrigin !== undefined ? { webOrigin: normaliseWebOrigin(input.webOrigin) } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
    };
    const moving = baseUrl !== undefined && !sameServer(baseUrl, row.baseUrl);
    // The stored key was given for one server; it never follows the address to another.
    if (moving && !input.apiKey) {
      throw new UserError(
        'key_needed',
        `Changing the address to another server needs the API key for that server. PropDesk sends a key only to the server it was given for, so enter the key for ${serverOf(baseUrl)} together with the new address. Nothing was changed.`,
      );
    }
    const readdressed = baseUrl !== undefined && baseUrl !== row.baseUrl;
    const reason: StopReason | undefined = readdressed ? 'moved' : input.apiKey ? 'key_changed' : undefined;
    // Everything begun for the old address or key stops before the new key is stored, and no client
    // is made until both are saved. The key is stored for the new server only: a client made for the
    // old one cannot read it.
    const apply = async (): Promise<boolean> => {
      const keepCopy = moving ? await this.keepCopyAcross(row.id, row.baseUrl, baseUrl) : true;
      if (input.apiKey) await this.options.keys.set(row.id, baseUrl ?? row.baseUrl, input.apiKey);
      this.options.transaction(() => {
        if (!keepCopy) this.options.offlineCopy.drop(row.id);
        else if (moving) this.options.offlineCopy.dropUnfinished(row.id);
        this.options.repo.update(row.id, changes);
      });
      return keepCopy;
    };
    const keepCopy = reason ? await this.options.clients.whileStopped(row.id, reason, apply) : await apply();
    this.options.clients.drop(row.id);
    // The old server's key is of no more use; one the keychain will not delete yet is never read.
    if (moving) await this.options.keys.delete(row.id, row.baseUrl);
    if (input.apiKey) this.keyChanged.emit(row.id);
    if (this.options.repo.activeId() === row.id) this.switched.emit(row.id);
    if (moving)
      this.moved.emit({ connectionId: row.id, from: row.baseUrl, to: baseUrl, copyDropped: !keepCopy });
    return this.toConnection(this.require(row.id));
  }

  private async removeNow(id: string): Promise<void> {
    const row = this.require(id);
    if (row.kind === 'demo')
      throw new UserError('demo_fixed', 'The demo organisation is built in and cannot be removed.');
    await this.options.clients.whileStopped(id, 'removed', async () => {
      await this.options.keys.forget(id, row.baseUrl);
      this.options.removeConnection(id);
    });
    this.removed.emit(id);
    if (this.options.repo.activeId() === id || this.options.repo.activeId() === null)
      await this.switchTo(DEMO_CONNECTION_ID);
  }

  async switchTo(id: string): Promise<Connection> {
    const row = this.require(id);
    this.options.repo.setActiveId(row.id);
    this.options.clients.dropAll();
    this.switched.emit(row.id);
    return this.toConnection(row);
  }

  active(): ConnectionRow {
    const id = this.options.repo.activeId();
    const row = id ? this.options.repo.get(id) : undefined;
    if (!row) throw new UserError('no_connection', 'Choose a connection first, under Connections.');
    return row;
  }

  /** What the key may read, tried; what it may suggest, as far as it is known without sending. */
  async test(id: string): Promise<ScopeCheck[]> {
    const reading = await probeScopes(this.options.clients.clientFor(id));
    return [...reading, ...suggestingChecks(this.options.refusals(id))];
  }

  demoExpiry(): { seconds: number | null } {
    return { seconds: this.options.demoExpiry.get() };
  }

  /**
   * Starts the demo organisation again with suggestions that expire after `seconds` (null: its own
   * week), so expiry can be seen without waiting. What it holds stays; requests under way stop.
   */
  async setDemoExpiry(seconds: number | null): Promise<{ seconds: number | null }> {
    this.options.demoExpiry.set(seconds);
    await this.options.clients.whileStopped(DEMO_CONNECTION_ID, 'restarted', () => this.options.demo.stop());
    if (this.options.repo.activeId() === DEMO_CONNECTION_ID) this.switched.emit(DEMO_CONNECTION_ID);
    return this.demoExpiry();
  }

  /** PropDesk is closing: every request stops at once, then the demo service's process. */
  async stop(): Promise<void> {
    this.options.clients.abortAll();
    await this.options.demo.stop();
  }

  /** Runs one change of a connection after the ones asked for before it. */
  private serially<T>(id: string, change: () => Promise<T>): Promise<T> {
    // With nothing before it, the change begins at once: a move stops the old server's work as soon
    // as it is asked for.
    const before = this.edits.get(id);
    const next = before ? before.then(change, change) : change();
    const settled = next.catch(() => undefined);
    this.edits.set(id, settled);
    void settled.then(() => {
      if (this.edits.get(id) === settled) this.edits.delete(id);
    });
    return next;
  }

  /**
   * Whether the offline copy made from the old server stays for the new one: only a complete copy,
   * and only when the user says the new address is the same service. Otherwise it is dropped, so
   * that no record of the old server shows under the connection's name.
   */
  private async keepCopyAcross(id: string, from: string, to: string): Promise<boolean> {
    if (!this.options.offlineCopy.kept(id)) return false;
    return this.options.confirm(sameServiceQuestion(serverOf(from), serverOf(to)));
  }

  private require(id: string): ConnectionRow {
    const row = this.options.repo.get(id);
    if (!row) throw new UserError('not_found', 'That connection no longer exists.');
    return row;
  }

  private async toConnection(row: ConnectionRow): Promise<Connection> {
    const keyState = row.kind === 'demo' ? 'stored' : await this.options.keys.state(row.id, row.baseUrl);
    const { currency, source } = connectionCurrency(row);
    return {
      id: row.id,
      name: row.name,
      baseUrl: row.baseUrl,
      webOrigin: row.webOrigin,
      kind: row.kind,
      hasKey: keyState === 'stored' || keyState === 'session',
      keyState,
      currency,
      currencySource: source,
    };
  }
}

/** The question a move asks when the connection has an offline copy made from the old server. */
export function sameServiceQuestion(from: string, to: string): Confirmation {
  return {
    title: 'Offline copy made from another server',
    message: `Is ${to} the same service as ${from}?`,
    detail: `The offline copy on this computer was made from ${from}. If ${to} is the same service under a new address, PropDesk keeps the copy until its next update. If it is another service, or you are not sure, PropDesk deletes the copy, so that no record of ${from} shows for ${to}, and makes a new one from ${to}.`,
    confirm: 'Keep the copy',
    cancel: 'Delete the copy',
  };
}

function checkCurrency(currency: string | null | undefined): void {
  if (currency !== undefined && currency !== null && !isCurrencyCode(currency)) {
    throw new UserError(
      'invalid_currency',
      `“${currency}” is not a currency code PropDesk knows. Use a three-letter ISO code such as USD, EUR or GBP.`,
    );
  }
}

/** Keeps scheme, host, port and path; drops a trailing slash, query and fragment. */
export function normaliseBaseUrl(input: string): string {
  const url = checkedAddress(input);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The web application's origin (where review pages open), held to the same rule as the API address. */
export function normaliseWebOrigin(input: string | null | undefined): string | null {
  return input ? checkedAddress(input).origin : null;
}

function checkedAddress(input: string): URL {
  const problem = serviceAddressProblem(input);
  if (problem) throw new UserError('invalid_url', problem);
  return new URL(input);
}
