// Any reference field of a draft change may name a record an earlier change of the same draft creates,
// not only a new tenancy's tenant: here a repair for a unit the draft also creates. Against the
// sandbox over real HTTP and a real SQLite file: the link is stored in the draft (the field holds no
// value meanwhile), the submission sends the unit alone as part one and holds the repair, and once a
// person approves the unit the repair names its real ID and goes as part two. A link to a change that
// creates no record of the field's type is refused and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { DraftDetail } from '../../../../src/shared/drafts';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices } from '../../../support/test-services';
import { until } from '../../../support/until';

const keyOf = (s: Sandbox, name: string) => s.keys.find((k) => k.name === name)!.key;

describe('a change that names a record an earlier change creates', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let services: AppServices;
  let propertyId: string;

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

  async function boot(): Promise<void> {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-linked-'));
    services = createTestServices(dataDir);
    const conn = await services.connections.add({
      name: 'Sandbox',
      baseUrl: sandbox.baseUrl,
      apiKey: keyOf(sandbox, 'full'),
    });
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
    propertyId = (await services.clients.client().list('properties', { limit: 1 })).data[0]!.id;
  }

  /** A new unit, then a repair in it: drafted as two changes, the repair's unit not yet chosen. */
  function draftUnitAndRepair(unitNumber: string): DraftDetail {
    return services.drafts.create('New unit 9Z and its first repair', [
      {
        id: 'unit',
        operation: 'create',
        resourceType: 'unit',
        fields: {
          property_id: propertyId,
          unit_number: unitNumber,
          bedrooms: 2,
          bathrooms: 1,
          square_feet: 800,
          market_rent: 1600,
          status: 'make_ready',
        },
      },
      {
        id: 'repair',
        operation: 'create',
        resourceType: 'maintenance_request',
        fields: { property_id: propertyId, title: 'Fit the smoke alarms', priority: 'high', status: 'open' },
      },
    ]);
  }

  it('holds the repair until the new unit is approved, then sends it naming the unit’s real ID', async () => {
    await boot();
    const unitNumber = `9Z-${process.pid}`;
    const drafted = draftUnitAndRepair(unitNumber);
    const linked = services.drafts.link(
      drafted.id,
      { changeId: 'repair', field: 'unit_id', sourceChangeId: 'unit' },
      drafted.revision,
    );
    const link = linked.changes[1]!.links?.[0];
    expect(link).toMatchObject({ field: 'unit_id', resourceType: 'unit', state: 'drafted' });
    expect(linked.changes[1]!.fields.unit_id).toBeUndefined();
    expect(linked.valid).toBe(true);
    expect(linked.later).toEqual(['repair']);
    expect(linked.parts).toEqual({ part: 1, of: 2 });

    await services.drafts.submit(linked.id, linked.revision);
    await until(() => services.drafts.detail(linked.id).state === 'submitted');
    const batchId = services.drafts.detail(linked.id).submission!.batchId!;
    const onServer = (await services.clients.client().listProposals({ limit: 100 })).data.filter(
      (p) => p.batchId === batchId,
    );
    // The unit alone: never a repair naming a unit that does not exist yet.
    expect(onServer.map((p) => p.resourceType)).toEqual(['unit']);

    const laterPart = () => {
      const summary = services.drafts.list().drafts.find((d) => d.laterPart);
      return summary ? services.drafts.detail(summary.id) : undefined;
    };
    expect(laterPart()?.laterPart).toMatchObject({
      state: 'waiting',
      waitsFor: ['unit'],
      afterBatchId: batchId,
    });

    sandbox.control.approve(onServer[0]!.id, 'landlord');
    await services.suggestions.refresh();
    const units = await services.clients
      .client()
      .list('units', { filters: { property_id: propertyId }, limit: 100 });
    const unitId = units.data.find((u) => u.unit_number === unitNumber)!.id;
    await until(() => laterPart()?.changes[0]?.fields.unit_id === unitId);
    const repair = laterPart()!;
    expect(repair.laterPart?.state).toBe('ready');
    expect(repair.valid).toBe(true);
    await services.drafts.submit(repair.id, repair.revision);
    await until(() => services.drafts.detail(repair.id).state === 'submitted');
    const repairBatch = services.drafts.detail(repair.id).submission!.batchId!;
    const sent = (await services.clients.client().listProposals({ limit: 100 })).data.find(
      (p) => p.batchId === repairBatch,
    )!;
    sandbox.control.approve(sent.id, 'landlord');
    const requests = await services.clients
      .client()
      .list('maintenance_requests', { filters: { unit_id: unitId }, limit: 100 });
    expect(requests.data.map((r) => r.title)).toContain('Fit the smoke alarms');
  });

  it('refuses a link to a change that creates no record of the field’s type, changing nothing', async () => {
    await boot();
    const drafted = draftUnitAndRepair(`9Y-${process.pid}`);
    expect(() =>
      services.drafts.link(drafted.id, { changeId: 'repair', field: 'property_id', sourceChangeId: 'unit' }),
    ).toThrow(/Only a new unit of this draft/);
    const linked = services.drafts.link(drafted.id, {
      changeId: 'repair',
      field: 'unit_id',
      sourceChangeId: 'unit',
    });
    // The repair creates no property; the refusals changed nothing.
    expect(() =>
      services.drafts.link(drafted.id, { changeId: 'unit', field: 'property_id', sourceChangeId: 'repair' }),
    ).toThrow();
    const after = services.drafts.detail(drafted.id);
    expect(after.revision).toBe(linked.revision);
    expect(after.changes[0]!.fields.property_id).toBe(propertyId);
    expect(after.changes[1]!.links?.map((l) => l.field)).toEqual(['unit_id']);
  });
});
