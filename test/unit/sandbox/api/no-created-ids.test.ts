// --no-created-ids: a service that lists an applied create without saying which record it made (the
// service's documentation does not promise it); updates still name their record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postProposals, readAll, start, type Json, type Started } from '../../../support/helpers';

const newTenant = {
  operation: 'create',
  resourceType: 'tenant',
  fields: { name: 'Noor Idris', email: 'noor@example.com', status: 'future', is_active: true },
};

/** A batch of a new tenant and a rent change, both approved; the listing of the batch after. */
async function approvedBatch(sb: Started): Promise<{ listed: Json[]; outcomes: Json[]; leaseId: string }> {
  const lease = (await call(sb.baseUrl, '/api/v1/leases?status=active&limit=1', { key: sb.key('full') })).json
    .data[0];
  const post = await postProposals(sb.baseUrl, sb.key('full'), {
    changes: [
      newTenant,
      {
        operation: 'update',
        resourceType: 'lease',
        resourceId: lease.id,
        fields: { monthly_rent: lease.monthly_rent + 5 },
      },
    ],
  });
  expect(post.status).toBe(201);
  const outcomes = post.json.data.proposals.map((p: Json) => sb.control.approve(p.id, 'admin'));
  const listed = (
    await call(sb.baseUrl, `/api/v1/proposals?batchId=${post.json.data.batchId}`, { key: sb.key('full') })
  ).json.data;
  return { listed, outcomes, leaseId: lease.id };
}

describe('proposals of a service that does not say which record a create made', () => {
  let sb: Started;
  beforeAll(async () => {
    sb = await start({ noCreatedIds: true });
  });
  afterAll(() => sb.close());

  it('lists an applied create without resourceId and an applied update with it', async () => {
    const { listed, outcomes, leaseId } = await approvedBatch(sb);
    const [create, update] = listed;
    expect(create).toMatchObject({ operation: 'create', status: 'applied' });
    expect(create).not.toHaveProperty('resourceId');
    expect(update).toMatchObject({ operation: 'update', status: 'applied', resourceId: leaseId });
    expect(outcomes[0].proposal).not.toHaveProperty('resourceId');
    expect(outcomes[1].proposal.resourceId).toBe(leaseId);
    // The tenant was still made: the records show it, the proposal does not say which it is.
    const tenants = await readAll(sb.baseUrl, sb.key('full'), '/api/v1/tenants?is_active=true&limit=100');
    expect(tenants.some((t: Json) => t.name === 'Noor Idris')).toBe(true);
  });

  it('lists a create waiting for review without resourceId too', async () => {
    const post = await postProposals(sb.baseUrl, sb.key('full'), { changes: [newTenant] });
    const listed = (
      await call(sb.baseUrl, `/api/v1/proposals?batchId=${post.json.data.batchId}`, { key: sb.key('full') })
    ).json.data;
    expect(listed[0].status).toBe('proposed');
    expect(listed[0]).not.toHaveProperty('resourceId');
  });
});

describe('proposals of the sandbox by default', () => {
  let sb: Started;
  beforeAll(async () => {
    sb = await start();
  });
  afterAll(() => sb.close());

  it('name the record an applied create made', async () => {
    const { listed } = await approvedBatch(sb);
    const made = await call(sb.baseUrl, `/api/v1/tenants/${listed[0].resourceId}`, { key: sb.key('full') });
    expect(made.json.data.name).toBe('Noor Idris');
  });
});
