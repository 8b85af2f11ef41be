// A tenant's notice, drafted as one batch against the demo service and against Lakeside over HTTP:
// the demo's lease end date, its unit's status for notice and asking rent; Lakeside's expiry and
// asking rent in pence, whose flats have no status for notice, which the plan says and a request
// for it is refused with, drafting nothing. Approved, the demo's unit shows as becoming vacant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { Sandbox } from '../../../../src/sandbox';
import type { ServiceRecord } from '../../../../src/shared/service';
import { connectedToLakeside } from '../../../support/lakeside-connected';
import type { LakesideConnected } from '../../../support/lakeside-connected';
import type { LakesideService } from '../../../support/lakeside-service';
import { connectedToSandbox } from '../../../support/sandbox-connected';
import type { SandboxConnected } from '../../../support/sandbox-connected';

const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.parse(today) + n * 86_400_000).toISOString().slice(0, 10);

async function firstLease(baseUrl: string, key: string, ends: string): Promise<ServiceRecord> {
  const res = await fetch(`${baseUrl}/api/v1/leases?limit=100`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const { data } = (await res.json()) as { data: ServiceRecord[] };
  return data.find((l) => typeof l[ends] === 'string' && String(l[ends]) > inDays(60))!;
}

describe('a tenant’s notice on the demo service', () => {
  let connected: SandboxConnected;
  let sandbox: Sandbox;
  let services: AppServices;
  let key: string;
  beforeAll(async () => {
    connected = await connectedToSandbox('propdesk-notice-');
    ({ sandbox, services, key } = connected);
  });
  afterAll(async () => {
    await connected.close();
  });

  it('plans the end date, the unit’s status for notice and its asking rent, and drafts them as one batch', async () => {
    const lease = await firstLease(sandbox.baseUrl, key, 'end_date');
    const unit = await services.clients.client().get('units', String(lease.unit_id));
    const plan = await services.drafts.noticePlan(lease.id);
    expect(plan).toMatchObject({
      unitId: lease.unit_id,
      ends: lease.end_date,
      endField: { field: 'end_date' },
      unitStatus: { field: 'status', value: 'notice', now: unit.status },
      askingRent: { field: 'market_rent', now: unit.market_rent },
      notes: [],
    });
    const draft = await services.drafts.noticeDraft(
      { leaseId: lease.id, endDate: inDays(30), unitStatus: true, askingRent: 1975 },
      'Notice',
    );
    expect(draft.changes.map((c) => [c.resourceType, c.resourceId, c.fields])).toEqual([
      ['lease', lease.id, { end_date: inDays(30) }],
      ['unit', unit.id, { status: 'notice', market_rent: 1975 }],
    ]);
    expect(draft.changes[0]!.snapshot).toMatchObject({ end_date: lease.end_date });
    expect(draft.valid).toBe(true);

    // Only the end date when that is all the landlord asks.
    const only = await services.drafts.noticeDraft(
      { leaseId: lease.id, endDate: inDays(31), unitStatus: false },
      'Notice, end only',
    );
    expect(only.changes.map((c) => c.resourceType)).toEqual(['lease']);
  });
});

describe('a tenant’s notice on Lakeside, whose flats have no status for notice', () => {
  let lakeside: LakesideService;
  let services: AppServices;
  let connected: LakesideConnected;
  beforeAll(async () => {
    connected = await connectedToLakeside('propdesk-notice-lakeside-', false);
    ({ lakeside, services } = connected);
  });
  afterAll(() => connected.close());

  it('says why the flat’s state stays, refuses to suggest it, and writes the expiry and rent in pence', async () => {
    const tenancy = await firstLease(lakeside.baseUrl, lakeside.apiKey, 'expires');
    const plan = await services.drafts.noticePlan(tenancy.id);
    expect(plan.endField.field).toBe('expires');
    expect(plan.unitStatus).toBeNull();
    expect(plan.notes[0]).toMatch(
      /No state of a unit says its tenant gave notice \(let, empty, refurbishing\)/,
    );
    expect(plan.askingRent?.field).toBe('rent_minor');
    const before = services.drafts.list().drafts.length;
    await expect(
      services.drafts.noticeDraft({ leaseId: tenancy.id, endDate: inDays(30), unitStatus: true }, 'Notice'),
    ).rejects.toMatchObject({ message: plan.notes[0] });
    expect(services.drafts.list().drafts).toHaveLength(before);
    const draft = await services.drafts.noticeDraft(
      { leaseId: tenancy.id, endDate: inDays(30), unitStatus: false, askingRent: 1234.5 },
      'Notice',
    );
    expect(draft.changes.map((c) => c.fields)).toEqual([{ expires: inDays(30) }, { rent_minor: 123450 }]);
    expect(draft.valid).toBe(true);
  });
});
