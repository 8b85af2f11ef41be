// The API key and queued submissions stay with the server they belong to. A connection's address
// moves to another server only with that server's key; what was queued for the old server is held in
// main's outbox until the user agrees, in main's own message box, to send it to the new one. Real
// parts: the app's services over a SQLite file, a sandbox as the old server, and a plain HTTP server
// that records every request as the new one.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { MemorySecretStore } from '../../../../src/main/secrets/memory-secret-store';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices, portRecord, serviceGone } from '../../../support/test-services';
import type { PortRecord } from '../../../support/test-services';
import { until } from '../../../support/until';
import { keyAccount } from '../../../../src/main/base/key-account';

interface Captured {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

/** A server that answers every request with a refusal and remembers exactly what it was sent. */
async function captureServer(): Promise<{ url: string; requests: Captured[]; close(): Promise<void> }> {
  const requests: Captured[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'invalid_request', message: 'Refused by the test server.' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const NEW_KEY = `pdk_new_server_${'n'.repeat(24)}`;

describe('a connection moved to another server', () => {
  let dataDir: string;
  let services: AppServices;
  let record: PortRecord;
  let secrets: MemorySecretStore;
  let old: Sandbox;
  let capture: Awaited<ReturnType<typeof captureServer>>;
  let connectionId: string;
  let oldKey: string;

  /** A connection to a server that has gone away, with `count` drafts queued for it while offline. */
  async function queuedOffline(count: number): Promise<string[]> {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-held-'));
    record = portRecord();
    secrets = new MemorySecretStore();
    services = createTestServices(dataDir, { secrets }, record);
    old = await startSandbox({ port: 0 });
    capture = await captureServer();
    oldKey = old.keys.find((k) => k.name === 'full')!.key;
    const conn = await services.connections.add({ name: 'Office', baseUrl: old.baseUrl, apiKey: oldKey });
    connectionId = conn.id;
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
    const leases = (await services.clients.client().list('leases', { limit: count })).data;
    await serviceGone(services, old);
    expect(services.connectivity.status().online).toBe(false);
    const ids: string[] = [];
    for (const [i, lease] of leases.entries()) {
      const d = services.drafts.create(`Rent ${i + 1}`, [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { monthly_rent: 1000 + i },
          snapshot: lease,
        },
      ]);
      await services.drafts.submit(d.id, d.revision);
      ids.push(d.id);
    }
    return ids;
  }

  /** Lists leases and drafts as the screens would, then flushes the outbox. */
  async function listAndFlush(): Promise<void> {
    await services.clients
      .client()
      .list('leases', { limit: 1 })
      .catch(() => undefined);
    services.drafts.list();
    await services.connectivity.probeNow();
    await services.outbox.kick();
  }

  afterEach(async () => {
    await services.stop();
    await capture.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('is refused without the new server’s key, and the new server receives no key and no submission', async () => {
    const [draftId] = await queuedOffline(1);
    await expect(services.connections.update({ id: connectionId, baseUrl: capture.url })).rejects.toThrow(
      `Changing the address to another server needs the API key for that server. PropDesk sends a key only to the server it was given for, so enter the key for ${capture.url} together with the new address. Nothing was changed.`,
    );
    const listed = (await services.connections.list()).connections.find((c) => c.id === connectionId);
    expect(listed).toMatchObject({ baseUrl: old.baseUrl, hasKey: true });
    expect(await secrets.get(keyAccount(connectionId, old.baseUrl))).toBe(oldKey);

    await listAndFlush();
    expect(capture.requests).toEqual([]);
    expect(record.questions).toEqual([]);
    expect(services.drafts.detail(draftId!).submission).toMatchObject({ state: 'queued', held: null });

    // Another path on the same server is the same server: no key needed, nothing held.
    await services.connections.update({ id: connectionId, baseUrl: `${old.baseUrl}/service` });
    expect(services.drafts.detail(draftId!).submission?.held).toBeNull();
    expect(record.questions).toEqual([]);
  });

  it('with the new server’s key, holds what was queued until the user agrees in main’s message box', async () => {
    const [first, second] = await queuedOffline(2);
    const queued = services.store.outbox.pending(connectionId);
    const oldServer = new URL(old.baseUrl).origin;

    // The user keeps them held.
    record.answers.push(false);
    await services.connections.update({ id: connectionId, baseUrl: capture.url, apiKey: NEW_KEY });
    await until(() => record.questions.length === 1);
    expect(record.questions[0]).toMatchObject({
      message: `2 submissions were made for ${oldServer}; send them to ${capture.url}?`,
      confirm: `Send to ${capture.url}`,
      cancel: 'Keep held',
    });
    await listAndFlush();
    expect(services.connectivity.status().online).toBe(true);
    for (const id of [first!, second!]) {
      expect(services.drafts.detail(id)).toMatchObject({
        state: 'submitting',
        submission: { state: 'queued', attempts: 0, held: { madeFor: oldServer, now: capture.url } },
      });
    }
    // The new server heard the new key only, and no submission.
    expect(capture.requests.length).toBeGreaterThan(0);
    expect(capture.requests.map((r) => r.authorization)).toEqual(
      capture.requests.map(() => `Bearer ${NEW_KEY}`),
    );
    expect(capture.requests.filter((r) => r.method !== 'GET' || r.body !== '')).toEqual([]);

    // Still held after a restart; a held submission can be withdrawn.
    await services.stop();
    services = createTestServices(dataDir, { secrets }, record);
    await listAndFlush();
    expect(capture.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(services.drafts.cancelSubmission(second!)).toMatchObject({
      state: 'editing',
      submission: { state: 'cancelled', held: null },
    });

    // The Submission panel asks main again; agreeing sends the queued bytes, with their key, to the new server.
    record.answers.push(true);
    await services.handlers['drafts.releaseHeld']({ id: first! });
    expect(record.questions).toHaveLength(2);
    expect(record.questions[1]!.message).toBe(
      `1 submission was made for ${oldServer}; send it to ${capture.url}?`,
    );
    await until(() => capture.requests.some((r) => r.method === 'POST'));
    const posts = capture.requests.filter((r) => r.method === 'POST');
    const sent = queued.find((q) => q.draftId === first)!;
    expect(posts).toEqual([
      {
        method: 'POST',
        path: '/api/v1/proposals',
        authorization: `Bearer ${NEW_KEY}`,
        idempotencyKey: sent.idempotencyKey,
        body: sent.body,
      },
    ]);
    await expect(services.handlers['drafts.releaseHeld']({ id: second! })).rejects.toThrow(
      /no submission held/,
    );
  });
});
