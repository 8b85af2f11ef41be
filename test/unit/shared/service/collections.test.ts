// Collections over HTTP: envelopes, documented filters only, typed values, limits, single records,
// headers, 401/403/404/405 and isolation between the two organisations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, readScope } from '../../../../src/shared/service';
import { call, readAll, start, type Started } from '../../../support/helpers';

let sb: Started;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('collections', () => {
  it('lists every collection with the list envelope, default 25, JSON content type', async () => {
    for (const c of COLLECTIONS) {
      const r = await call(sb.baseUrl, `/api/v1/${c}`, { key: sb.key('full') });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Object.keys(r.json).sort()).toEqual(['data', 'hasMore', 'nextCursor']);
      expect(r.json.data).toHaveLength(25);
      // The demo organisation has exactly 25 properties: one full page and no more.
      expect(r.json.hasMore).toBe(c !== 'properties');
      expect(r.json.nextCursor === null).toBe(c === 'properties');
      for (const rec of r.json.data)
        expect(Object.keys(rec)).toEqual(
          expect.arrayContaining(['id', 'created_at', 'updated_at', 'updated_by']),
        );
    }
  });

  it('honours limit 1..100 and rejects 0, 101, abc and 2.5', async () => {
    expect(
      (await call(sb.baseUrl, '/api/v1/payments?limit=100', { key: sb.key('full') })).json.data,
    ).toHaveLength(100);
    expect(
      (await call(sb.baseUrl, '/api/v1/payments?limit=1', { key: sb.key('full') })).json.data,
    ).toHaveLength(1);
    for (const bad of ['0', '101', 'abc', '2.5', '']) {
      const r = await call(sb.baseUrl, `/api/v1/payments?limit=${bad}`, { key: sb.key('full') });
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('invalid_request');
    }
  });

  it('rejects unknown, repeated and ill-typed query parameters, naming them and the allowed ones', async () => {
    const r = await call(sb.baseUrl, '/api/v1/units?colour=red', { key: sb.key('full') });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toContain('colour');
    expect(r.json.error.details.allowed).toEqual(['property_id', 'status', 'cursor', 'limit']);
    // A filter of another collection is unknown here too.
    expect((await call(sb.baseUrl, '/api/v1/tenants?status=current', { key: sb.key('full') })).status).toBe(
      400,
    );
    for (const q of ['is_active=maybe', 'is_active=TRUE', 'type=castle', 'is_active=true&is_active=false']) {
      const res = await call(sb.baseUrl, `/api/v1/properties?${q}`, { key: sb.key('full') });
      expect(res.status, q).toBe(400);
    }
    for (const d of ['2025-02-30', '2025-13-01', '20250101', 'tomorrow']) {
      expect(
        (await call(sb.baseUrl, `/api/v1/leases?end_date=${d}`, { key: sb.key('full') })).status,
        d,
      ).toBe(400);
    }
  });

  it('filters with the documented semantics', async () => {
    const full = sb.key('full');
    const ending = await readAll(sb.baseUrl, full, '/api/v1/leases?end_date=2030-01-01&limit=100');
    expect(ending.length).toBeGreaterThan(0);
    expect(ending.every((l) => l.end_date !== null && l.end_date <= '2030-01-01')).toBe(true);
    const due = await readAll(sb.baseUrl, full, '/api/v1/payments?due_date=2026-01-01&status=late&limit=100');
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((p) => p.due_date <= '2026-01-01' && p.status === 'late')).toBe(true);
    const portland = await readAll(sb.baseUrl, full, '/api/v1/properties?city=PORTLAND&state=or');
    expect(portland.length).toBeGreaterThan(0);
    expect(portland.every((p) => p.city === 'Portland' && p.state === 'OR')).toBe(true);
    const inactive = await readAll(sb.baseUrl, full, '/api/v1/properties?is_active=false');
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((p) => p.is_active === false)).toBe(true);
    const unit = (await call(sb.baseUrl, '/api/v1/units?limit=1', { key: full })).json.data[0];
    const docs = await readAll(sb.baseUrl, full, `/api/v1/units?property_id=${unit.property_id}`);
    expect(docs.every((u) => u.property_id === unit.property_id)).toBe(true);
    const none = await call(sb.baseUrl, '/api/v1/units?property_id=prop_doesnotexist', { key: full });
    expect(none.json).toEqual({ data: [], nextCursor: null, hasMore: false });
  });

  it("gets single records and answers another organisation's record exactly like a missing one", async () => {
    const mine = (await call(sb.baseUrl, '/api/v1/leases?limit=1', { key: sb.key('full') })).json.data[0];
    const one = await call(sb.baseUrl, `/api/v1/leases/${mine.id}`, { key: sb.key('full') });
    expect(one.json).toEqual({ data: mine });
    const foreign = await call(sb.baseUrl, `/api/v1/leases/${mine.id}`, { key: sb.key('other-org') });
    const missing = await call(sb.baseUrl, '/api/v1/leases/lease_aaaaaaaaaa', { key: sb.key('other-org') });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    expect(foreign.json.error.code).toBe('not_found');
  });

  it('keeps the organisations apart on every collection', async () => {
    for (const c of COLLECTIONS) {
      const demo = await readAll(sb.baseUrl, sb.key('full'), `/api/v1/${c}?limit=100`);
      const other = await readAll(sb.baseUrl, sb.key('other-org'), `/api/v1/${c}?limit=100`);
      const demoIds = new Set(demo.map((r) => r.id));
      expect(other.length).toBeGreaterThan(0);
      expect(other.length).toBeLessThan(demo.length);
      expect(other.some((r) => demoIds.has(r.id))).toBe(false);
    }
  });

  it('answers 401 with a Bearer challenge and never echoes the key', async () => {
    const none = await call(sb.baseUrl, '/api/v1/properties');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await call(sb.baseUrl, '/api/v1/properties', { key: 'pdk_wrongwrongwrongwrongwrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe('unauthorized');
    expect(wrong.text).not.toContain('pdk_wrong');
  });

  it('answers 403 naming each missing read scope', async () => {
    const key = sb.key('properties-only');
    expect((await call(sb.baseUrl, '/api/v1/properties', { key })).status).toBe(200);
    for (const c of COLLECTIONS.filter((x) => x !== 'properties')) {
      const r = await call(sb.baseUrl, `/api/v1/${c}`, { key });
      expect(r.status).toBe(403);
      expect(r.json.error).toEqual({
        code: 'forbidden',
        message: `This API key lacks the scope ${readScope(c)}.`,
        details: { requiredScope: readScope(c) },
      });
      expect((await call(sb.baseUrl, `/api/v1/${c}/x`, { key })).status).toBe(403);
    }
    expect((await call(sb.baseUrl, '/api/v1/proposals', { key })).json.error.details).toEqual({
      requiredScope: 'proposals:read',
    });
  });

  it('answers 405 to PUT, PATCH, DELETE and POST on records and 404 to unknown routes', async () => {
    const id = (await call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key('full') })).json.data[0].id;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const r = await call(sb.baseUrl, `/api/v1/units/${id}`, { method, key: sb.key('full') });
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET');
      expect(r.json.error.code).toBe('method_not_allowed');
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect((await call(sb.baseUrl, '/api/v1/proposals', { method, key: sb.key('full') })).status).toBe(405);
    for (const path of [
      '/api/v1/owners',
      '/api/v1/proposals/prp_x',
      '/api/v2/units',
      '/nothing',
      `/api/v1/units/${id}/extra`,
    ]) {
      const r = await call(sb.baseUrl, path, { key: sb.key('full') });
      expect(r.status, path).toBe(404);
      expect(r.json.error.code).toBe('not_found');
    }
    // The unit is unchanged: no route writes anything.
    expect(
      (await call(sb.baseUrl, `/api/v1/units/${id}`, { key: sb.key('full') })).json.data.updated_by,
    ).toBe('Data import (System)');
  });
});
