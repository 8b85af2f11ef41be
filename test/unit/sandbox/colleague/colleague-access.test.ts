// Who reaches the colleague: nobody unless the sandbox was started with it (the route then does not
// exist, as the app's own demo has it), and then only connections from this computer, read from the
// socket's address, with no page of another site behind them. No API key is asked for.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../../../src/sandbox/cli';
import { ColleagueDesk } from '../../../../src/sandbox/colleague/colleague-desk';
import { isLoopbackAddress } from '../../../../src/sandbox/colleague/loopback';
import { SandboxCore } from '../../../../src/sandbox/core';
import { HostAllowList } from '../../../../src/sandbox/http/host-allow-list';
import { call, start, type Started } from '../../../support/helpers';

const addTenant = (base: string, headers: Record<string, string> = {}) =>
  call(base, '/app/colleague/tenants', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({
      fields: { name: 'Kit Marlow', email: 'kit@example.com', status: 'current', is_active: true },
    }),
  });

describe('the colleague route when the sandbox was started without it', () => {
  let sb: Started;
  beforeAll(async () => {
    sb = await start();
  });
  afterAll(() => sb.close());

  it('does not exist: the same 404 as any page that does not, and nothing is added', async () => {
    const before = (await call(sb.baseUrl, '/api/v1/tenants?limit=100', { key: sb.key('full') })).json.data;
    const answer = await addTenant(sb.baseUrl);
    const nowhere = await call(sb.baseUrl, '/app/nowhere', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(404);
    expect(answer.text).toBe(nowhere.text);
    for (const method of ['PATCH', 'DELETE'])
      expect((await call(sb.baseUrl, `/app/colleague/tenants/${before[0].id}`, { method })).status).toBe(404);
    expect((await call(sb.baseUrl, '/api/v1/tenants?limit=100', { key: sb.key('full') })).json.data).toEqual(
      before,
    );
  });

  it('is off unless the command line asks for it, like --no-created-ids and the older span', () => {
    expect(parseCli([]).options).toMatchObject({
      colleague: false,
      noCreatedIds: false,
      paymentMonths: undefined,
    });
    expect(parseCli(['--colleague', '--no-created-ids', '--payment-months', '13']).options).toMatchObject({
      colleague: true,
      noCreatedIds: true,
      paymentMonths: 13,
    });
    expect(() => parseCli(['--payment-months', '12'])).toThrow('--payment-months has an invalid value "12".');
  });
});

describe('the colleague route when the sandbox was started with it', () => {
  let sb: Started;
  beforeAll(async () => {
    sb = await start({ colleague: true });
  });
  afterAll(() => sb.close());

  it('needs no API key from this computer', async () => {
    const answer = await addTenant(sb.baseUrl);
    expect(answer.status).toBe(201);
    expect(answer.json.data.name).toBe('Kit Marlow');
  });

  it('is refused to a page of another site, as if it did not exist', async () => {
    const answer = await addTenant(sb.baseUrl, { Origin: 'https://elsewhere.example' });
    expect(answer.status).toBe(404);
    const own = await addTenant(sb.baseUrl, { Origin: sb.baseUrl });
    expect(own.status).toBe(201);
  });
});

describe('which connections are from this computer', () => {
  it('reads loopback from the address, in every way a socket writes it', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      undefined,
      '',
      '10.0.0.7',
      '192.168.1.20',
      '::ffff:192.168.1.20',
      'fe80::1',
      '128.0.0.1',
      '127.0.0.1.evil',
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });

  it('refuses a request from another address whatever its headers say', () => {
    const hosts = new HostAllowList();
    hosts.listening('0.0.0.0', 8080);
    const desk = new ColleagueDesk(
      new SandboxCore({ seed: 1, recordsScale: 1, proposalTtlMs: 1000, paymentMonths: 13 }),
      hosts,
    );
    const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ socket: { remoteAddress } as Socket, headers }) as unknown as IncomingMessage;
    expect(desk.accepts(request('127.0.0.1'), '/app/colleague/tenants')).toBe(true);
    expect(desk.accepts(request('127.0.0.1'), '/app/automation')).toBe(false);
    expect(desk.accepts(request('192.168.1.20'), '/app/colleague/tenants')).toBe(false);
    expect(
      desk.accepts(
        request('192.168.1.20', { 'x-forwarded-for': '127.0.0.1', host: '127.0.0.1:8080' }),
        '/app/colleague/tenants',
      ),
    ).toBe(false);
  });
});
