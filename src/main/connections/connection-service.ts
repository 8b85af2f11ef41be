// Connections: which service PropDesk reads from. Holds one API client and one request scheduler per
// connection, gives each client only the key of the server it was made for (read from the keychain
// on every request, after checking that the connection still points there), clears everything cached
// when the user switches, and stops all of a connection's work before its address or key changes or
// it goes. Changes to one connection are made one after another. A move to another server drops the
// offline copy made from the old one, unless the user says in main's own message box that the new
// address is the same service.
import { randomUUID } from 'node:crypto';
import type { Connection } from '../../shared/ipc';
import { ApiError } from '../api/errors/api-error';
import { stoppedError } from '../api/errors/error-wording';
import { RequestScheduler } from '../api/scheduler/request-scheduler';
import type { StopReason } from '../api/scheduler/request-scheduler';
import type { RequestKind } from '../../shared/request-kind';
import { paceChangeLine } from '../api/scheduler/scheduler-status';
import type { SchedulerStatus } from '../api/scheduler/scheduler-status';
import type { Confirmation, ConfirmWithUser } from '../confirmation';
import { KeyUnreadableError } from '../secrets/connection-keys';
import type { ConnectionKeys, KeychainStatus } from '../secrets/connection-keys';
import type { DemoSandbox } from './demo-sandbox';
import { isCurrencyCode } from '../../shared/money';
import type { PermissionRefusal } from '../../shared/permissions';
import { connectionCurrency } from './connection-currency';
import { probeScopes, suggestingChecks } from './scope-probe';
import { sameServer, serverOf } from '../../shared/server-origin';
import type { ScopeCheck } from './scope-probe';
import type { ClientFactory, ConnectionRepo, ConnectionRow, ServiceClient } from './types';

import { serviceAddressProblem } from '../../shared/service-address';
import { UserError } from '../base/user-error';
import { Signal } from '../signal';

export const DEMO_CONNECTION_ID = 'demo';

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
  demo: DemoSandbox;
  createClient: ClientFactory;
  /** Records each change of a connection's pace and each record left out of an answer (the log). */
  log: (message: string) => void;
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
  /** Whether each request reached the service (true) or not (false). */
  readonly outcomes = new Signal<boolean>();
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
  /** The pace of a connection's requests changed (the service slows PropDesk down, or lets it go again). */
  readonly pace = new Signal<{ connectionId: string; status: SchedulerStatus }>();
  private readonly clients = new Map<string, ServiceClient>();
  /** Each connection's scheduler, for the address it was made for. */
  private readonly schedulers = new Map<string, { baseUrl: string; scheduler: RequestScheduler }>();
  /** Connections whose address or key is being changed, or which are being removed: no new client. */
  private readonly changing = new Map<string, StopReason>();
  /** The change of each connection being made; the next one waits for it. */
  private readonly edits = new Map<string, Promise<unknown>>();
  private readonly reportOutcome = (online: boolean) => this.outcomes.emit(online);
  /** PropDesk is closing: a client asked for from here on has a stopped scheduler. */
  private closing = false;

  constructor(private readonly options: ConnectionServiceOptions) {}

  /**
   * Makes sure the built-in demo organisation exists and that some connection is active, and does in
   * the background what the keychain refused during the last run.
   */
  prepare(): void {
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
    if (reason) this.stopWork(row.id, reason);
    let keepCopy = true;
    try {
      if (moving) keepCopy = await this.keepCopyAcross(row.id, row.baseUrl, baseUrl);
      if (input.apiKey) await this.options.keys.set(row.id, baseUrl ?? row.baseUrl, input.apiKey);
      this.options.transaction(() => {
        if (!keepCopy) this.options.offlineCopy.drop(row.id);
        else if (moving) this.options.offlineCopy.dropUnfinished(row.id);
        this.options.repo.update(row.id, changes);
      });
    } finally {
      this.changing.delete(row.id);
    }
    this.clients.delete(row.id);
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
    this.stopWork(id, 'removed');
    try {
      await this.options.keys.forget(id, row.baseUrl);
      this.options.removeConnection(id);
    } finally {
      this.changing.delete(id);
    }
    this.removed.emit(id);
    if (this.options.repo.activeId() === id || this.options.repo.activeId() === null)
      await this.switchTo(DEMO_CONNECTION_ID);
  }

  async switchTo(id: string): Promise<Connection> {
    const row = this.require(id);
    this.options.repo.setActiveId(row.id);
    this.clients.clear();
    this.switched.emit(row.id);
    return this.toConnection(row);
  }

  active(): ConnectionRow {
    const id = this.options.repo.activeId();
    const row = id ? this.options.repo.get(id) : undefined;
    if (!row) throw new UserError('no_connection', 'Choose a connection first, under Connections.');
    return row;
  }

  /** The API client of the active connection. */
  client(): ServiceClient {
    return this.clientFor(this.active().id);
  }

  clientFor(id: string): ServiceClient {
    const changing = this.changing.get(id);
    if (changing) throw stoppedError(changing);
    const existing = this.clients.get(id);
    if (existing) return existing;
    const row = this.require(id);
    const client = row.kind === 'demo' ? this.demoClient() : this.remoteClient(row);
    this.clients.set(id, client);
    return client;
  }

  /** What the key may read, tried; what it may suggest, as far as it is known without sending. */
  async test(id: string): Promise<ScopeCheck[]> {
    const reading = await probeScopes(this.clientFor(id));
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
    this.stopWork(DEMO_CONNECTION_ID, 'restarted');
    try {
      await this.options.demo.stop();
    } finally {
      this.changing.delete(DEMO_CONNECTION_ID);
    }
    if (this.options.repo.activeId() === DEMO_CONNECTION_ID) this.switched.emit(DEMO_CONNECTION_ID);
    return this.demoExpiry();
  }

  /** How the requests of a connection are paced now; undefined before its first request. */
  paceOf(id: string): SchedulerStatus | undefined {
    return this.schedulers.get(id)?.scheduler.status();
  }

  /**
   * Lifts a hold the service asked for on one kind of the connection's requests ("Try now"): its
   * requests go now. Whether one was in force.
   */
  liftHold(id: string, kind: RequestKind): boolean {
    return this.schedulers.get(id)?.scheduler.liftHold(kind) ?? false;
  }

  /**
   * PropDesk is closing: every request of every connection stops at once, queued, held or in flight,
   * and none is sent from here on. Nothing the service asked to wait for keeps the quit waiting.
   */
  abortAll(): void {
    this.closing = true;
    for (const { scheduler } of this.schedulers.values()) scheduler.abortAll('closing');
    this.schedulers.clear();
    this.clients.clear();
  }

  async stop(): Promise<void> {
    this.abortAll();
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

  /**
   * Stops every request of the connection, queued or in flight, and drops its client: whatever holds
   * that client can send nothing more. Marks the connection as changing until the caller is done.
   */
  private stopWork(id: string, reason: StopReason): void {
    this.changing.set(id, reason);
    this.schedulers.get(id)?.scheduler.abortAll(reason);
    this.schedulers.delete(id);
    this.clients.delete(id);
  }

  /** The connection's scheduler for this address; one for another address (the demo restarted) replaces it. */
  private schedulerFor(id: string, baseUrl: string): RequestScheduler {
    const known = this.schedulers.get(id);
    if (known && known.baseUrl === baseUrl && !known.scheduler.stopped) return known.scheduler;
    known?.scheduler.abortAll('restarted');
    const scheduler = new RequestScheduler();
    if (this.closing) {
      scheduler.abortAll('closing');
      return scheduler;
    }
    const host = new URL(baseUrl).host;
    let before = scheduler.status();
    scheduler.changed.subscribe((after) => {
      const line = paceChangeLine(host, before, after, Date.now());
      before = after;
      if (line) this.options.log(line);
      this.pace.emit({ connectionId: id, status: after });
    });
    this.schedulers.set(id, { baseUrl, scheduler });
    return scheduler;
  }

  private remoteClient(row: ConnectionRow): ServiceClient {
    // Stored addresses were checked when saved; an older or edited database is checked again here,
    // before any key is handed to a client for it.
    checkedAddress(row.baseUrl);
    const address = row.baseUrl;
    return this.options.createClient(
      {
        baseUrl: address,
        getApiKey: () => this.keyFor(row.id, address),
        scheduler: this.schedulerFor(row.id, address),
        onRefused: this.options.log,
      },
      this.reportOutcome,
    );
  }

  /**
   * The key of the server a client was made for, asked on every request: only while the connection
   * still points at that server, and only that server's key.
   */
  private async keyFor(id: string, address: string): Promise<string | undefined> {
    const now = this.options.repo.get(id);
    if (!now || !sameServer(now.baseUrl, address)) {
      const stopped = stoppedError(now ? 'moved' : 'removed');
      stopped.undelivered = true;
      throw stopped;
    }
    try {
      return await this.options.keys.get(id, address);
    } catch (error) {
      if (error instanceof KeyUnreadableError) throw new ApiError('no_api_key', error.message);
      throw error;
    }
  }

  /** The demo's port and key are known only once its process is up, so each call asks for them. */
  private demoClient(): ServiceClient {
    const demo = this.options.demo;
    const clientFor = async () => {
      const endpoint = await demo.endpoint();
      return this.options.createClient(
        {
          baseUrl: endpoint.baseUrl,
          getApiKey: async () => endpoint.apiKey,
          scheduler: this.schedulerFor(DEMO_CONNECTION_ID, endpoint.baseUrl),
          onRefused: this.options.log,
        },
        this.reportOutcome,
      );
    };
    let cached: { baseUrl: string; client: Promise<ServiceClient> } | undefined;
    const current = async () => {
      const endpoint = await demo.endpoint();
      if (!cached || cached.baseUrl !== endpoint.baseUrl)
        cached = { baseUrl: endpoint.baseUrl, client: clientFor() };
      return cached.client;
    };
    return {
      list: async (...args) => (await current()).list(...args),
      get: async (...args) => (await current()).get(...args),
      listProposals: async (...args) => (await current()).listProposals(...args),
      openapi: async (...args) => (await current()).openapi(...args),
      submitBatch: async (...args) => (await current()).submitBatch(...args),
    };
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
