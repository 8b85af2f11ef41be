// Cursor paging: complete and without repeats while records are added and creates are approved
// between pages; cursors refused when garbage, truncated, edited or foreign (never page one again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postProposals, readAll, start, type Started, type Json } from '../../../support/helpers';

let sb: Started;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const ids = (rows: Json[]) => rows.map((r) => r.id);

describe('cursor paging', () => {
  it('skips and repeats nothing while records are added and created by approval between pages', async () => {
    const full = sb.key('full');
    const before = await readAll(sb.baseUrl, full, '/api/v1/tenants?limit=100');
    const added: string[] = [];
    const seen = await readAll(sb.baseUrl, full, '/api/v1/tenants?limit=37', async (page) => {
      // A record written directly, and one created by approving a suggestion.
      added.push(
        sb.control.createRecord('tenants', sb.org('full'), {
          name: `Added ${page}`,
          email: `added${page}@example.com`,
          phone: null,
          status: 'future',
          is_active: true,
        }).id as string,
      );
      const post = await postProposals(sb.baseUrl, full, {
        changes: [
          {
            operation: 'create',
            resourceType: 'tenant',
            fields: {
              name: `Approved ${page}`,
              email: `approved${page}@example.com`,
              status: 'future',
              is_active: true,
            },
          },
        ],
      });
      expect(post.status).toBe(201);
      const outcome = sb.control.approve(post.json.data.proposals[0].id, 'property_manager');
      if (!outcome.ok) throw new Error(outcome.message);
      added.push(outcome.proposal.resourceId as string);
    });
    expect(new Set(ids(seen)).size).toBe(seen.length);
    expect(ids(seen)).toEqual([...ids(before), ...added]);
  });

  it('keeps filters across pages and pages filtered results completely', async () => {
    const full = sb.key('full');
    const all = await readAll(sb.baseUrl, full, '/api/v1/payments?limit=100');
    const late = await readAll(sb.baseUrl, full, '/api/v1/payments?status=late&limit=7');
    expect(ids(late)).toEqual(ids(all.filter((p) => p.status === 'late')));
  });

  it('refuses garbage, truncated and edited cursors without restarting at page one', async () => {
    const full = sb.key('full');
    const first = await call(sb.baseUrl, '/api/v1/payments?limit=5', { key: full });
    const cursor: string = first.json.nextCursor;
    const [v, payload, sig] = cursor.split('.') as [string, string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...decoded, a: 0 })).toString('base64url');
    const flippedSig = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      'garbage',
      cursor.slice(0, -4),
      cursor.slice(0, 20),
      `${v}.${edited}.${sig}`,
      `${v}.${payload}.${flippedSig}`,
      `${cursor}x`,
      'c1..',
      '%00',
    ]) {
      const r = await call(sb.baseUrl, `/api/v1/payments?limit=5&cursor=${encodeURIComponent(bad)}`, {
        key: full,
      });
      expect(r.status, bad).toBe(400);
      expect(r.json.error.code).toBe('invalid_request');
      expect(r.json.data).toBeUndefined();
    }
    const ok = await call(sb.baseUrl, `/api/v1/payments?limit=5&cursor=${encodeURIComponent(cursor)}`, {
      key: full,
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data[0].id).not.toBe(first.json.data[0].id);
  });

  it('refuses a cursor of another collection, other filters or another organisation', async () => {
    const full = sb.key('full');
    const cursor = (await call(sb.baseUrl, '/api/v1/payments?limit=5&status=paid', { key: full })).json
      .nextCursor as string;
    const tries: Array<[string, string]> = [
      ['/api/v1/leases?limit=5', full],
      ['/api/v1/payments?limit=5', full],
      ['/api/v1/payments?limit=5&status=late', full],
      ['/api/v1/payments?limit=5&status=paid', sb.key('other-org')],
      ['/api/v1/proposals?limit=5', full],
    ];
    for (const [path, key] of tries) {
      const r = await call(sb.baseUrl, `${path}&cursor=${encodeURIComponent(cursor)}`, { key });
      expect(r.status, path).toBe(400);
      expect(r.json.error.code).toBe('invalid_request');
    }
    // The same listing with another page size is fine: the cursor binds filters, not the limit.
    expect(
      (
        await call(sb.baseUrl, `/api/v1/payments?limit=50&status=paid&cursor=${encodeURIComponent(cursor)}`, {
          key: full,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a cursor signed by another sandbox process', async () => {
    const other = await start();
    try {
      const foreign = (await call(other.baseUrl, '/api/v1/payments?limit=5', { key: other.key('full') })).json
        .nextCursor as string;
      const r = await call(sb.baseUrl, `/api/v1/payments?limit=5&cursor=${encodeURIComponent(foreign)}`, {
        key: sb.key('full'),
      });
      expect(r.status).toBe(400);
    } finally {
      await other.close();
    }
  });
});
