// DNS rebinding: a web page whose name is pointed at 127.0.0.1 reaches the sandbox with its own name
// in Host and Origin. The sandbox answers only requests addressed to itself (421 otherwise), and the
// review page's form check compares Origin with that same list, never with the request's own Host.
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostAllowList } from '../../../../src/sandbox/http/host-allow-list';
import { refuseCrossSite } from '../../../../src/sandbox/review-page/session';
import { postProposals, start, type Started } from '../../../support/helpers';

interface Raw {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One request to 127.0.0.1:port with headers set freely (fetch would not let Host be forged). */
function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sessionOf = (res: Raw) => (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('the sandbox answers only requests addressed to itself', () => {
  let sb: Started;
  let port: number;
  beforeAll(async () => {
    sb = await start();
    port = Number(new URL(sb.baseUrl).port);
  });
  afterAll(() => sb.close());

  it('serves the loopback names on its own port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const res = await send(port, '/api/v1/openapi.json', { host });
      expect(res.status, host).toBe(200);
    }
  });

  it('answers 421 with a short body to any other Host, on the API and the review page, key or not', async () => {
    const forged = [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `127.0.0.1.evil.example:${port}`,
      `localhost:${port}.evil.example`,
    ];
    for (const host of forged) {
      for (const path of ['/api/v1/openapi.json', '/api/v1/leases', '/app/automation', '/']) {
        const res = await send(port, path, { host, authorization: `Bearer ${sb.key('full')}` });
        expect(res.status, `${host} ${path}`).toBe(421);
        expect(res.body.length).toBeLessThan(200);
        expect(res.body).not.toMatch(/lease|<html/i);
      }
    }
  });

  it('a rebound page cannot read the review page and decide with its token', async () => {
    const lease = (
      await (
        await fetch(`${sb.baseUrl}/api/v1/leases?limit=1`, {
          headers: { authorization: `Bearer ${sb.key('full')}` },
        })
      ).json()
    ).data[0];
    const batch = (
      await postProposals(sb.baseUrl, sb.key('full'), {
        changes: [
          {
            operation: 'update',
            resourceType: 'lease',
            resourceId: lease.id,
            fields: { monthly_rent: lease.monthly_rent + 5 },
          },
        ],
      })
    ).json.data;
    const host = `rebound.example:${port}`;
    const page = await send(port, `/app/automation?batch=${batch.batchId}`, { host });
    expect(page.status).toBe(421);
    const form = new URLSearchParams({
      org: sb.org('full'),
      batch: batch.batchId,
      action: 'dismiss',
      csrf: csrfOf(page.body),
      return: '/app/automation',
    }).toString();
    const post = await send(
      port,
      '/app/automation/decide',
      {
        host,
        origin: `http://${host}`,
        cookie: sessionOf(page),
        'content-type': 'application/x-www-form-urlencoded',
      },
      'POST',
      form,
    );
    expect(post.status).toBe(421);
    const after = await fetch(`${sb.baseUrl}/api/v1/proposals?batchId=${batch.batchId}`, {
      headers: { authorization: `Bearer ${sb.key('full')}` },
    });
    expect((await after.json()).data.map((p: { status: string }) => p.status)).toEqual(['proposed']);
  });

  it('accepts a form from any of its own names, refuses one from elsewhere', async () => {
    const own = `127.0.0.1:${port}`;
    const page = await send(port, `/app/automation?org=${sb.org('full')}`, { host: own });
    const form = new URLSearchParams({
      org: sb.org('full'),
      role: 'admin',
      csrf: csrfOf(page.body),
      return: '/app/automation',
    }).toString();
    const post = (origin: string) =>
      send(
        port,
        '/app/automation/identity',
        { host: own, origin, cookie: sessionOf(page), 'content-type': 'application/x-www-form-urlencoded' },
        'POST',
        form,
      );
    expect((await post(`http://localhost:${port}`)).status).toBe(303);
    expect((await post(`http://[::1]:${port}`)).status).toBe(303);
    expect((await post(`http://evil.example:${port}`)).status).toBe(403);
    expect((await post(`http://127.0.0.1:${port + 1}`)).status).toBe(403);
  });
});

describe('the form check compares Origin with the list, not with the request’s Host', () => {
  it('refuses an Origin that only matches a forged Host', () => {
    const hosts = new HostAllowList();
    hosts.listening('127.0.0.1', 4321);
    const session = { id: 's', csrf: 'token-token-token', flash: undefined };
    const req = (host: string, origin: string) =>
      ({ headers: { host, origin } }) as unknown as IncomingMessage;
    expect(
      refuseCrossSite(req('evil.example:4321', 'http://evil.example:4321'), session, session.csrf, hosts),
    ).toMatch(/another site/);
    expect(
      refuseCrossSite(req('127.0.0.1:4321', 'http://localhost:4321'), session, session.csrf, hosts),
    ).toBe(undefined);
  });
});

describe('a sandbox bound to another address on purpose', () => {
  let sb: Started;
  let port: number;
  beforeAll(async () => {
    sb = await start({ host: '0.0.0.0' });
    port = Number(new URL(sb.baseUrl).port);
  });
  afterAll(() => sb.close());

  it('also answers to the host it was bound to, on its port, and still refuses other names', async () => {
    expect(sb.baseUrl).toBe(`http://0.0.0.0:${port}`);
    expect((await send(port, '/api/v1/openapi.json', { host: `0.0.0.0:${port}` })).status).toBe(200);
    expect((await send(port, '/api/v1/openapi.json', { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await send(port, '/api/v1/openapi.json', { host: `evil.example:${port}` })).status).toBe(421);
  });

  it('lists a bound name or address with its port, IPv6 in brackets', () => {
    const hosts = new HostAllowList();
    hosts.listening('192.168.1.20', 8080);
    expect(hosts.allows('192.168.1.20:8080')).toBe(true);
    expect(hosts.allows('192.168.1.20:8081')).toBe(false);
    hosts.listening('fd00::5', 8080);
    expect(hosts.allows('[fd00::5]:8080')).toBe(true);
    expect(hosts.allows('192.168.1.20:8080')).toBe(false);
  });
});
