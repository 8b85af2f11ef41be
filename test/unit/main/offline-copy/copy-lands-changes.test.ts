// An update of a collection already copied lands as changes in the copy in use, not as a second copy:
// a colleague's new record is added, a changed one rewritten, a removed one taken out — and only after
// the service answers `not_found` to a read by ID; a record a listing skipped stays. The listing in use
// stays the same one (open lists keep their place), and the copy says when it was last complete.
// Against a real sandbox with the colleague's route, through a proxy that can skip a record in
// listings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { PassChanges } from '../../../../src/main/offline-copy/listing-pass';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import type { Collection } from '../../../../src/shared/service';
import { Colleague } from '../../../support/colleague';
import { offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import { startRewritingProxy } from '../../../support/rewriting-proxy';
import type { RewritingProxy } from '../../../support/rewriting-proxy';
import { createTestServices } from '../../../support/test-services';

let sandbox: Sandbox;
let proxy: RewritingProxy;
let services: AppServices;
let connectionId: string;
let dataDir: string;
let colleague: Colleague;
/** A record ID the proxy leaves out of every listing page (a listing that skipped it). */
let skipped: string | undefined;
const landed: PassChanges[] = [];

const copyIds = (collection: Collection) =>
  services.store.offlineCopies.records(connectionId, collection).map((r) => r.id);
const stateOf = (collection: Collection) => services.store.offlineCopies.state(connectionId, collection)!;

async function updateAgain(): Promise<void> {
  landed.length = 0;
  services.offlineCopy.start();
  expect((await services.offlineCopy.whenIdle()).state).toBe('done');
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, colleague: true });
  colleague = new Colleague(sandbox.baseUrl);
  proxy = await startRewritingProxy(sandbox.baseUrl, (path, body) => {
    const page = body as { data?: unknown };
    if (skipped === undefined || !path.includes('?') || !Array.isArray(page.data)) return body;
    return { ...page, data: page.data.filter((r: { id?: unknown }) => r.id !== skipped) };
  });
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-lands-'));
  services = createTestServices(dataDir);
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const connection = await services.connections.add({ name: 'Lands', baseUrl: proxy.baseUrl, apiKey: key });
  connectionId = connection.id;
  services.store.offlineCopies.setKeepCopy(connectionId, false);
  await services.connections.switchTo(connectionId);
  services.store.offlineCopies.setKeepCopy(connectionId, true);
  await offlineCopyToEnd(services);
  services.offlineCopy.landed.subscribe((changes) => landed.push(changes));
});

afterAll(async () => {
  await services.stop();
  await proxy.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

describe('an update lands as changes', () => {
  it("adds a colleague's new record, rewrites a changed one and takes out a removed one, in place", async () => {
    const tenantsBefore = stateOf('tenants');
    const requestsBefore = stateOf('maintenance_requests');
    const request = services.store.offlineCopies.records(connectionId, 'maintenance_requests')[3]!;
    const document = services.store.offlineCopies.records(connectionId, 'documents')[2]!;

    const tenant = await colleague.addTenant({ name: 'Marta Quell', email: 'marta.quell@example.com' });
    await colleague.change('maintenance_requests', request.id, { title: 'Back door sticks in the wet' });
    await colleague.remove('documents', document.id);
    await updateAgain();

    expect(copyIds('tenants')).toContain(tenant.id);
    expect(copyIds('tenants')).toHaveLength(tenantsBefore.liveCount + 1);
    const changed = services.store.offlineCopies
      .records(connectionId, 'maintenance_requests')
      .find((r) => r.id === request.id);
    expect(changed?.title).toBe('Back door sticks in the wet');
    expect(copyIds('documents')).not.toContain(document.id);
    // The same listings, rewritten where they stand, now complete as of this update.
    expect(stateOf('tenants').liveListing).toBe(tenantsBefore.liveListing);
    expect(stateOf('maintenance_requests').liveListing).toBe(requestsBefore.liveListing);
    expect(stateOf('tenants').asOf! > tenantsBefore.asOf!).toBe(true);
    // Exactly what the colleague did, and nothing else.
    const by = (collection: Collection) => landed.find((c) => c.collection === collection);
    expect(by('tenants')).toMatchObject({ added: [tenant.id], changed: [], removed: [] });
    expect(by('maintenance_requests')).toMatchObject({ added: [], changed: [request.id], removed: [] });
    expect(by('documents')).toMatchObject({ added: [], changed: [], removed: [document.id] });
    expect(landed.map((c) => c.collection).sort()).toEqual(
      ['documents', 'maintenance_requests', 'tenants'].sort(),
    );
  });

  it('keeps a record a listing skipped, after the service still answers it by ID', async () => {
    const unit = services.store.offlineCopies.records(connectionId, 'units')[1]!;
    skipped = unit.id;
    try {
      await updateAgain();
    } finally {
      skipped = undefined;
    }
    expect(copyIds('units')).toContain(unit.id);
    expect(landed.find((c) => c.collection === 'units')).toBeUndefined();
    const asked = proxy.arrivals.filter((a) => a.path === `/api/v1/units/${encodeURIComponent(unit.id)}`);
    expect(asked.length).toBeGreaterThan(0);
  });
});
