// A colleague at the organisation (the sandbox's --colleague): what they add, change and remove is what
// every reader then sees — listings, reads by ID and lists filtered by a record ID — written under a demo
// person's name with the service's bookkeeping, checked as an approved suggestion is, kept in the state
// file, and refused in plain words when it is wrong.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Colleague, ColleagueRefused } from '../../../support/colleague';
import { call, postProposals, readAll, start, type Json, type Started } from '../../../support/helpers';

let sb: Started;
let colleague: Colleague;
const read = (path: string) => call(sb.baseUrl, path, { key: sb.key('full') });
const all = (path: string) => readAll(sb.baseUrl, sb.key('full'), path);
const ids = (records: Json[]) => records.map((r) => r.id);

/** The refusal a colleague's request gets; fails when it is not refused. */
async function refusal(action: Promise<unknown>): Promise<ColleagueRefused> {
  const outcome = await action.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(ColleagueRefused);
  return outcome as ColleagueRefused;
}

beforeAll(async () => {
  sb = await start({ colleague: true, proposalTtlSeconds: 3600 });
  colleague = new Colleague(sb.baseUrl);
});
afterAll(() => sb.close());

describe('a colleague adding records', () => {
  it('adds a tenant that listings and reads by ID show, under the person who added it', async () => {
    sb.control.advanceClock(60_000);
    const before = await all('/api/v1/tenants?limit=100');
    const from = sb.control.now().getTime();
    const tenant = await colleague.addTenant({ name: 'Wren Halloway', email: 'wren@example.com' });
    const to = sb.control.now().getTime();
    expect(tenant).toMatchObject({
      name: 'Wren Halloway',
      status: 'current',
      is_active: true,
      phone: null,
      updated_by: 'Dana Whitfield (Property Manager)',
      created_at: tenant.updated_at,
    });
    // Made while it was being added, by the service's clock, however long that took.
    expect(Date.parse(String(tenant.created_at))).toBeGreaterThanOrEqual(from);
    expect(Date.parse(String(tenant.created_at))).toBeLessThanOrEqual(to);
    expect(ids(before)).not.toContain(tenant.id);
    const after = await all('/api/v1/tenants?limit=100');
    expect(ids(after)).toEqual([...ids(before), tenant.id]);
    expect((await read(`/api/v1/tenants/${tenant.id}`)).json.data).toEqual(tenant);
  });

  it('opens an emergency request that the filters by property and by priority find at once', async () => {
    const property = (await read('/api/v1/properties?limit=1')).json.data[0];
    const unit = (await read(`/api/v1/units?property_id=${property.id}&limit=1`)).json.data[0];
    const request = await colleague
      .actingAs({ as: 'maintenance_coordinator' })
      .openEmergency({ property_id: property.id, unit_id: unit.id, title: 'Burst pipe in the basement' });
    expect(request).toMatchObject({
      priority: 'emergency',
      status: 'open',
      description: '',
      updated_by: 'Sam Kowalski (Maintenance Coordinator)',
    });
    expect(request.reported_at).toBe(request.created_at);
    expect(ids(await all(`/api/v1/maintenance_requests?property_id=${property.id}`))).toContain(request.id);
    expect(ids(await all(`/api/v1/maintenance_requests?unit_id=${unit.id}`))).toContain(request.id);
    expect(ids(await all('/api/v1/maintenance_requests?priority=emergency&status=open'))).toContain(
      request.id,
    );
  });

  it('adds a document, which only the web application can: unverified, uploaded now, under its record', async () => {
    const lease = (await read('/api/v1/leases?status=active&limit=1')).json.data[0];
    const document = await colleague.add('documents', {
      name: 'renewal-notice.pdf',
      type: 'notice',
      size_bytes: 48_000,
      entity_type: 'lease',
      entity_id: lease.id,
    });
    expect(document).toMatchObject({ is_verified: false, uploaded_at: document.created_at });
    expect(ids(await all(`/api/v1/documents?entity_id=${lease.id}`))).toContain(document.id);
  });
});

describe('a colleague changing records', () => {
  it('marks a late payment paid and a paid one late, as reads by ID and the status filter then show', async () => {
    const late = (await read('/api/v1/payments?status=unpaid&limit=1')).json.data[0];
    sb.control.advanceClock(60_000);
    const paid = await colleague.actingAs({ as: 'landlord' }).markPaid(late.id, '2026-11-20');
    expect(paid).toMatchObject({
      ...late,
      status: 'paid',
      paid_date: '2026-11-20',
      updated_by: 'Ruth Abernathy (Landlord)',
      updated_at: expect.any(String),
    });
    expect(Date.parse(String(paid.updated_at))).toBeGreaterThan(Date.parse(late.updated_at));
    expect((await read(`/api/v1/payments/${late.id}`)).json.data).toEqual(paid);
    expect(ids(await all('/api/v1/payments?status=unpaid&limit=100'))).not.toContain(late.id);

    const onTime = (await read('/api/v1/payments?status=paid&limit=1')).json.data[0];
    const nowLate = await colleague.markLate(onTime.id);
    expect(nowLate).toMatchObject({ status: 'late', paid_date: null });
    expect(ids(await all(`/api/v1/payments?status=late&tenant_id=${onTime.tenant_id}`))).toContain(onTime.id);
  });

  it("changes a lease's end date and rent, and tells what they were", async () => {
    const lease = (await read('/api/v1/leases?status=active&limit=1')).json.data[0];
    const changed = await colleague.change('leases', lease.id, {
      end_date: '2027-06-30',
      monthly_rent: lease.monthly_rent + 75,
    });
    expect(changed.before).toEqual({ end_date: lease.end_date, monthly_rent: lease.monthly_rent });
    expect((await read(`/api/v1/leases/${lease.id}`)).json.data).toMatchObject({
      end_date: '2027-06-30',
      monthly_rent: lease.monthly_rent + 75,
      lease_number: lease.lease_number,
    });
    expect(ids(await all('/api/v1/leases?end_date=2027-06-30&status=active'))).toContain(lease.id);
  });

  it('moves a lease to another unit, found under the new unit and no longer under the old', async () => {
    const [lease, other] = (await read('/api/v1/leases?status=ended&limit=2')).json.data;
    await colleague.change('leases', lease.id, { unit_id: other.unit_id });
    expect(ids(await all(`/api/v1/leases?unit_id=${other.unit_id}`))).toContain(lease.id);
    expect(ids(await all(`/api/v1/leases?unit_id=${lease.unit_id}`))).not.toContain(lease.id);
  });
});

describe('a colleague removing records', () => {
  it('removes a document: gone from the listing, its filter and its read by ID, and its ID never given again', async () => {
    const documents = await all('/api/v1/documents?limit=100');
    const doomed = documents[3];
    const removed = await colleague.removeDocument(doomed.id);
    expect(removed).toEqual(doomed);
    expect(ids(await all('/api/v1/documents?limit=100'))).toEqual(
      ids(documents).filter((id) => id !== doomed.id),
    );
    expect(ids(await all(`/api/v1/documents?entity_id=${doomed.entity_id}`))).not.toContain(doomed.id);
    const gone = await read(`/api/v1/documents/${doomed.id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe('not_found');
    // Records after it are still read by their IDs.
    expect((await read(`/api/v1/documents/${documents[4].id}`)).json.data).toEqual(documents[4]);
    expect((await read(`/api/v1/documents/${documents.at(-1).id}`)).json.data).toEqual(documents.at(-1));
    const next = await colleague.add('documents', {
      name: 'replacement.pdf',
      type: 'notice',
      size_bytes: 1,
      entity_type: doomed.entity_type,
      entity_id: doomed.entity_id,
    });
    expect(ids(documents)).not.toContain(next.id);
    const again = await refusal(colleague.removeDocument(doomed.id));
    expect(again.status).toBe(404);
  });

  it('refuses to remove a tenant whose leases and payments still name them, saying what names them', async () => {
    const lease = (await read('/api/v1/leases?status=active&limit=1')).json.data[0];
    const payments = await all(`/api/v1/payments?tenant_id=${lease.tenant_id}`);
    const leases = await all(`/api/v1/leases?tenant_id=${lease.tenant_id}`);
    const refused = await refusal(colleague.remove('tenants', lease.tenant_id));
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('record_in_use');
    expect(refused.message).toContain(`${leases.length} lease`);
    expect(refused.message).toContain(`${payments.length} payments`);
    expect(refused.message).toMatch(/remove or change those first/);
    expect((await read(`/api/v1/tenants/${lease.tenant_id}`)).status).toBe(200);
  });

  it('leaves a suggestion to change a removed record unapplied, saying why', async () => {
    const request = (await read('/api/v1/maintenance_requests?limit=1')).json.data[0];
    const post = await postProposals(sb.baseUrl, sb.key('full'), {
      changes: [
        {
          operation: 'update',
          resourceType: 'maintenance_request',
          resourceId: request.id,
          fields: { status: 'completed' },
        },
      ],
    });
    expect(post.status).toBe(201);
    await colleague.remove('maintenance_requests', request.id);
    const outcome = sb.control.approve(post.json.data.proposals[0].id, 'admin');
    expect(outcome).toMatchObject({ ok: false, code: 'no_longer_valid' });
    expect(outcome.ok ? '' : outcome.message).toMatch(/maintenance request it changes no longer exists/);
    expect((await read(`/api/v1/proposals?batchId=${post.json.data.batchId}`)).json.data[0].status).toBe(
      'proposed',
    );
  });
});

describe("a colleague's mistakes", () => {
  it('are refused field by field in plain words, and change nothing', async () => {
    const count = (await all('/api/v1/tenants?limit=100')).length;
    const refused = await refusal(
      colleague.addTenant({ name: 'Lee Park', email: 'lee@example.com', income: 52_000 } as never),
    );
    expect(refused.status).toBe(400);
    expect(refused.code).toBe('invalid_request');
    expect(refused.message).toBe('The request is not valid: 1 problem (see details.errors).');
    expect(refused.details).toEqual({
      errors: [
        {
          path: 'fields.income',
          message: 'Unrecognised field for tenant; allowed: name, email, phone, status, is_active.',
        },
      ],
    });
    const wrong = await refusal(
      colleague.add('tenants', { name: '', email: 'not-an-email', status: 'lodger' }),
    );
    const paths = (wrong.details as Json).errors.map((e: Json) => e.path);
    expect(paths).toEqual(['fields.name', 'fields.email', 'fields.status', 'fields.is_active']);
    expect((wrong.details as Json).errors[3].message).toBe('Required when creating a tenant.');
    const lease = (await read('/api/v1/leases?limit=1')).json.data[0];
    const dangling = await refusal(colleague.change('leases', lease.id, { tenant_id: 'ten_nobody0000' }));
    expect((dangling.details as Json).errors).toEqual([
      { path: 'fields.tenant_id', message: 'No tenant with this ID exists in your organisation.' },
    ]);
    const backwards = await refusal(colleague.change('leases', lease.id, { end_date: '1999-01-01' }));
    expect((backwards.details as Json).errors[0].message).toBe('The end date is before the start date.');
    const nobody = await refusal(
      colleague.actingAs({ as: 'janitor' as never }).addTenant({ name: 'A', email: 'a@b.co' }),
    );
    expect((nobody.details as Json).errors[0]).toMatchObject({ path: 'as' });
    expect((await all('/api/v1/tenants?limit=100')).length).toBe(count);
    expect((await read(`/api/v1/leases/${lease.id}`)).json.data).toEqual(lease);
  });

  it('in the request itself are named: not JSON, a wrong method, an unknown collection or record', async () => {
    const post = (path: string, init: RequestInit) => call(sb.baseUrl, `/app/colleague${path}`, init);
    expect(
      (
        await post('/tenants', {
          method: 'POST',
          body: '{"fields":',
          headers: { 'Content-Type': 'application/json' },
        })
      ).json.error.message,
    ).toBe('The body is not valid JSON.');
    expect(
      (await post('/tenants', { method: 'POST', body: '{}', headers: { 'Content-Type': 'text/plain' } }))
        .status,
    ).toBe(415);
    const wrongMethod = await post('/tenants', { method: 'GET' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect((await post('/owners', { method: 'POST', body: '{}' })).status).toBe(404);
    const missing = await post('/tenants/ten_nobody0000', {
      method: 'PATCH',
      body: JSON.stringify({ fields: { name: 'X' } }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe('The tenant was not found.');
  });
});

describe('what a colleague did, after a restart', () => {
  it('is replayed from the state file: additions, changes and removals', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'pd-colleague-')), 'state.json');
    const first = await start({ stateFile, colleague: true });
    const desk = new Colleague(first.baseUrl);
    const key = first.key('full');
    const document = (await call(first.baseUrl, '/api/v1/documents?limit=1', { key })).json.data[0];
    const payment = (await call(first.baseUrl, '/api/v1/payments?status=unpaid&limit=1', { key })).json
      .data[0];
    await desk.removeDocument(document.id);
    const paid = await desk.markPaid(payment.id, '2026-11-27');
    const tenant = await desk.addTenant({ name: 'Ada Restart', email: 'ada@example.com' });
    await first.close();

    const second = await start({ stateFile });
    try {
      const get = (path: string) => call(second.baseUrl, path, { key: second.key('full') });
      expect((await get(`/api/v1/documents/${document.id}`)).status).toBe(404);
      expect((await get(`/api/v1/payments/${payment.id}`)).json.data).toEqual(paid);
      expect((await get(`/api/v1/tenants/${tenant.id}`)).json.data).toEqual(tenant);
    } finally {
      await second.close();
    }
  });
});
