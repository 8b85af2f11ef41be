// The early hint that a record changed since drafting, over a real SQLite offline copy of a sandbox:
// once a person changed a drafted lease at the service and the copy was updated, the draft's change
// says so (with the drafted fields whose values differ), before any check that reads the service.
// The rule itself (version stamps, and a copy older than the draft) is tested on plain records.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { newerInCopy } from '../../../../src/main/drafts/copy-newer';
import type { DraftChange } from '../../../../src/shared/drafts';
import type { ServiceRecord } from '../../../../src/shared/service';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import { connectWithCopy, createTestServices } from '../../../support/test-services';

const keyOf = (s: Sandbox, name: string) => s.keys.find((k) => k.name === name)!.key;

describe('a drafted record the offline copy holds newer', () => {
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

  /** A person at the organisation changes the lease's fields (suggested, then approved at the service). */
  async function changedAtService(lease: ServiceRecord, fields: Record<string, unknown>): Promise<void> {
    const answer = await services.clients.client().submitBatch(
      JSON.stringify({
        label: 'Changed by someone else',
        changes: [{ operation: 'update', resourceType: 'lease', resourceId: lease.id, fields }],
      }),
      `elsewhere-${lease.id}-${Object.keys(fields).join('-')}`,
    );
    sandbox.control.advanceClock(60_000);
    sandbox.control.approve(answer.proposals[0]!.id, 'landlord');
  }

  it('says so once the copy holds the newer version, naming the drafted fields that differ', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-newer-'));
    services = createTestServices(dataDir);
    const connectionId = await connectWithCopy(services, {
      name: 'Sandbox',
      baseUrl: sandbox.baseUrl,
      apiKey: keyOf(sandbox, 'full'),
    });
    await services.contract.get(connectionId, () => services.clients.client().openapi());
    const client = services.clients.client();
    const [rented, other] = (await client.list('leases', { filters: { status: 'active' }, limit: 2 })).data;
    const update = (lease: ServiceRecord, rent: number) => ({
      operation: 'update' as const,
      resourceType: 'lease' as const,
      resourceId: lease.id,
      fields: { monthly_rent: rent },
      snapshot: lease,
    });
    const draft = services.drafts.create('Rent review', [
      update(rented!, Number(rented!.monthly_rent) + 50),
      update(other!, Number(other!.monthly_rent) + 50),
    ]);
    const hints = () => services.drafts.detail(draft.id).changes.map((c) => c.newerInCopy ?? null);
    // The copy holds what was drafted from.
    expect(hints()).toEqual([null, null]);

    await changedAtService(rented!, { monthly_rent: Number(rented!.monthly_rent) + 10 });
    await changedAtService(other!, { security_deposit: Number(other!.security_deposit ?? 0) + 5 });
    // Nothing is said before the copy has seen it (the live check before submitting reads the service).
    expect(hints()).toEqual([null, null]);

    await offlineCopyToEnd(services);
    const [first, second] = hints();
    expect(first).toMatchObject({ fields: ['monthly_rent'] });
    // Changed in a field the draft does not touch: still a later version, with no drafted field named.
    expect(second).toMatchObject({ fields: [] });
    expect(Date.parse(first!.asOf)).not.toBeNaN();

    // Once submitted, the draft is the service's business: no hint on a frozen draft.
    const detail = services.drafts.detail(draft.id);
    await services.drafts.submit(draft.id, detail.revision);
    expect(hints()).toEqual([null, null]);
  });
});

describe('the rule', () => {
  const change = (snapshot: Record<string, unknown>, updatedAt: string): DraftChange => ({
    id: 'c1',
    operation: 'update',
    resourceType: 'lease',
    resourceId: 'lease_1',
    fields: { monthly_rent: 1500 },
    snapshot: { id: 'lease_1', ...snapshot },
    updatedAt,
  });
  const at = '2026-11-20T10:00:00.000Z';

  it('compares version stamps where both carry one, whatever the copy’s age', () => {
    const drafted = change({ monthly_rent: 1400, updated_at: '2026-11-01T00:00:00Z' }, at);
    const later = { id: 'lease_1', monthly_rent: 1450, updated_at: '2026-11-21T00:00:00Z' };
    expect(newerInCopy(drafted, { record: later, asOf: '2026-11-21T01:00:00Z' })).toEqual({
      fields: ['monthly_rent'],
      asOf: '2026-11-21T01:00:00Z',
    });
    // An older version in the copy (made before the draft read the service) is no hint.
    const older = { id: 'lease_1', monthly_rent: 1300, updated_at: '2026-10-01T00:00:00Z' };
    expect(newerInCopy(drafted, { record: older, asOf: '2026-10-02T00:00:00Z' })).toBeNull();
  });

  it('without version stamps, trusts only a copy made after the change was last edited', () => {
    const drafted = change({ monthly_rent: 1400 }, at);
    const differs = { id: 'lease_1', monthly_rent: 1450 };
    expect(newerInCopy(drafted, { record: differs, asOf: '2026-11-19T00:00:00Z' })).toBeNull();
    expect(newerInCopy(drafted, { record: differs, asOf: '2026-11-21T00:00:00Z' })).toMatchObject({
      fields: ['monthly_rent'],
    });
    expect(
      newerInCopy(drafted, { record: { id: 'lease_1', monthly_rent: 1400 }, asOf: '2026-11-21T00:00:00Z' }),
    ).toBeNull();
  });

  it('says nothing of a new record, an update drafted unread, or a record the copy lacks', () => {
    const drafted = change({ monthly_rent: 1400 }, at);
    expect(newerInCopy({ ...drafted, snapshot: null }, { record: { id: 'lease_1' }, asOf: at })).toBeNull();
    expect(newerInCopy(drafted, undefined)).toBeNull();
    expect(
      newerInCopy({ ...drafted, operation: 'create', resourceId: null }, { record: { id: 'x' }, asOf: at }),
    ).toBeNull();
  });
});
