// Drafts and the outbox against real parts: the app's services over a SQLite file, a sandbox as a
// remote service over HTTP (stopped and restarted on the same port and state file to go offline).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { ServiceRecord } from '../../../../src/shared/service';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices } from '../../../support/test-services';
import { until } from '../../../support/until';

const keyOf = (s: Sandbox, name: string) => s.keys.find((k) => k.name === name)!.key;

async function proposalsOnServer(s: Sandbox): Promise<Array<{ id: string; batchId?: string }>> {
  const out: Array<{ id: string }> = [];
  let cursor = '';
  for (;;) {
    const res = await fetch(`${s.baseUrl}/api/v1/proposals?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { Authorization: `Bearer ${keyOf(s, 'full')}` },
    });
    const body = (await res.json()) as {
      data: Array<{ id: string }>;
      nextCursor: string | null;
      hasMore: boolean;
    };
    out.push(...body.data);
    if (!body.hasMore || !body.nextCursor) return out;
    cursor = encodeURIComponent(body.nextCursor);
  }
}

describe('drafts and the outbox', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let services: AppServices;
  let events: Array<{ event: string; payload: unknown }>;
  let lease: ServiceRecord;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  let badge: number[];
  async function boot(key = 'full'): Promise<void> {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-drafts-'));
    events = [];
    badge = [];
    services = createTestServices(dataDir, {
      emit: (event, payload) => events.push({ event, payload }),
      setBadge: (count) => badge.push(count),
    });
    const conn = await services.connections.add({
      name: 'Sandbox',
      baseUrl: sandbox.baseUrl,
      apiKey: keyOf(sandbox, key),
    });
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
    const client = services.clients.client();
    lease = (await client.list('leases', { filters: { status: 'active' }, limit: 1 })).data[0]!;
  }
  afterEach(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  const rentUpdate = (rent: number) => ({
    operation: 'update' as const,
    resourceType: 'lease' as const,
    resourceId: lease.id,
    fields: { monthly_rent: rent },
    snapshot: lease,
  });

  it('keeps every edit, checks it against the contract, and submits it once as one batch', async () => {
    await boot();
    const before = (await proposalsOnServer(sandbox)).length;
    const draft = services.drafts.create('November rents');
    expect(draft).toMatchObject({ state: 'editing', changeCount: 0, valid: false });
    expect(draft.problems[0]?.message).toMatch(/at least one change/);

    let detail = services.drafts.putChange(draft.id, rentUpdate((lease.monthly_rent as number) + 50));
    detail = services.drafts.putChange(detail.id, {
      operation: 'create',
      resourceType: 'maintenance_request',
      fields: { nonsense_field: 1 },
    });
    const bad = detail.problems.find((p) => p.path === 'fields.nonsense_field');
    expect(bad?.changeId).toBe(detail.changes[1]!.id);
    expect(bad?.message).toMatch(/not a field the service accepts/);
    expect(detail.problems.find((p) => p.path === 'fields.title')?.message).toBe(
      'Title is required for a new maintenance request',
    );
    await expect(services.drafts.submit(detail.id, detail.revision)).rejects.toMatchObject({
      code: 'draft_invalid',
    });
    detail = services.drafts.removeChange(detail.id, detail.changes[1]!.id);
    expect(detail.valid).toBe(true);

    // A second service instance on the same file sees the same draft: main holds the only copy.
    const reread = services.store.drafts.changes(detail.id);
    expect(reread[0]?.fields).toEqual({ monthly_rent: (lease.monthly_rent as number) + 50 });

    const submitted = await services.drafts.submit(detail.id, detail.revision);
    expect(submitted.state).toBe('submitting');
    expect(() => services.drafts.putChange(detail.id, rentUpdate(1))).toThrow(/being submitted/);
    await until(() => services.drafts.detail(detail.id).state === 'submitted');
    const done = services.drafts.detail(detail.id);
    expect(done.submission).toMatchObject({ state: 'sent', attempts: 1 });
    expect(done.submission?.message).toMatch(/nothing has changed|suggest/i);
    expect((await proposalsOnServer(sandbox)).length).toBe(before + 1);
    expect(events.some((e) => e.event === 'drafts.changed')).toBe(true);
    // The app icon's badge counts the suggestions waiting for review.
    await services.suggestions.refresh();
    expect(badge.at(-1)).toBe(services.suggestions.pending());
    expect(services.suggestions.pending()).toBeGreaterThanOrEqual(1);
    // A sent draft is not checked against its own batch, now waiting for review.
    expect(services.drafts.list().drafts.find((x) => x.id === detail.id)).toMatchObject({
      state: 'submitted',
      problemCount: 0,
    });

    // The same change again is flagged as already waiting for review.
    const again = services.drafts.create('Again', [rentUpdate((lease.monthly_rent as number) + 50)]);
    expect(again.problems.map((p) => p.message).join()).toMatch(
      /already waiting for review in “November rents”/,
    );
  });

  it('refuses a stale editor, one field changed twice, and sends only fields that change', async () => {
    await boot();
    const d = services.drafts.create('Checks', [rentUpdate(2000), rentUpdate(2100)]);
    expect(d.problems.some((p) => p.changeId === d.changes[1]!.id && p.path === 'fields.monthly_rent')).toBe(
      true,
    );
    expect(() => services.drafts.putChange(d.id, rentUpdate(5), d.revision - 1)).toThrow(/changed elsewhere/);
    const same = services.drafts.create('No-op', [rentUpdate(lease.monthly_rent as number)]);
    expect(same.valid).toBe(false);
    expect(same.problems[0]?.message).toMatch(/at least one field/i);
  });

  it('flags records changed since they were drafted', async () => {
    await boot();
    const d = services.drafts.create('Stale', [
      { ...rentUpdate(9999), snapshot: { ...lease, monthly_rent: 1 } },
      {
        operation: 'update',
        resourceType: 'property',
        resourceId: 'prp_does_not_exist',
        fields: { name: 'x' },
      },
    ]);
    const check = await services.drafts.preflight(d.id);
    expect(check.stale).toEqual([
      {
        changeId: d.changes[0]!.id,
        resourceId: lease.id,
        missing: false,
        fields: [{ name: 'monthly_rent', drafted: 1, current: lease.monthly_rent }],
      },
      { changeId: d.changes[1]!.id, resourceId: 'prp_does_not_exist', missing: true, fields: [] },
    ]);
  });

  it('waits offline, can be withdrawn before sending, and goes out once when the service returns', async () => {
    await boot();
    const stateFile = join(dataDir, 'sandbox-state.json');
    const local = await startSandbox({ port: 0, stateFile, fullKey: keyOf(sandbox, 'full') });
    const conn = await services.connections.add({
      name: 'Local',
      baseUrl: local.baseUrl,
      apiKey: keyOf(local, 'full'),
    });
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
    const localPort = Number(new URL(local.baseUrl).port);
    const localLease = (await services.clients.client().list('leases', { limit: 1 })).data[0]!;
    await local.close();
    // A first failed call drops any pooled connection to the old process, as time would.
    await services.clients
      .client()
      .list('leases', { limit: 1 })
      .catch(() => undefined);

    const change = {
      operation: 'update' as const,
      resourceType: 'lease' as const,
      resourceId: localLease.id,
      fields: { monthly_rent: 1234 },
      snapshot: localLease,
    };
    const d = services.drafts.create('Offline draft', [change]);
    expect(services.connectivity.status().online).toBe(false);
    const queued = await services.drafts.submit(d.id, d.revision);
    await services.outbox.kick();
    // Offline, nothing is attempted: the submission waits and can still be withdrawn.
    expect(services.drafts.detail(d.id)).toMatchObject({
      state: 'submitting',
      submission: { state: 'queued', attempts: 0 },
    });
    expect(queued.submission?.state).toBe('queued');
    events.length = 0;
    const withdrawn = services.drafts.cancelSubmission(d.id);
    expect(events).toContainEqual({ event: 'outbox.changed', payload: { waiting: 0, online: false } });
    expect(withdrawn).toMatchObject({ state: 'editing', submission: { state: 'cancelled' } });

    const again = await services.drafts.submit(d.id, withdrawn.revision);
    const back = await startSandbox({ port: localPort, stateFile, fullKey: keyOf(local, 'full') });
    try {
      // The connection returning is what sends it.
      await services.connectivity.probeNow();
      await until(() => services.drafts.detail(d.id).state === 'submitted');
      const sent = services.drafts.detail(d.id).submission!;
      expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
      expect(again.submission?.id).toBe(sent.id);
      expect((await proposalsOnServer(back)).length).toBe(1);
    } finally {
      await back.close();
    }
  });

  it('a refusal makes the draft editable again with the reason; a 409 is never re-sent', async () => {
    await boot('readonly');
    const d = services.drafts.create('No scope', [rentUpdate(2500)]);
    await services.drafts.submit(d.id, d.revision);
    await until(() => services.drafts.detail(d.id).state === 'editing');
    const refused = services.drafts.detail(d.id);
    expect(refused.submission?.state).toBe('rejected');
    expect(refused.rejection?.message).toMatch(/leases:propose/);

    // A key collision: the service answers 409 and PropDesk does not try again by itself.
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    await boot('full');
    const first = services.drafts.create('First', [rentUpdate(3100)]);
    await services.drafts.submit(first.id, first.revision);
    await until(() => services.drafts.detail(first.id).state === 'submitted');
    const usedKey = (
      services.store.db
        .prepare('SELECT idempotency_key AS k FROM submissions WHERE draft_id = ?')
        .get(first.id) as {
        k: string;
      }
    ).k;
    const second = services.drafts.create('Second', [rentUpdate(3200)]);
    services.store.outbox.enqueue(
      services.connections.active().id,
      second.id,
      second.revision,
      JSON.stringify({
        label: 'Second',
        changes: [
          {
            operation: 'update',
            resourceType: 'lease',
            resourceId: lease.id,
            fields: { monthly_rent: 3200 },
          },
        ],
      }),
    );
    services.store.db
      .prepare("UPDATE submissions SET idempotency_key = 'moved-' || idempotency_key WHERE draft_id = ?")
      .run(first.id);
    services.store.db
      .prepare('UPDATE submissions SET idempotency_key = ? WHERE draft_id = ?')
      .run(usedKey, second.id);
    const count = (await proposalsOnServer(sandbox)).length;
    await services.outbox.kick();
    await until(() => services.drafts.detail(second.id).state === 'editing');
    const conflict = services.drafts.detail(second.id);
    expect(conflict.submission).toMatchObject({ state: 'conflict', attempts: 1 });
    expect(conflict.rejection?.message).toMatch(/already used for a different batch/);
    await services.outbox.kick();
    expect(services.drafts.detail(second.id).submission?.attempts).toBe(1);
    expect((await proposalsOnServer(sandbox)).length).toBe(count);
  });

  it('tells which drafts a changed contract makes invalid', async () => {
    await boot();
    const connectionId = services.connections.active().id;
    // Yesterday the service called the rent field rent_pcm (another service's contract stands in).
    const old = readFileSync(
      join(import.meta.dirname, '../../../fixtures/contracts/harbor-openapi-3.0.json'),
      'utf8',
    );
    services.store.contracts.put(connectionId, {
      json: old,
      hash: createHash('sha256').update(old).digest('hex'),
      fetchedAt: '2026-11-22T00:00:00Z',
    });
    services.contract.forget();
    const d = services.drafts.create('Written yesterday', [
      { operation: 'update', resourceType: 'lease', resourceId: lease.id, fields: { rent_pcm: 1300 } },
    ]);
    const other = services.drafts.create('Still fine', []);
    expect(d.valid).toBe(true);
    events.length = 0;
    await services.contract.get(connectionId, () => services.clients.client().openapi(), {
      refresh: true,
    });
    const changed = events.find((e) => e.event === 'contract.changed')?.payload as {
      invalidDrafts: Array<{ id: string; firstProblem: string }>;
    };
    expect(changed.invalidDrafts.map((x) => x.id)).toEqual([d.id]);
    expect(changed.invalidDrafts[0]!.firstProblem).toMatch(/“rent_pcm” is not a field/);
    expect(changed.invalidDrafts.map((x) => x.id)).not.toContain(other.id);
    expect(services.drafts.detail(d.id).valid).toBe(false);
  });
});
