// A service that speaks another contract: the Lakeside fixture (its own field names, money in whole
// minor units) in front of a real sandbox over HTTP. The contract comes from the fixture; every list
// and record the sandbox answers is rewritten into Lakeside's fields, so paging, filters, keys and
// errors stay the sandbox's own. Only reading is rewritten: what PropDesk shows is what is tested.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import { API_PREFIX } from '../../src/shared/service';

type Row = Record<string, unknown>;

const CONTRACT = readFileSync(
  join(import.meta.dirname, '../fixtures/contracts/lakeside-openapi-3.1.json'),
  'utf8',
);

/** Currency units to whole minor units (two-digit currencies, as the fixture's examples). */
const minor = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v);
const stamp = (r: Row) => ({ id: r.id, created: r.created_at });

function splitName(name: unknown): { given_name: string; surname: string } {
  const words = String(name ?? '')
    .trim()
    .split(/\s+/);
  return {
    given_name: words.slice(0, -1).join(' ') || words[0] || '',
    surname: words.length > 1 ? words.at(-1)! : '',
  };
}

const REWRITE: Record<string, (r: Row) => Row> = {
  properties: (r) => ({
    ...stamp(r),
    display_name: r.name,
    street_address: r.address_line1,
    town: r.city,
    postcode: r.postal_code,
    built_year: r.year_built,
    active: r.is_active,
  }),
  units: (r) => ({
    ...stamp(r),
    property_id: r.property_id,
    unit_no: r.unit_number,
    beds: r.bedrooms,
    rent_minor: minor(r.market_rent),
    state: r.status,
  }),
  tenants: (r) => ({
    ...stamp(r),
    ...splitName(r.name),
    email: r.email,
    phone_number: r.phone ?? null,
  }),
  leases: (r) => ({
    ...stamp(r),
    unit_id: r.unit_id,
    tenant_id: r.tenant_id,
    commences: r.start_date,
    expires: r.end_date,
    rent_minor: minor(r.monthly_rent),
    deposit_cents: minor(r.security_deposit),
    status: r.status,
    reference: r.lease_number,
  }),
  payments: (r) => ({
    ...stamp(r),
    lease_id: r.lease_id,
    amount: minor(r.amount),
    due_on: r.due_date,
    settled_on: r.paid_date ?? null,
    state: r.status,
  }),
  maintenance_requests: (r) => ({
    ...stamp(r),
    property_id: r.property_id,
    unit_id: r.unit_id ?? null,
    headline: r.title,
    details: r.description,
    urgency: r.priority,
    status: r.status,
  }),
  documents: (r) => ({
    ...stamp(r),
    title: r.name,
    byte_size: r.size_bytes,
    entity_type: r.entity_type,
    entity_id: r.entity_id,
    is_verified: r.is_verified,
  }),
};

export interface LakesideService {
  baseUrl: string;
  /** The sandbox behind it, with the records in its own fields, to compare against. */
  sandbox: Sandbox;
  apiKey: string;
  close(): Promise<void>;
}

async function forward(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://lakeside.test');
  if (url.pathname === `${API_PREFIX}/openapi.json`) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(CONTRACT);
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
  const answer = await fetch(`${sandbox.baseUrl}${url.pathname}${url.search}`, {
    method: req.method ?? 'GET',
    headers,
    ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
  });
  const text = await answer.text();
  const collection = url.pathname.slice(API_PREFIX.length + 1).split('/')[0] ?? '';
  const rewrite = REWRITE[collection];
  let body = text;
  if (rewrite && answer.ok && req.method === 'GET') {
    const parsed = JSON.parse(text) as { data: Row | Row[] };
    parsed.data = Array.isArray(parsed.data) ? parsed.data.map(rewrite) : rewrite(parsed.data);
    body = JSON.stringify(parsed);
  }
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding')
      out[name] = value;
  });
  res.writeHead(answer.status, out).end(body);
}

export async function startLakesideService(): Promise<LakesideService> {
  const sandbox = await startSandbox({ port: 0 });
  const server = createServer((req, res) => {
    forward(sandbox, req, res).catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'bad_gateway', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sandbox,
    apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}
