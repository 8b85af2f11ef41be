// Lists filtered by a record ID (a unit's leases, a record's documents) come from the demo service's
// index of references: the same records, in the same order, page by page, as a scan would find, and
// a record created or changed by an approved suggestion is found under its new reference at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postProposals, readAll, start, type Started, type Json } from '../../../support/helpers';

let sb: Started;
beforeAll(async () => {
  sb = await start({ proposalTtlSeconds: 3600 });
});
afterAll(() => sb.close());

const ids = (records: Json[]) => records.map((r: Json) => r.id);

describe('lists filtered by a record ID', () => {
  it('find what a scan of the whole collection finds, in its order, across pages', async () => {
    const all = await readAll(sb.baseUrl, sb.key('full'), '/api/v1/documents?limit=100');
    const owners = [...new Set(all.map((d: Json) => d.entity_id))].slice(0, 6);
    for (const owner of owners) {
      const expected = all.filter((d: Json) => d.entity_id === owner);
      // One record a page: every page boundary of the filtered list is crossed.
      const paged = await readAll(sb.baseUrl, sb.key('full'), `/api/v1/documents?entity_id=${owner}&limit=1`);
      expect(ids(paged)).toEqual(ids(expected));
    }
    const unverified = all.filter((d: Json) => d.entity_id === owners[0] && d.is_verified === false);
    const both = await readAll(
      sb.baseUrl,
      sb.key('full'),
      `/api/v1/documents?entity_id=${owners[0]}&is_verified=false&limit=2`,
    );
    expect(ids(both)).toEqual(ids(unverified));
    expect(
      (await call(sb.baseUrl, '/api/v1/documents?entity_id=nothing', { key: sb.key('full') })).json,
    ).toEqual({
      data: [],
      nextCursor: null,
      hasMore: false,
    });
  });

  it('find a lease under the tenant an approved suggestion moved it to, and no longer under the old one', async () => {
    const leases = await readAll(sb.baseUrl, sb.key('full'), '/api/v1/leases?limit=100');
    const lease = leases[0];
    const other = leases.find((l: Json) => l.tenant_id !== lease.tenant_id);
    const before = ids(
      await readAll(sb.baseUrl, sb.key('full'), `/api/v1/leases?tenant_id=${other.tenant_id}`),
    );
    const post = await postProposals(sb.baseUrl, sb.key('full'), {
      changes: [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { tenant_id: other.tenant_id },
        },
      ],
    });
    expect(post.status).toBe(201);
    expect(sb.control.approve(post.json.data.proposals[0].id, 'admin').ok).toBe(true);
    const now = ids(await readAll(sb.baseUrl, sb.key('full'), `/api/v1/leases?tenant_id=${other.tenant_id}`));
    expect(now.sort()).toEqual([...before, lease.id].sort());
    const old = ids(await readAll(sb.baseUrl, sb.key('full'), `/api/v1/leases?tenant_id=${lease.tenant_id}`));
    expect(old).not.toContain(lease.id);
  });
});
