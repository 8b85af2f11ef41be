// The service clients of the connections: one API client and one request scheduler per connection,
// each client given only the key of the server it was made for (read from the keychain on every
// request, after checking that the connection still points there). It stops all of a connection's
// work before its address or key changes or it goes, relays each change of a connection's pace, and
// stops every request at once when PropDesk closes. Which connections exist and what they hold is
// ConnectionService's.
import { ApiError } from '../api/errors/api-error';
import { stoppedError } from '../api/errors/error-wording';
import { RequestScheduler } from '../api/scheduler/request-scheduler';
import type { StopReason } from '../api/scheduler/request-scheduler';
import { paceChangeLine } from '../api/scheduler/scheduler-status';
import type { SchedulerStatus } from '../api/scheduler/scheduler-status';
import { UserError } from '../base/user-error';
import type { RequestKind } from '../../shared/request-kind';
import { sameServer } from '../../shared/server-origin';
import { serviceAddressProblem } from '../../shared/service-address';
import { KeyUnreadableError } from '../secrets/connection-keys';
import type { ConnectionKeys } from '../secrets/connection-keys';
import { Signal } from '../signal';
import { DEMO_CONNECTION_ID } from './demo-sandbox';
import type { DemoSandbox } from './demo-sandbox';
import type { ClientFactory, ConnectionRepo, ConnectionRow, ServiceClient } from './types';

export interface ServiceClientsOptions {
  /** The connections as stored: a client is made for the address saved, and only while it is saved. */
  repo: Pick<ConnectionRepo, 'get'>;
  /** The connection in use (throws when there is none). */
  activeId: () => string;
  keys: Pick<ConnectionKeys, 'get'>;
  demo: Pick<DemoSandbox, 'endpoint'>;
  createClient: ClientFactory;
  /** Records each change of a connection's pace and each record left out of an answer (the log). */
  log: (message: string) => void;
}

export class ServiceClients {
  /** Whether each request reached the service (true) or not (false). */
  readonly outcomes = new Signal<boolean>();
  /** The pace of a connection's requests changed (the service slows PropDesk down, or lets it go again). */
  readonly pace = new Signal<{ connectionId: string; status: SchedulerStatus }>();
  private readonly clients = new Map<string, ServiceClient>();
  /** Each connection's scheduler, for the address it was made for. */
  private readonly schedulers = new Map<string, { baseUrl: string; scheduler: RequestScheduler }>();
  /** Connections whose address or key is being changed, or which are being removed: no new client. */
  private readonly changing = new Map<string, StopReason>();
  private readonly reportOutcome = (online: boolean) => this.outcomes.emit(online);
  /** PropDesk is closing: a client asked for from here on has a stopped scheduler. */
  private closing = false;

  constructor(private readonly o: ServiceClientsOptions) {}

  /** The API client of the active connection. */
  client(): ServiceClient {
    return this.clientFor(this.o.activeId());
  }

  clientFor(id: string): ServiceClient {
    const changing = this.changing.get(id);
    if (changing) throw stoppedError(changing);
    const existing = this.clients.get(id);
    if (existing) return existing;
    const row = this.o.repo.get(id);
    if (!row) throw new UserError('not_found', 'That connection no longer exists.');
    const client = row.kind === 'demo' ? this.demoClient() : this.remoteClient(row);
    this.clients.set(id, client);
    return client;
  }

  /**
   * Stops every request of the connection, queued or in flight, and drops its client, then runs
   * `change` (a new address or key, the connection removed, the demo restarted) with no client made
   * for it until the change ends: whatever held the old client can send nothing more.
   */
  async whileStopped<T>(id: string, reason: StopReason, change: () => Promise<T>): Promise<T> {
    this.changing.set(id, reason);
    this.schedulers.get(id)?.scheduler.abortAll(reason);
    this.schedulers.delete(id);
    this.clients.delete(id);
    try {
      return await change();
    } finally {
      this.changing.delete(id);
    }
  }

  /** Drops the connection's client (its name, address or key changed): the next request makes one. */
  drop(id: string): void {
    this.clients.delete(id);
  }

  /** Drops every client (the user switched connections). */
  dropAll(): void {
    this.clients.clear();
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
      if (line) this.o.log(line);
      this.pace.emit({ connectionId: id, status: after });
    });
    this.schedulers.set(id, { baseUrl, scheduler });
    return scheduler;
  }

  private remoteClient(row: ConnectionRow): ServiceClient {
    // Stored addresses were checked when saved; an older or edited database is checked again here,
    // before any key is handed to a client for it.
    const problem = serviceAddressProblem(row.baseUrl);
    if (problem) throw new UserError('invalid_url', problem);
    const address = row.baseUrl;
    return this.o.createClient(
      {
        baseUrl: address,
        getApiKey: () => this.keyFor(row.id, address),
        scheduler: this.schedulerFor(row.id, address),
        onRefused: this.o.log,
      },
      this.reportOutcome,
    );
  }

  /**
   * The key of the server a client was made for, asked on every request: only while the connection
   * still points at that server, and only that server's key.
   */
  private async keyFor(id: string, address: string): Promise<string | undefined> {
    const now = this.o.repo.get(id);
    if (!now || !sameServer(now.baseUrl, address)) {
      const stopped = stoppedError(now ? 'moved' : 'removed');
      stopped.undelivered = true;
      throw stopped;
    }
    try {
      return await this.o.keys.get(id, address);
    } catch (error) {
      if (error instanceof KeyUnreadableError) throw new ApiError('no_api_key', error.message);
      throw error;
    }
  }

  /** The demo's port and key are known only once its process is up, so each call asks for them. */
  private demoClient(): ServiceClient {
    const demo = this.o.demo;
    const clientFor = async () => {
      const endpoint = await demo.endpoint();
      return this.o.createClient(
        {
          baseUrl: endpoint.baseUrl,
          getApiKey: async () => endpoint.apiKey,
          scheduler: this.schedulerFor(DEMO_CONNECTION_ID, endpoint.baseUrl),
          onRefused: this.o.log,
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
}
