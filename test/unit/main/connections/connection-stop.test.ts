// Stopping a connection's work, through the app's own wiring: a connection moved to another server,
// given a new key or removed while background reads are queued and in flight. A small service in the
// test stands for the old server: it counts what reaches it and with which key, and holds every
// request, so work is still running when the change is made. No request begun for the old server
// may reach it afterwards, and the new key never does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOP_DEADLINE_MS } from '../../../../src/main/app/app-services';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { ApiError } from '../../../../src/main/api/errors/api-error';
import { DEMO_CONNECTION_ID } from '../../../../src/main/connections/connection-service';
import type { ServiceClient } from '../../../../src/main/connections/types';
import { createLogger } from '../../../../src/main/log/logger';
import type { Logger } from '../../../../src/main/log/logger';
import { MemorySecretStore } from '../../../../src/main/secrets/memory-secret-store';
import { recordAnswer, startHeldServer } from '../../../support/held-server';
import type { HeldServer } from '../../../support/held-server';
import { createTestServices } from '../../../support/test-services';
import { openStore } from '../../../../src/main/store/open-store';
import { ONE_CHANGE_BODY as SUBMIT_BODY } from '../../../support/scheduled-client';
import { DEFAULT_LIMITS } from '../../../../src/main/api/scheduler/adaptive-limit';
import { patiently } from '../../../support/patience';

/** What a connection sends at once before the service has said anything about its load. */
const IN_FLIGHT = DEFAULT_LIMITS.initial;

const KEY_A = 'pdk_OldServerKeyAAAAAAAAAAAAAAAAAA';
const KEY_B = 'pdk_NewServerKeyBBBBBBBBBBBBBBBBBB';
const KEY_C = 'pdk_ReplacementKeyCCCCCCCCCCCCCCCC';

/** A keychain whose writes wait until the test lets them finish, as a keychain prompt does. */
class SlowKeychain extends MemorySecretStore {
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;

  constructor() {
    super();
  }

  holdWrites(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  releaseWrites(): void {
    this.open?.();
    this.gate = undefined;
  }

  override async set(connectionId: string, key: string): Promise<void> {
    await this.gate;
    return super.set(connectionId, key);
  }
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as ApiError }),
  );

function backgroundReads(client: ServiceClient, count: number) {
  return Array.from({ length: count }, (_, i) =>
    settled(client.get('leases', `L${i}`, { priority: 'background' })),
  );
}

describe('stopping a connection’s work', () => {
  let dataDir: string;
  let oldServer: HeldServer;
  let newServer: HeldServer;
  let keychain: SlowKeychain;
  let services: AppServices;
  const logged: string[] = [];

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-stop-'));
    [oldServer, newServer] = await Promise.all([startHeldServer(), startHeldServer()]);
    newServer.autoAnswer(recordAnswer);
    keychain = new SlowKeychain();
    logged.length = 0;
    const logger: Logger = {
      debug: () => undefined,
      info: (message) => void logged.push(message),
      warn: () => undefined,
      error: () => undefined,
      files: () => [],
    };
    services = createTestServices(dataDir, { secrets: keychain, logger });
  });
  afterEach(async () => {
    await services.stop();
    await Promise.all([oldServer.close(), newServer.close()]);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('a move stops every read for the old server, queued or in flight, before the new key is stored', async () => {
    const { connections, clients } = services;
    const conn = await connections.add({ name: 'Old', baseUrl: oldServer.baseUrl, apiKey: KEY_A });
    const client = clients.clientFor(conn.id);
    const reads = backgroundReads(client, 30);
    await vi.waitFor(() => expect(oldServer.held()).toHaveLength(IN_FLIGHT), patiently);
    const reachedBefore = oldServer.arrivals.length;

    keychain.holdWrites();
    const moving = connections.update({ id: conn.id, baseUrl: newServer.baseUrl, apiKey: KEY_B });
    // While the new key is being saved, work that asks for the connection's client gets none.
    expect(() => clients.clientFor(conn.id)).toThrow(/address was changed/);
    keychain.releaseWrites();
    await moving;

    const outcomes = await Promise.all(reads);
    expect(outcomes.every((o) => !o.ok && o.error.code === 'connection_changed')).toBe(true);
    await vi.waitFor(
      () => expect(oldServer.arrivals.filter((r) => r.abandoned)).toHaveLength(IN_FLIGHT),
      patiently,
    );
    // The client the running work still holds sends nothing more.
    const again = await settled(client.get('leases', 'AGAIN'));
    expect(again).toMatchObject({ ok: false, error: { code: 'connection_changed' } });
    expect(oldServer.arrivals).toHaveLength(reachedBefore);
    expect(oldServer.arrivals.every((r) => r.authorization === `Bearer ${KEY_A}`)).toBe(true);

    // The connection's client now is the new server's, with its key.
    const record = await clients.clientFor(conn.id).get('leases', 'N1');
    expect(record.id).toBe('N1');
    expect(newServer.arrivals.map((r) => r.authorization)).toEqual([`Bearer ${KEY_B}`]);
    expect(oldServer.arrivals.some((r) => r.authorization?.includes(KEY_B))).toBe(false);
  });

  it('a new key for the same server stops what was sent with the old one; what follows carries the new key', async () => {
    const { connections, clients } = services;
    const conn = await connections.add({ name: 'Same', baseUrl: oldServer.baseUrl, apiKey: KEY_A });
    const reads = backgroundReads(clients.clientFor(conn.id), 20);
    await vi.waitFor(() => expect(oldServer.held()).toHaveLength(IN_FLIGHT), patiently);
    await connections.update({ id: conn.id, apiKey: KEY_C });
    const outcomes = await Promise.all(reads);
    expect(outcomes.every((o) => !o.ok && o.error.code === 'connection_changed')).toBe(true);
    expect(oldServer.arrivals).toHaveLength(IN_FLIGHT);
    oldServer.autoAnswer(recordAnswer);
    await clients.clientFor(conn.id).get('leases', 'FRESH');
    expect(oldServer.arrivals.map((r) => r.authorization)).toEqual([
      ...Array.from({ length: IN_FLIGHT }, () => `Bearer ${KEY_A}`),
      `Bearer ${KEY_C}`,
    ]);
  });

  it('removing a connection stops its work at once; nothing reaches the server afterwards', async () => {
    const { connections, clients } = services;
    const conn = await connections.add({ name: 'Gone', baseUrl: oldServer.baseUrl, apiKey: KEY_A });
    const client = clients.clientFor(conn.id);
    const reads = backgroundReads(client, 20);
    await vi.waitFor(() => expect(oldServer.held()).toHaveLength(IN_FLIGHT), patiently);
    await connections.remove(conn.id);
    const outcomes = await Promise.all(reads);
    expect(outcomes.every((o) => !o.ok && /removed/.test(o.error.message))).toBe(true);
    expect(await settled(client.list('leases', {}))).toMatchObject({ ok: false });
    expect(oldServer.arrivals).toHaveLength(IN_FLIGHT);
  });

  it('records when the service asks PropDesk to slow down, and tells whoever listens', async () => {
    const { connections, clients } = services;
    const conn = await connections.add({ name: 'Busy', baseUrl: oldServer.baseUrl, apiKey: KEY_A });
    const heard: Array<{ connectionId: string; waiting: boolean }> = [];
    clients.pace.subscribe(({ connectionId, status }) =>
      heard.push({ connectionId, waiting: status.waitingUntil !== undefined }),
    );
    let refused = false;
    oldServer.autoAnswer((request) => {
      if (refused) return recordAnswer(request);
      refused = true;
      return { status: 429, body: { error: { code: 'rate_limited' } }, headers: { 'Retry-After': '1' } };
    });
    const record = await clients.clientFor(conn.id).get('leases', 'L1');
    expect(record.id).toBe('L1');
    expect(oldServer.arrivals).toHaveLength(2);
    expect(heard).toContainEqual({ connectionId: conn.id, waiting: true });
    expect(heard.at(-1)).toEqual({ connectionId: conn.id, waiting: false });
    expect(clients.paceOf(conn.id)).toMatchObject({ slowedDown: false, waitingUntil: undefined });
    const host = new URL(oldServer.baseUrl).host;
    expect(logged).toContain(
      `Requests to ${host}: holds reading leases 1 s as the service asked; sends at most ${IN_FLIGHT / 2} requests at once.`,
    );
    expect(logged).toContain(`Requests to ${host}: goes on reading leases; runs at full speed again.`);
  });

  it('the demo organisation’s requests go through a scheduler of their own, stopped at quit', async () => {
    const { connections, clients } = services;
    const demo = clients.clientFor(DEMO_CONNECTION_ID);
    await demo.list('properties', { limit: 1 });
    expect(clients.paceOf(DEMO_CONNECTION_ID)).toMatchObject({ slowedDown: false });
    const reads = Array.from({ length: 40 }, (_, i) =>
      settled(demo.list('payments', { limit: i + 1 }, { priority: 'background' })),
    );
    await connections.stop();
    const outcomes = await Promise.all(reads);
    // Queued reads end at once with "closing", never as a service that cannot be reached.
    expect(outcomes.some((o) => !o.ok && o.error.code === 'cancelled')).toBe(true);
    expect(outcomes.every((o) => o.ok || o.error.code === 'cancelled')).toBe(true);
  });

  it('quitting during a hold ends at once: the poll held by it stops, a submission in flight may have arrived', async () => {
    const { connections, clients, store } = services;
    const conn = await connections.add({ name: 'Limited', baseUrl: oldServer.baseUrl, apiKey: KEY_A });
    await connections.switchTo(conn.id);
    // The poll is told to wait 59 s; a submission is sent and not answered yet.
    let holdEnds = 0;
    oldServer.autoAnswer((request) => {
      if (request.method !== 'GET' || !request.path.startsWith('/api/v1/proposals')) return undefined;
      holdEnds = Date.now() + 59_000;
      return { status: 429, body: { error: { code: 'rate_limited' } }, headers: { 'Retry-After': '59' } };
    });
    const draftId = store.drafts.create(conn.id, 'Rents');
    store.outbox.enqueue(conn.id, draftId, store.drafts.get(conn.id, draftId).revision, SUBMIT_BODY);
    void services.outbox.kick();
    void services.suggestions.refresh();
    await vi.waitFor(() => {
      expect(oldServer.held().filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(clients.paceOf(conn.id)?.holds).toHaveLength(1);
    });
    const file = join(dataDir, 'propdesk.sqlite');
    await services.stop();
    // Ended while the hold was still in force, and the poll's request was never sent again.
    expect(Date.now()).toBeLessThan(holdEnds);
    expect(oldServer.arrivals.filter((r) => r.path.startsWith('/api/v1/proposals?'))).toHaveLength(1);
    await vi.waitFor(() => expect(oldServer.arrivals.find((r) => r.method === 'POST')?.abandoned).toBe(true));
    // The submission keeps its key as one that may have arrived: never reopened for editing.
    const after = openStore(file);
    try {
      expect(after.outbox.pending().map((p) => p.state)).toEqual(['sending']);
      expect(after.drafts.get(conn.id, draftId).state).toBe('submitting');
    } finally {
      after.close();
    }
  });

  it('a part that never stops does not keep the quit waiting: the stop ends at its cap, the database closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'propdesk-stubborn-'));
    const warned: string[] = [];
    // A demo service that starts but never ends when told to stop.
    const stubborn = createTestServices(dir, {
      launcher: {
        launch: () => ({
          firstLine: Promise.resolve(JSON.stringify({ baseUrl: oldServer.baseUrl, keys: [] })),
          exited: new Promise<number | null>(() => undefined),
          stop: () => new Promise<void>(() => undefined),
        }),
      },
      logger: { ...createLogger({ console: false }), warn: (message) => void warned.push(message) },
    });
    try {
      oldServer.autoAnswer(recordAnswer);
      await stubborn.clients.clientFor(DEMO_CONNECTION_ID).get('leases', 'L1');
      await stubborn.stop();
      expect(warned).toContain(`Stopping took longer than ${STOP_DEADLINE_MS} ms; PropDesk quits anyway.`);
      expect(() => stubborn.store.outbox.pending()).toThrow(/not open/);
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
    }
  });
});
