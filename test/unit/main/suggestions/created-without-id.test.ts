// Records PropDesk's own suggestions created are found when the service does not say which record an
// applied create made (the sandbox started with `noCreatedIds`), for every collection, by what was
// sent: through the service's filters for that collection and the records there before. The tracker
// names each found record and says whether its values are live, the record lands in the offline copy
// (so it appears in its list), and where several records carry the values, or none, the tracker says
// so plainly. Real main services, a real SQLite file, the real sandbox over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import type { DraftChangeInput } from '../../../../src/shared/drafts';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import type { TrackedProposal } from '../../../../src/shared/suggestions';
import { Colleague } from '../../../support/colleague';
import { offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import { createTestServices } from '../../../support/test-services';
import { until } from '../../../support/until';

let sandbox: Sandbox;
let services: AppServices;
let connectionId: string;
let dataDir: string;
let colleague: Colleague;
let run = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, noCreatedIds: true, colleague: true });
  colleague = new Colleague(sandbox.baseUrl);
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-created-'));
  services = createTestServices(dataDir);
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const connection = await services.connections.add({
    name: 'No IDs',
    baseUrl: sandbox.baseUrl,
    apiKey: key,
  });
  connectionId = connection.id;
  services.store.offlineCopies.setKeepCopy(connectionId, false);
  await services.connections.switchTo(connectionId);
  services.store.offlineCopies.setKeepCopy(connectionId, true);
  await services.contract.get(connectionId, () => services.clients.client().openapi());
  await offlineCopyToEnd(services);
});

afterAll(async () => {
  await services.stop();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

const inCopy = (collection: Collection, id: string) =>
  services.store.offlineCopies.records(connectionId, collection).some((r) => r.id === id);

async function first(collection: Collection, query: Record<string, string> = {}): Promise<ServiceRecord> {
  return (await services.clients.client().list(collection, { limit: 1, ...query })).data[0]!;
}

/** Every record of the collection the sandbox holds that the test picks (read with plain paging). */
async function atService(collection: Collection, pick: (r: ServiceRecord) => boolean): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await services.clients
      .client()
      .list(collection, { limit: 100, ...(cursor ? { cursor } : {}) });
    ids.push(...page.data.filter(pick).map((r) => r.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/** Submits the changes as one draft and waits until the service recorded the batch; its proposals. */
async function sent(changes: DraftChangeInput[]): Promise<TrackedProposal[]> {
  const draft = services.drafts.create(`Created without IDs ${run++}`, changes);
  expect(draft.valid, JSON.stringify(draft.problems)).toBe(true);
  await services.drafts.submit(draft.id, draft.revision);
  await until(() => services.drafts.detail(draft.id).state === 'submitted');
  const batchId = services.drafts.detail(draft.id).submission!.batchId!;
  return services.suggestions.state().batches.find((b) => b.batchId === batchId)!.proposals;
}

const tracked = (proposalId: string): TrackedProposal =>
  services.suggestions
    .state()
    .batches.flatMap((b) => b.proposals)
    .find((p) => p.id === proposalId)!;

/** PropDesk has its word on the created record: found, or why not yet. */
const settled = (p: TrackedProposal) =>
  p.resourceId !== null || (p.live?.problem ?? '').includes('it created, and');

/** Approves the proposals at the service, polls, and waits until PropDesk settled each create. */
async function approved(proposals: readonly TrackedProposal[]): Promise<void> {
  for (const p of proposals) sandbox.control.approve(p.id, 'admin');
  await services.suggestions.pollOnce();
  await until(() => proposals.every((p) => settled(tracked(p.id))));
}

describe('a record an applied create made, when the service does not say which', () => {
  it('finds a new maintenance request, payment and tenant, names each in the tracker and puts it in the copy', async () => {
    const unit = await first('units');
    const lease = await first('leases');
    const title = `Gutter over the porch leaks ${process.pid}-${run}`;
    const email = `noor.${process.pid}.${run}@example.com`;
    const proposals = await sent([
      {
        operation: 'create',
        resourceType: 'maintenance_request',
        fields: { property_id: unit.property_id, unit_id: unit.id, title, priority: 'high', status: 'open' },
      },
      {
        operation: 'create',
        resourceType: 'payment',
        fields: {
          lease_id: lease.id,
          tenant_id: lease.tenant_id,
          amount: 1234.5,
          due_date: '2027-03-01',
          status: 'pending',
        },
      },
      {
        operation: 'create',
        resourceType: 'tenant',
        fields: { name: 'Noor Idris', email, status: 'future', is_active: true },
      },
    ]);
    expect(proposals.map((p) => p.resourceId)).toEqual([null, null, null]);
    const copied = (collection: Collection, pick: (r: ServiceRecord) => boolean) =>
      services.store.offlineCopies.records(connectionId, collection).some(pick);
    expect(copied('maintenance_requests', (r) => r.title === title)).toBe(false);

    await approved(proposals);

    const [request, payment, tenant] = proposals.map((p) => tracked(p.id));
    const [requestId] = await atService('maintenance_requests', (r) => r.title === title);
    const [paymentId] = await atService(
      'payments',
      (r) => r.lease_id === lease.id && r.amount === 1234.5 && r.due_date === '2027-03-01',
    );
    const [tenantId] = await atService('tenants', (r) => r.email === email);
    expect(request!.resourceId).toBe(requestId);
    expect(payment!.resourceId).toBe(paymentId);
    expect(tenant!.resourceId).toBe(tenantId);
    for (const p of [request!, payment!, tenant!])
      expect(p.live).toMatchObject({ live: true, problem: null });
    // Found records land in the copy, so they appear in their lists.
    await until(
      () =>
        inCopy('maintenance_requests', requestId!) &&
        inCopy('payments', paymentId!) &&
        inCopy('tenants', tenantId!),
    );
  });

  it('asks the landlord to choose when several records carry the values, and names the one chosen', async () => {
    const unit = await first('units');
    const title = `Smoke alarm chirps ${process.pid}-${run}`;
    const fields = {
      property_id: unit.property_id,
      unit_id: unit.id,
      title,
      priority: 'low',
      status: 'open',
    };
    const [proposal] = await sent([{ operation: 'create', resourceType: 'maintenance_request', fields }]);
    // A colleague files the same request in the web app while the suggestion waits.
    await colleague.add('maintenance_requests', fields);

    await approved([proposal!]);

    const after = tracked(proposal!.id);
    expect(after.resourceId).toBeNull();
    expect(after.live?.problem).toBe(
      'The service did not say which maintenance request it created, and 2 maintenance requests carry the suggested values: choose the one it created.',
    );
    const offered = await atService('maintenance_requests', (r) => r.title === title);
    expect([...after.live!.candidates!].sort()).toEqual([...offered].sort());

    // A record not offered is refused and changes nothing; one offered is named and put in the copy.
    expect(() => services.createdRecords.chooseFor(connectionId, proposal!.id, unit.id)).toThrow(
      /not one of those offered/,
    );
    expect(tracked(proposal!.id).resourceId).toBeNull();
    services.createdRecords.chooseFor(connectionId, proposal!.id, offered[1]!);
    await until(() => tracked(proposal!.id).resourceId === offered[1]);
    expect(tracked(proposal!.id).live).toMatchObject({ live: true, problem: null });
    await until(() => inCopy('maintenance_requests', offered[1]!));
  });
});
