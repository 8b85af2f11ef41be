// A new tenancy, start to finish, against real parts: a draft holding a new tenant and a new lease
// for that tenant is sent in two parts (the service gives the tenant an ID only when a person approves
// it), and the lease's tenant is filled in with the real ID once it exists. Run against the sandbox,
// which says which record an approved suggestion created, and against a service in front of it that
// never says so, where PropDesk finds the new record by the values it suggested.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { DraftDetail } from '../../../../src/shared/drafts';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { startRewritingProxy } from '../../../support/rewriting-proxy';
import type { RewritingProxy } from '../../../support/rewriting-proxy';
import { createTestServices } from '../../../support/test-services';
import { until } from '../../../support/until';

const keyOf = (s: Sandbox, name: string) => s.keys.find((k) => k.name === name)!.key;

/** Takes every resourceId out of the proposals a listing shows: the contract does not promise it. */
function withoutResourceIds(path: string, body: unknown): unknown {
  if (!path.startsWith('/api/v1/proposals') || !body || typeof body !== 'object') return body;
  const page = body as { data?: Array<Record<string, unknown>> };
  if (Array.isArray(page.data)) page.data = page.data.map(({ resourceId: _r, ...rest }) => rest);
  return page;
}

/** What a lying service names as the created tenant: set by each test that uses it. */
let namedAs = '';

/** Names every approved tenant's record as `namedAs`, as a broken or hostile service might. */
function namingTenantsAs(path: string, body: unknown): unknown {
  if (!path.startsWith('/api/v1/proposals') || !body || typeof body !== 'object') return body;
  const page = body as { data?: Array<Record<string, unknown>> };
  if (Array.isArray(page.data))
    page.data = page.data.map((p) =>
      p.resourceType === 'tenant' && p.resourceId ? { ...p, resourceId: namedAs } : p,
    );
  return page;
}

describe('a new tenancy, start to finish', () => {
  let sandbox: Sandbox;
  let proxy: RewritingProxy;
  let lying: RewritingProxy;
  let dataDir: string;
  let services: AppServices;
  let run = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    proxy = await startRewritingProxy(sandbox.baseUrl, withoutResourceIds);
    lying = await startRewritingProxy(sandbox.baseUrl, namingTenantsAs);
  });
  afterAll(async () => {
    await lying.close();
    await proxy.close();
    await sandbox.close();
  });
  afterEach(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  async function boot(baseUrl: string): Promise<void> {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-tenancy-'));
    services = createTestServices(dataDir);
    const conn = await services.connections.add({ name: 'Service', baseUrl, apiKey: keyOf(sandbox, 'full') });
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
  }

  /** The draft a new tenancy makes: the tenant, and the lease whose tenant is that new tenant. */
  async function draftTenancy(): Promise<{ draft: DraftDetail; email: string; unitId: string }> {
    const unitId = (await services.clients.client().list('units', { limit: 1 })).data[0]!.id;
    const email = `jordan.${process.pid}.${run++}@example.com`;
    const draft = services.drafts.create(
      'New tenancy',
      [
        {
          id: 'tenant',
          operation: 'create',
          resourceType: 'tenant',
          fields: { name: 'Jordan Reyes', email, status: 'future', is_active: true },
        },
        {
          id: 'lease',
          operation: 'create',
          resourceType: 'lease',
          fields: {
            unit_id: unitId,
            start_date: '2027-01-01',
            monthly_rent: 1450,
            security_deposit: 1450,
            status: 'pending',
          },
        },
      ],
      [{ changeId: 'lease', field: 'tenant_id', sourceChangeId: 'tenant' }],
    );
    return { draft, email, unitId };
  }

  async function proposalOf(batchId: string, type: string): Promise<string> {
    const page = await services.clients.client().listProposals({ limit: 100 });
    return page.data.find((p) => p.batchId === batchId && p.resourceType === type)!.id;
  }

  /** Submits the draft and waits until the service recorded it; returns its batch. */
  async function send(draft: DraftDetail): Promise<string> {
    await services.drafts.submit(draft.id, draft.revision);
    await until(() => services.drafts.detail(draft.id).state === 'submitted');
    return services.drafts.detail(draft.id).submission!.batchId!;
  }

  /** The later part of the tenancy: the draft holding the lease once the tenant went. */
  const leasePart = () => {
    const summary = services.drafts.list().drafts.find((d) => d.laterPart);
    return summary ? services.drafts.detail(summary.id) : undefined;
  };

  async function tenantIdByEmail(email: string): Promise<string> {
    const page = await services.clients.client().list('tenants', { limit: 100 });
    for (let p = page; ;) {
      const hit = p.data.find((t) => t.email === email);
      if (hit) return hit.id;
      if (!p.nextCursor) throw new Error(`no tenant ${email}`);
      p = await services.clients.client().list('tenants', { limit: 100, cursor: p.nextCursor });
    }
  }

  it('sends the tenant first, fills the lease with the approved tenant’s ID, and sends the lease', async () => {
    await boot(sandbox.baseUrl);
    const { draft, email, unitId } = await draftTenancy();
    // Valid as drafted: the lease's tenant is not missing, it waits for the new tenant.
    expect(draft.valid).toBe(true);
    expect(draft.problems).toEqual([]);
    expect(draft.later).toEqual(['lease']);
    expect(draft.parts).toEqual({ part: 1, of: 2 });

    const tenantBatch = await send(draft);
    const sent = services.drafts.detail(draft.id);
    expect(sent.label).toBe('New tenancy — part 1 of 2');
    expect(sent.changes.map((c) => c.resourceType)).toEqual(['tenant']);
    // The service holds one suggestion for this batch: the tenant, never a lease naming "Jordan".
    const onServer = (await services.clients.client().listProposals({ limit: 100 })).data.filter(
      (p) => p.batchId === tenantBatch,
    );
    expect(onServer.map((p) => p.resourceType)).toEqual(['tenant']);

    let lease = leasePart()!;
    expect(lease.label).toBe('New tenancy — part 2 of 2');
    expect(lease.laterPart).toMatchObject({
      state: 'waiting',
      waitsFor: ['tenant'],
      afterBatchId: tenantBatch,
    });
    expect(lease.changes[0]!.fields.tenant_id).toBeUndefined();

    sandbox.control.approve(await proposalOf(tenantBatch, 'tenant'), 'landlord');
    await services.suggestions.refresh();
    const tenantId = await tenantIdByEmail(email);
    await until(() => leasePart()?.changes[0]?.fields.tenant_id === tenantId);
    lease = leasePart()!;
    expect(lease.laterPart?.state).toBe('ready');
    expect(lease.valid).toBe(true);

    const leaseBatch = await send(lease);
    sandbox.control.approve(await proposalOf(leaseBatch, 'lease'), 'landlord');
    const leases = await services.clients
      .client()
      .list('leases', { filters: { unit_id: unitId }, limit: 100 });
    expect(leases.data.some((l) => l.tenant_id === tenantId && l.start_date === '2027-01-01')).toBe(true);
  });

  it('finds the new tenant by its values when the service never says which record it created', async () => {
    await boot(proxy.baseUrl);
    const { draft, email } = await draftTenancy();
    const tenantBatch = await send(draft);
    sandbox.control.approve(await proposalOf(tenantBatch, 'tenant'), 'landlord');
    await services.suggestions.refresh();
    const tenantId = await tenantIdByEmail(email);
    await until(() => leasePart()?.changes[0]?.fields.tenant_id === tenantId);
    expect(leasePart()!.changes[0]!.links?.[0]?.note).toMatch(/did not say which tenant it created/);
  });

  it('lets the landlord choose when two new tenants carry the suggested values', async () => {
    await boot(proxy.baseUrl);
    const { draft, email } = await draftTenancy();
    const tenantBatch = await send(draft);
    // Someone adds the same person in the web application while the suggestion waits.
    const twin = sandbox.control.createRecord('tenants', 'org_demo', {
      name: 'Jordan Reyes',
      email,
      phone: '555-0100',
      status: 'future',
      is_active: true,
    });
    sandbox.control.approve(await proposalOf(tenantBatch, 'tenant'), 'landlord');
    await services.suggestions.refresh();
    await until(() => leasePart()?.laterPart?.state === 'choose');
    const lease = leasePart()!;
    const link = lease.changes[0]!.links![0]!;
    expect(link.candidates).toHaveLength(2);
    expect(link.candidates).toContain(twin.id);
    expect(lease.valid).toBe(false);
    await expect(services.drafts.submit(lease.id, lease.revision)).rejects.toMatchObject({
      code: 'draft_invalid',
    });

    const chosen = link.candidates.find((id) => id !== twin.id)!;
    services.createdRecords.choose(
      services.connections.active().id,
      { draftId: lease.id, changeId: 'lease', field: 'tenant_id' },
      chosen,
    );
    expect(leasePart()!.changes[0]!.fields.tenant_id).toBe(chosen);
    expect(leasePart()!.laterPart?.state).toBe('ready');
  });

  it('never fills in an ID the service names for the new tenant unless it is that tenant, and offers a choice', async () => {
    await boot(lying.baseUrl);
    const client = services.clients.client();
    const unitId = (await client.list('units', { limit: 1 })).data[0]!.id;
    const elsewhere = sandbox.control.createRecord('tenants', 'org_other', {
      name: 'Elsewhere',
      email: 'x@example.com',
      phone: '555-0101',
      status: 'future',
      is_active: true,
    });
    const stranger = sandbox.control.createRecord('tenants', 'org_demo', {
      name: 'Someone Else',
      email: 'se@example.com',
      phone: '555-0102',
      status: 'future',
      is_active: true,
    });
    const lies: Array<[string, RegExp]> = [
      [unitId, /has no tenant with that ID for this organisation/],
      [String(elsewhere.id), /has no tenant with that ID for this organisation/],
      [String(stranger.id), /does not carry the values that were suggested/],
      ['..', /does not accept: it holds characters an ID may not/],
      ['ten_\u202e1', /does not accept: it holds invisible or direction-changing characters/],
      ['ten_1\nten_2', /does not accept: it holds invisible or direction-changing characters/],
      ['ten_%2e%2e', /does not accept: it holds characters an ID may not/],
      ['t'.repeat(129), /does not accept: it is longer than 128 characters/],
    ];
    for (const [lie, why] of lies) {
      namedAs = lie;
      const { draft, email } = await draftTenancy();
      const tenantBatch = await send(draft);
      sandbox.control.approve(await proposalOf(tenantBatch, 'tenant'), 'landlord');
      await services.suggestions.refresh();
      const partOf = () =>
        services.drafts.list().drafts.find((d) => d.laterPart?.afterBatchId === tenantBatch);
      const lease = () => services.drafts.detail(partOf()!.id);
      await until(() => partOf()?.laterPart?.state === 'choose');
      const waiting = lease();
      expect(waiting.changes[0]!.fields.tenant_id, lie).toBeUndefined();
      expect(waiting.valid).toBe(false);
      const link = waiting.changes[0]!.links![0]!;
      expect(link.note, lie).toMatch(why);
      // The real new tenant, found by the values it was suggested with, is offered; nothing else is.
      const tenantId = await tenantIdByEmail(email);
      expect(link.candidates).toEqual([tenantId]);
      const at = { draftId: waiting.id, changeId: 'lease', field: 'tenant_id' };
      expect(() => services.createdRecords.choose(services.connections.active().id, at, unitId)).toThrow(
        /not one of those offered/,
      );
      expect(lease().changes[0]!.fields.tenant_id).toBeUndefined();
      services.createdRecords.choose(services.connections.active().id, at, tenantId);
      expect(lease().changes[0]!.fields.tenant_id).toBe(tenantId);
    }
  });

  it('ends the lease part, and says so, when the tenant is dismissed', async () => {
    await boot(sandbox.baseUrl);
    const { draft } = await draftTenancy();
    const tenantBatch = await send(draft);
    sandbox.control.dismiss(await proposalOf(tenantBatch, 'tenant'), 'landlord');
    await services.suggestions.refresh();
    await until(() => leasePart()?.laterPart?.state === 'ended');
    const lease = leasePart()!;
    expect(lease.laterPart?.note).toMatch(/tenant was dismissed/);
    expect(lease.problems.find((p) => p.path === 'fields.tenant_id')?.message).toMatch(/dismissed/);
    expect(lease.valid).toBe(false);
  });

  // Last: it moves the shared sandbox's clock on by more than a week.
  it('ends the lease part, and says so, when the tenant is left to expire', async () => {
    await boot(sandbox.baseUrl);
    const { draft } = await draftTenancy();
    const tenantBatch = await send(draft);
    const proposal = await proposalOf(tenantBatch, 'tenant');
    sandbox.control.advanceClock(8 * 86_400_000);
    await services.suggestions.refresh();
    await until(() => leasePart()?.laterPart?.state === 'ended');
    const lease = leasePart()!;
    expect(lease.laterPart?.note).toMatch(
      /tenant was left to expire at the service, so it will not be created/,
    );
    expect(lease.laterPart?.afterBatchId).toBe(tenantBatch);
    const link = lease.changes[0]!.links![0]!;
    expect(link).toMatchObject({ state: 'ended', recordId: null });
    expect(lease.changes[0]!.fields.tenant_id).toBeUndefined();
    expect(lease.problems.find((p) => p.path === 'fields.tenant_id')?.message).toMatch(/expire/);
    // It cannot go naming a tenant that will never exist.
    expect(lease.valid).toBe(false);
    await expect(services.drafts.submit(lease.id, lease.revision)).rejects.toMatchObject({
      code: 'draft_invalid',
    });
    const statuses = (await services.clients.client().listProposals({ limit: 100 })).data;
    expect(statuses.find((p) => p.id === proposal)?.status).toBe('expired');
  });
});
