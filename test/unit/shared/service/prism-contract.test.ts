// Contract test: representative API traffic sent through `prism proxy --errors` pointed at the
// sandbox with its own openapi.json; prism must report no violation on any request or response.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../../src/shared/service';
import { call, start, type Started } from '../../../support/helpers';

const ROOT = resolve(import.meta.dirname, '../../../..');
const PRISM_START_MS = 120_000;
let sb: Started;
let prism: ChildProcess;
let proxy: string;
let log = '';

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

beforeAll(async () => {
  sb = await start();
  const file = join(mkdtempSync(join(tmpdir(), 'pd-prism-')), 'openapi.json');
  writeFileSync(file, (await call(sb.baseUrl, '/api/v1/openapi.json')).text);
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  prism = spawn(
    join(ROOT, 'node_modules/.bin/prism'),
    ['proxy', '--errors', '-h', '127.0.0.1', '-p', String(port), file, sb.baseUrl],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prism.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  prism.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  // Prism takes a while to start on a busy machine: asked until it answers or ends, within the hook's time.
  const end = Date.now() + PRISM_START_MS;
  while (prism.exitCode === null && Date.now() < end) {
    try {
      if ((await fetch(`${proxy}/api/v1/openapi.json`)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`prism did not start: ${log}`);
});

afterAll(async () => {
  prism?.kill('SIGTERM');
  await sb?.close();
});

async function through(path: string, init: RequestInit & { key?: string } = {}, expected: number) {
  const r = await call(proxy, path, init);
  expect(r.headers.get('sl-violations'), `${path}: ${r.headers.get('sl-violations')}`).toBeNull();
  expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(expected);
  expect(r.text).not.toContain('stoplight.io/prism/errors');
  return r;
}

describe('prism proxy --errors', () => {
  it('finds no violation in representative traffic', async () => {
    const key = sb.key('full');
    for (const c of COLLECTIONS) {
      const page = await through(`/api/v1/${c}?limit=3`, { key }, 200);
      await through(`/api/v1/${c}?limit=3&cursor=${encodeURIComponent(page.json.nextCursor)}`, { key }, 200);
      await through(`/api/v1/${c}/${page.json.data[0].id}`, { key }, 200);
      await through(`/api/v1/${c}/nope_0000000000`, { key }, 404);
    }
    const lease = (await through('/api/v1/leases?status=month_to_month&limit=1', { key }, 200)).json.data[0];
    await through('/api/v1/leases?end_date=2027-01-31&status=active', { key }, 200);
    await through(`/api/v1/leases?unit_id=${lease.unit_id}&tenant_id=${lease.tenant_id}`, { key }, 200);
    await through(`/api/v1/payments?lease_id=${lease.id}&status=paid&due_date=2026-06-01`, { key }, 200);
    await through('/api/v1/properties?city=Portland&state=OR&type=multi_family&is_active=true', { key }, 200);
    await through('/api/v1/units?status=vacant', { key }, 200);
    await through('/api/v1/maintenance_requests?priority=emergency&status=open', { key }, 200);
    await through('/api/v1/documents?entity_type=lease&is_verified=true&type=lease_agreement', { key }, 200);
    await through('/api/v1/tenants?is_active=false', { key }, 200);
    const body = JSON.stringify({
      label: 'Contract',
      changes: [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease.id,
          fields: { monthly_rent: lease.monthly_rent + 200, end_date: null },
        },
        {
          operation: 'create',
          resourceType: 'maintenance_request',
          fields: {
            property_id: (await call(sb.baseUrl, '/api/v1/properties?limit=1', { key })).json.data[0].id,
            title: 'Loose railing',
            priority: 'high',
            status: 'open',
          },
        },
      ],
    });
    const headers = { 'Content-Type': 'application/json', 'Idempotency-Key': 'prism-1' };
    const created = await through('/api/v1/proposals', { method: 'POST', key, headers, body }, 201);
    await through('/api/v1/proposals', { method: 'POST', key, headers, body }, 201);
    const other = JSON.stringify({
      changes: [
        { operation: 'update', resourceType: 'lease', resourceId: lease.id, fields: { monthly_rent: 1 } },
      ],
    });
    await through('/api/v1/proposals', { method: 'POST', key, headers, body: other }, 409);
    await through(
      '/api/v1/proposals',
      {
        method: 'POST',
        key: sb.key('readonly'),
        headers: { ...headers, 'Idempotency-Key': 'prism-2' },
        body,
      },
      403,
    );
    await through(
      '/api/v1/proposals',
      {
        method: 'POST',
        key,
        headers: { ...headers, 'Idempotency-Key': 'prism-3' },
        body: JSON.stringify({
          changes: [
            {
              operation: 'update',
              resourceType: 'lease',
              resourceId: 'lease_nothere00',
              fields: { monthly_rent: 5 },
            },
          ],
        }),
      },
      400,
    );
    sb.control.approve(created.json.data.proposals[0].id, 'admin');
    await through(`/api/v1/proposals?batchId=${created.json.data.batchId}`, { key }, 200);
    await through('/api/v1/proposals?status=applied&limit=5', { key }, 200);
    await through('/api/v1/proposals?status=proposed', { key }, 200);
    await through('/api/v1/leases?colour=blue', { key }, 400);
    await through('/api/v1/leases?cursor=garbage', { key }, 400);
    await through('/api/v1/leases', { key: sb.key('properties-only') }, 403);
    await through('/api/v1/openapi.json', {}, 200);
    expect(log).not.toMatch(/violation/i);
  });

  it('is really validating: a request that breaks the contract is flagged by prism', async () => {
    const r = await call(proxy, '/api/v1/leases?limit=abc', { key: sb.key('full') });
    expect(r.status).toBe(422);
    expect(r.text).toContain('stoplight.io/prism/errors');
  });
});
