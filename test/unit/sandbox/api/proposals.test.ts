// POST and GET /api/v1/proposals: validation with paths, scopes per resource type, idempotent
// replay byte for byte, conflicts, the documented 201 body, listing, expiry and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_TYPES, proposeScope } from '../../../../src/shared/service';
import { call, postProposals, readAll, start, type Started, type Json } from '../../../support/helpers';

let sb: Started;
let lease: Json;
beforeAll(async () => {
  sb = await start({ proposalTtlSeconds: 3600 });
  lease = (await call(sb.baseUrl, '/api/v1/leases?status=active&limit=1', { key: sb.key('full') })).json
    .data[0];
});
afterAll(() => sb.close());

const rentChange = (id: string, rent: number) => ({
  operation: 'update',
  resourceType: 'lease',
  resourceId: id,
  fields: { monthly_rent: rent },
});

describe('suggesting changes', () => {
  it('answers 201 with exactly the documented body and changes nothing', async () => {
    const r = await postProposals(sb.baseUrl, sb.key('full'), {
      label: 'Rent review',
      changes: [rentChange(lease.id, Math.round(lease.monthly_rent * 1.124))],
    });
    expect(r.status).toBe(201);
    const d = r.json.data;
    expect(Object.keys(r.json)).toEqual(['data']);
    expect(Object.keys(d).sort()).toEqual(['batchId', 'message', 'proposals', 'reviewUrl', 'status']);
    expect(d.status).toBe('awaiting_human_approval');
    expect(d.message).toMatch(/suggestions only/);
    expect(d.message).toMatch(/Nothing has changed yet/);
    expect(d.reviewUrl).toBe(`${sb.baseUrl}/app/automation?batch=${d.batchId}`);
    const p = d.proposals[0];
    expect(Object.keys(p).sort()).toEqual([
      'expiresAt',
      'flags',
      'id',
      'operation',
      'resourceType',
      'status',
      'summary',
    ]);
    expect(p.status).toBe('proposed');
    expect(p.summary).toMatch(
      new RegExp(`^Lease ${lease.lease_number} \\(Unit .+\\): monthly rent [\\d,]+\\.00 → [\\d,]+\\.00$`),
    );
    expect(p.flags[0]).toMatchObject({ code: 'large_rent_increase', severity: 'warning' });
    expect(p.flags[0].message).toMatch(/^Rent rises by 12\.\d %, above 10 %$/);
    // An hour after the service made it, by the service's own clock.
    const [made] = (await call(sb.baseUrl, `/api/v1/proposals?batchId=${d.batchId}`, { key: sb.key('full') }))
      .json.data;
    expect(made.expiresAt).toBe(p.expiresAt);
    expect(Date.parse(p.expiresAt) - Date.parse(made.createdAt)).toBe(3_600_000);
    const after = await call(sb.baseUrl, `/api/v1/leases/${lease.id}`, { key: sb.key('full') });
    expect(after.json.data).toEqual(lease);
  });

  it('replays the same key and body byte for byte and records nothing again; 409 on a different body', async () => {
    const key = `replay-${Date.now()}`;
    const body = { changes: [rentChange(lease.id, lease.monthly_rent + 10)] };
    const first = await postProposals(sb.baseUrl, sb.key('full'), body, key);
    const count = (await readAll(sb.baseUrl, sb.key('full'), '/api/v1/proposals?limit=100')).length;
    // Same JSON value written differently (key order, spacing) is the same request.
    const again = await postProposals(
      sb.baseUrl,
      sb.key('full'),
      `{ "changes": [ {"fields": {"monthly_rent": ${lease.monthly_rent + 10}}, "resourceId": "${lease.id}", "resourceType": "lease", "operation": "update"} ] }`,
      key,
    );
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect((await readAll(sb.baseUrl, sb.key('full'), '/api/v1/proposals?limit=100')).length).toBe(count);
    const conflict = await postProposals(
      sb.baseUrl,
      sb.key('full'),
      { changes: [rentChange(lease.id, lease.monthly_rent + 11)] },
      key,
    );
    expect(conflict.status).toBe(409);
    expect(conflict.json.error.code).toBe('idempotency_conflict');
    // Keys are per organisation: the other organisation may use the same key for its own request.
    const otherLease = (await call(sb.baseUrl, '/api/v1/leases?limit=1', { key: sb.key('other-org') })).json
      .data[0];
    expect(
      (
        await postProposals(
          sb.baseUrl,
          sb.key('other-org'),
          { changes: [rentChange(otherLease.id, 1000)] },
          key,
        )
      ).status,
    ).toBe(201);
  });

  it('requires Idempotency-Key (at most 255 characters) and JSON', async () => {
    const body = JSON.stringify({ changes: [rentChange(lease.id, 1)] });
    const noKey = await call(sb.baseUrl, '/api/v1/proposals', {
      method: 'POST',
      key: sb.key('full'),
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(noKey.status).toBe(400);
    expect(noKey.json.error.message).toContain('Idempotency-Key');
    expect((await postProposals(sb.baseUrl, sb.key('full'), body, 'k'.repeat(256))).status).toBe(400);
    expect(
      (
        await postProposals(
          sb.baseUrl,
          sb.key('full'),
          { changes: [rentChange(lease.id, 1500)] },
          'k'.repeat(255),
        )
      ).status,
    ).toBe(201);
    const text = await call(sb.baseUrl, '/api/v1/proposals', {
      method: 'POST',
      key: sb.key('full'),
      headers: { 'Content-Type': 'text/plain', 'Idempotency-Key': 'x1' },
      body,
    });
    expect(text.status).toBe(415);
    expect((await postProposals(sb.baseUrl, sb.key('full'), '{"changes": [')).status).toBe(400);
  });

  it('points every validation error at its change and field', async () => {
    const unit = (await call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key('full') })).json.data[0];
    const r = await postProposals(sb.baseUrl, sb.key('full'), {
      changes: [
        rentChange(lease.id, 1500),
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { monthly_rent: 'lots' },
        },
        { operation: 'update', resourceType: 'lease', fields: { monthly_rent: 1 } },
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { income: 1, monthly_rent: -5 },
        },
        {
          operation: 'create',
          resourceType: 'lease',
          fields: { unit_id: unit.id, start_date: '2026-02-30' },
        },
        {
          operation: 'update',
          resourceType: 'unit',
          resourceId: 'unit_nonexistent',
          fields: { status: 'vacant' },
        },
      ],
    });
    expect(r.status).toBe(400);
    // Structural problems are reported first.
    expect(r.json.error.details.errors).toEqual([
      { path: 'changes[2].resourceId', message: expect.any(String) },
    ]);
    const r2 = await postProposals(sb.baseUrl, sb.key('full'), {
      changes: [
        rentChange(lease.id, 1500),
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { monthly_rent: 'lots' },
        },
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { income: 1, monthly_rent: -5 },
        },
        {
          operation: 'create',
          resourceType: 'lease',
          fields: { unit_id: unit.id, start_date: '2026-02-30' },
        },
        {
          operation: 'update',
          resourceType: 'unit',
          resourceId: 'unit_nonexistent',
          fields: { status: 'vacant' },
        },
        {
          operation: 'create',
          resourceType: 'unit',
          fields: {
            property_id: 'prop_nope',
            unit_number: '9Z',
            bedrooms: 1,
            bathrooms: 1,
            square_feet: 500,
            market_rent: 900,
            status: 'vacant',
          },
        },
      ],
    });
    const paths = r2.json.error.details.errors.map((e: Json) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'changes[1].fields.monthly_rent',
        'changes[2].fields.income',
        'changes[2].fields.monthly_rent',
        'changes[3].fields.start_date',
        'changes[3].fields.tenant_id',
        'changes[3].fields.monthly_rent',
        'changes[4].resourceId',
        'changes[5].fields.property_id',
      ]),
    );
    expect(paths.some((p: string) => p.startsWith('changes[0]'))).toBe(false);
    for (const bad of [
      { changes: [] },
      { changes: Array.from({ length: 201 }, () => rentChange(lease.id, 1)) },
      { changes: [{ ...rentChange(lease.id, 1), operation: 'delete' }] },
      { label: 5, changes: [rentChange(lease.id, 1)] },
      { changes: [{ operation: 'create', resourceType: 'lease', resourceId: lease.id, fields: {} }] },
      [],
      { changes: [rentChange(lease.id, 1)], extra: true },
      { changes: [{ operation: 'create', resourceType: 'document', fields: {} }] },
    ])
      expect(
        (await postProposals(sb.baseUrl, sb.key('full'), bad)).status,
        JSON.stringify(bad).slice(0, 80),
      ).toBe(400);
    expect(
      (
        await postProposals(sb.baseUrl, sb.key('full'), {
          changes: Array.from({ length: 200 }, () => rentChange(lease.id, 1600)),
        })
      ).status,
    ).toBe(201);
  });

  it('needs the :propose scope of each resource type', async () => {
    const ro = await postProposals(sb.baseUrl, sb.key('readonly'), { changes: [rentChange(lease.id, 1500)] });
    expect(ro.status).toBe(403);
    expect(ro.json.error).toEqual({
      code: 'forbidden',
      message: 'This API key lacks the scope leases:propose.',
      details: { requiredScope: 'leases:propose' },
    });
    for (const t of RESOURCE_TYPES) {
      const r = await postProposals(sb.baseUrl, sb.key('properties-only'), {
        changes: [{ operation: 'create', resourceType: t, fields: {} }],
      });
      expect(r.status).toBe(403);
      expect(r.json.error.details.requiredScope).toBe(proposeScope(t));
    }
    expect(proposeScope('maintenance_request')).toBe('maintenance:propose');
  });

  it("cannot target another organisation's records", async () => {
    const r = await postProposals(sb.baseUrl, sb.key('other-org'), { changes: [rentChange(lease.id, 1500)] });
    expect(r.status).toBe(400);
    expect(r.json.error.details.errors[0].path).toBe('changes[0].resourceId');
  });
});

describe('listing suggestions', () => {
  it('lists with batchId and status filters, tracking fields, and per-organisation isolation', async () => {
    const post = await postProposals(sb.baseUrl, sb.key('full'), {
      label: 'Two changes',
      changes: [rentChange(lease.id, 1700), rentChange(lease.id, 1750)],
    });
    const batchId = post.json.data.batchId;
    const list = await call(sb.baseUrl, `/api/v1/proposals?batchId=${batchId}`, { key: sb.key('full') });
    expect(list.json.data).toHaveLength(2);
    const item = list.json.data[0];
    expect(item).toMatchObject({
      batchId,
      label: 'Two changes',
      resourceId: lease.id,
      fields: { monthly_rent: 1700 },
      status: 'proposed',
      decidedAt: null,
      decidedBy: null,
    });
    expect(item.flags.map((f: Json) => f.code)).toContain('repeated_target');
    expect(sb.control.dismiss(item.id, 'broker').ok).toBe(true);
    const dismissed = await call(sb.baseUrl, `/api/v1/proposals?batchId=${batchId}&status=dismissed`, {
      key: sb.key('full'),
    });
    expect(dismissed.json.data.map((p: Json) => p.id)).toEqual([item.id]);
    expect(dismissed.json.data[0].decidedBy).toBe('Victor Osei (Broker)');
    expect(
      (await call(sb.baseUrl, `/api/v1/proposals?batchId=${batchId}`, { key: sb.key('other-org') })).json
        .data,
    ).toEqual([]);
    expect((await call(sb.baseUrl, '/api/v1/proposals?status=maybe', { key: sb.key('full') })).status).toBe(
      400,
    );
    expect((await call(sb.baseUrl, '/api/v1/proposals?batch=1', { key: sb.key('full') })).status).toBe(400);
    const all = await readAll(sb.baseUrl, sb.key('full'), '/api/v1/proposals?limit=30');
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  });

  it('expires unreviewed proposals after the TTL by itself, and they cannot be decided then', async () => {
    const post = await postProposals(sb.baseUrl, sb.key('full'), { changes: [rentChange(lease.id, 1800)] });
    const id = post.json.data.proposals[0].id;
    const batchId = post.json.data.batchId;
    sb.control.advanceClock(3599_000);
    expect(
      (await call(sb.baseUrl, `/api/v1/proposals?batchId=${batchId}`, { key: sb.key('full') })).json.data[0]
        .status,
    ).toBe('proposed');
    sb.control.advanceClock(2_000);
    const after = await call(sb.baseUrl, `/api/v1/proposals?batchId=${batchId}&status=expired`, {
      key: sb.key('full'),
    });
    expect(after.json.data.map((p: Json) => p.id)).toEqual([id]);
    const outcome = sb.control.approve(id, 'admin');
    expect(outcome).toMatchObject({ ok: false, code: 'not_pending' });
    expect(
      (await call(sb.baseUrl, `/api/v1/leases/${lease.id}`, { key: sb.key('full') })).json.data.monthly_rent,
    ).toBe(lease.monthly_rent);
  });
});
