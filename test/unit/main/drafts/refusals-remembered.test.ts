// What the sandbox refuses, as the app sees it: a refused batch marks the change and field the service
// names, and a refusal for a missing permission is remembered per connection and record type, across
// a restart, until a submission of that type is accepted or the connection's key changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices } from '../../../support/test-services';
import { until } from '../../../support/until';

const keyOf = (s: Sandbox, name: string) => s.keys.find((k) => k.name === name)!.key;

describe('refusals the service gives', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let services: AppServices;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  afterEach(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  async function open(): Promise<void> {
    services = createTestServices(dataDir);
  }

  async function boot(key: string): Promise<string> {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-refusals-'));
    await open();
    const conn = await services.connections.add({
      name: 'Sandbox',
      baseUrl: sandbox.baseUrl,
      apiKey: keyOf(sandbox, key),
    });
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
    return conn.id;
  }

  async function refusedDraft(label: string, changes: Parameters<AppServices['drafts']['create']>[1]) {
    const draft = services.drafts.create(label, changes);
    expect(draft.valid).toBe(true);
    await services.drafts.submit(draft.id, draft.revision);
    await until(() => services.drafts.detail(draft.id).state === 'editing');
    return services.drafts.detail(draft.id);
  }

  it('marks the field the service names on the change it belongs to', async () => {
    await boot('full');
    const lease = (await services.clients.client().list('leases', { limit: 1 })).data[0]!;
    const detail = await refusedDraft('Repairs', [
      { operation: 'update', resourceType: 'lease', resourceId: lease.id, fields: { monthly_rent: 1999 } },
      {
        operation: 'create',
        resourceType: 'maintenance_request',
        fields: {
          property_id: lease.property_id ?? 'prop_none',
          unit_id: 'unit_does_not_exist',
          title: 'Boiler failed',
          description: 'No heat',
          priority: 'high',
          status: 'open',
          reported_at: new Date().toISOString(),
        },
      },
    ]);
    const repair = detail.changes[1]!.id;
    expect(detail.rejection?.problems).toContainEqual(
      expect.objectContaining({ changeId: repair, path: 'fields.unit_id' }),
    );
    expect(detail.rejection?.message).toMatch(/correct what is marked beside the changes/);
  });

  it('remembers a read-only key’s refusal across a restart, and forgets it when the key changes', async () => {
    const connectionId = await boot('readonly');
    const lease = (await services.clients.client().list('leases', { limit: 1 })).data[0]!;
    const detail = await refusedDraft('Rent', [
      { operation: 'update', resourceType: 'lease', resourceId: lease.id, fields: { monthly_rent: 2001 } },
    ]);
    expect(detail.rejection?.message).toMatch(/may not suggest these changes/);
    expect(detail.rejection?.message).not.toMatch(/fix what is marked/);
    expect(services.store.permissions.all()).toEqual([
      expect.objectContaining({ connectionId, resourceType: 'lease', scope: 'leases:propose' }),
    ]);

    // "Test connection" says what it could not try, and what was refused before, never a green tick.
    const suggesting = (await services.connections.test(connectionId)).filter((c) => c.suggesting);
    expect(suggesting.find((c) => c.target === 'leases')).toMatchObject({
      outcome: 'refused',
      scope: 'leases:propose',
    });
    expect(suggesting.find((c) => c.target === 'tenants')?.outcome).toBe('untested');
    expect(suggesting.find((c) => c.target === 'tenants')?.message).toMatch(
      /no way to test suggesting without sending/,
    );

    await services.stop();
    await open();
    const handlers = services.handlers as unknown as Record<string, (args: unknown) => Promise<unknown>>;
    expect(await handlers['connections.refusals']!({})).toEqual({
      refusals: [expect.objectContaining({ connectionId, resourceType: 'lease' })],
    });

    await services.connections.update({ id: connectionId, apiKey: keyOf(sandbox, 'full') });
    await until(() => services.store.permissions.all().length === 0);
  });

  it('forgets a refusal once a submission of that type is accepted', async () => {
    const connectionId = await boot('full');
    services.store.permissions.refused([
      {
        connectionId,
        resourceType: 'lease',
        scope: 'leases:propose',
        message: 'refused earlier',
        refusedAt: new Date().toISOString(),
      },
    ]);
    const lease = (await services.clients.client().list('leases', { limit: 1 })).data[0]!;
    const draft = services.drafts.create('Rent', [
      { operation: 'update', resourceType: 'lease', resourceId: lease.id, fields: { monthly_rent: 2002 } },
    ]);
    await services.drafts.submit(draft.id, draft.revision);
    await until(() => services.drafts.detail(draft.id).state === 'submitted');
    expect(services.store.permissions.all()).toEqual([]);
  });
});
