// The reactions between services, through the app's one composition (createAppServices) over a SQLite
// file and sandboxes over HTTP: services only announce, and what should follow still follows. A
// submission released from hold goes out, a read answered from the offline copy while offline has the
// service checked at once, the app icon's badge and desktop notifications follow the suggestions, and
// a removed connection takes its names along.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { EventName } from '../../../../src/shared/ipc';
import type { ServiceRecord } from '../../../../src/shared/service';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import { createTestServices, portRecord, serviceGone } from '../../../support/test-services';
import type { PortRecord } from '../../../support/test-services';
import { until } from '../../../support/until';

const keyOf = (s: Sandbox) => s.keys.find((k) => k.name === 'full')!.key;

const cleanUp: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
});

async function sandbox(options: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
  const started = await startSandbox({ port: 0, ...options });
  cleanUp.push(() => started.close());
  return started;
}

/** The app's services on a fresh folder, with what they showed the world recorded. */
function boot(): { services: AppServices; record: PortRecord; events: EventName[] } {
  const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-reactions-'));
  const record = portRecord();
  const events: EventName[] = [];
  const services = createTestServices(dataDir, { emit: (event) => void events.push(event) }, record);
  cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 }));
  cleanUp.push(() => services.stop());
  return { services, record, events };
}

/** A connection to the sandbox in use, with its contract read, and one of its active leases. */
async function connectTo(
  services: AppServices,
  service: Sandbox,
): Promise<{ id: string; lease: ServiceRecord }> {
  const { id } = await services.connections.add({
    name: 'Office',
    baseUrl: service.baseUrl,
    apiKey: keyOf(service),
  });
  // Only the reactions under test send requests: the connection keeps no offline copy.
  services.store.offlineCopies.setKeepCopy(id, false);
  await services.connections.switchTo(id);
  await services.contract.get(id, () => services.clients.client().openapi());
  const page = await services.clients.client().list('leases', { filters: { status: 'active' }, limit: 1 });
  return { id, lease: page.data[0]! };
}

function submitRent(services: AppServices, lease: ServiceRecord, label: string) {
  const draft = services.drafts.create(label, [
    {
      operation: 'update',
      resourceType: 'lease',
      resourceId: lease.id,
      fields: { monthly_rent: Number(lease.monthly_rent) + 40 },
      snapshot: lease,
    },
  ]);
  return services.drafts.submit(draft.id, draft.revision);
}

describe('reactions through the app’s composition', () => {
  it('sends a submission released from hold to the connection’s new server', async () => {
    const { services, record, events } = boot();
    const old = await sandbox();
    const next = await sandbox();
    const { id, lease } = await connectTo(services, old);
    await serviceGone(services, old);
    expect(services.connectivity.status().online).toBe(false);
    const draft = await submitRent(services, lease, 'Moved with the office');
    expect(draft.submission).toMatchObject({ state: 'queued' });

    // The office's service moved: the user agrees, in main's message box, to send it there.
    record.answers.push(true);
    events.length = 0;
    await services.connections.update({ id, baseUrl: next.baseUrl, apiKey: keyOf(next) });
    await until(() => services.drafts.detail(draft.id).state === 'submitted');
    expect(record.questions).toHaveLength(1);
    expect(events).toContain('drafts.changed');
    const { submission } = services.drafts.detail(draft.id);
    expect(submission).toMatchObject({ state: 'sent', held: null });
    // The new server holds the batch.
    const batch = await services.clients.client().listProposals({ batchId: submission!.batchId! });
    expect(batch.data).toHaveLength(1);
  });

  it('checks the service at once when a read is answered from the offline copy while offline', async () => {
    // The regular check every 15 seconds runs on an interval that never fires here, so only the read
    // can have the service checked: no race against the clock on a busy machine.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    cleanUp.push(() => void vi.useRealTimers());
    const fx = await offlineCopyFixture();
    cleanUp.push(() => fx.close());
    const { services } = fx;
    await offlineCopyToEnd(services);
    const port = Number(new URL(fx.sandbox.baseUrl).port);
    await fx.sandbox.close();
    const list = () => services.handlers['collections.list']({ collection: 'units', filters: {} });
    // The copy answers first; checking what it showed with the service tells the app it is out of reach.
    expect((await list()).offline).toMatchObject({ first: true });
    await until(() => !services.connectivity.status().online);

    // Back at its address. The next read asks nothing of the service (offline, the copy answers at
    // once) but has it checked now, not at the next regular check.
    const back = await sandbox({ port, fullKey: fx.key });
    back.control.resetRequestCount();
    expect((await list()).offline).toBeDefined();
    await until(() => services.connectivity.status().online);
    expect(back.control.requestCount()).toBeGreaterThan(0);
  });

  it('keeps the app icon’s badge at the suggestions waiting, and tells of a decision on the user’s batch', async () => {
    const { services, record, events } = boot();
    const service = await sandbox();
    const { lease } = await connectTo(services, service);
    const sent = await submitRent(services, lease, 'Spring rent');
    await until(() => services.drafts.detail(sent.id).state === 'submitted');
    await services.suggestions.refresh();
    const waiting = services.suggestions.pending();
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(record.badges.at(-1)).toBe(waiting);

    const batch = services.suggestions.state().batches.find((b) => b.label === 'Spring rent')!;
    expect(service.control.dismiss(batch.proposals[0]!.id, 'landlord').ok).toBe(true);
    await services.suggestions.refresh();
    expect(record.badges.at(-1)).toBe(waiting - 1);
    expect(events).toContain('suggestions.changed');
    expect(record.notifications.map((n) => n.title)).toEqual(['“Spring rent”: 1 dismissed']);
  });

  it('forgets the names read for a connection when the connection is removed', async () => {
    const { services } = boot();
    const service = await sandbox();
    // Not the connection in use: removing it switches nothing, so only the removal itself can forget.
    const { id } = await services.connections.add({
      name: 'Second office',
      baseUrl: service.baseUrl,
      apiKey: keyOf(service),
    });
    const unit = (await services.clients.clientFor(id).list('units', { limit: 1 })).data[0]!;
    await services.labels.resolve(id, [{ collection: 'units', id: unit.id }]);
    expect(services.labels.held()[id]).toBeGreaterThan(0);
    await services.handlers['connections.remove']({ id });
    expect(services.labels.held()[id]).toBeUndefined();
  });
});
