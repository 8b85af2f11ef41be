// Redirects over real HTTP: a service address that answers 301/302/307/308 to another origin. The
// key must never reach that origin, and the user is told about the redirect, not that they are offline.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import type { AppServices } from '../../../../src/main/app/app-services';
import { createTestServices } from '../../../support/test-services';

const KEY = 'pdk_RedirectKey0123456789abcdefXYZ';

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe('a service that answers with a redirect', () => {
  let elsewhere: { server: Server; origin: string };
  let redirecting: { server: Server; origin: string };
  const arrivedElsewhere: Array<{ url: string | undefined; authorization: string | undefined }> = [];
  let status = 301;

  beforeAll(async () => {
    elsewhere = await listen((req, res) => {
      arrivedElsewhere.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: [], nextCursor: null, hasMore: false }));
    });
    // "localhost" and "127.0.0.1" are different origins: the redirect goes to another origin.
    const otherOrigin = elsewhere.origin.replace('127.0.0.1', 'localhost');
    redirecting = await listen((req, res) => {
      res.writeHead(status, { Location: `${otherOrigin}${req.url ?? '/'}` });
      res.end();
    });
  });
  afterAll(async () => {
    await close(elsewhere.server);
    await close(redirecting.server);
  });

  for (const code of [301, 302, 307, 308]) {
    it(`HTTP ${code}: the key stays home and the message names where the service pointed`, async () => {
      status = code;
      const outcomes: boolean[] = [];
      const api = new ApiClient({
        baseUrl: redirecting.origin,
        getApiKey: () => KEY,
        fetch,
        onOutcome: (online) => outcomes.push(online),
      });
      const error = await api.list('properties').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      const target = elsewhere.origin.replace('127.0.0.1', 'localhost');
      expect((error as ApiError).message).toContain(
        `the service answered with a redirect to ${target}; PropDesk does not follow redirects with your key`,
      );
      expect((error as ApiError).code).toBe('redirected');
      expect((error as ApiError).status).toBe(code);
      expect((error as ApiError).message).not.toMatch(/can't reach|offline|internet/i);
      // The service answered: that is being online, not offline.
      expect(outcomes).toEqual([true]);
      expect(arrivedElsewhere).toEqual([]);
    });
  }

  it('Test connection reports the redirect on every check, never as offline', async () => {
    status = 307;
    const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-redirect-'));
    const services: AppServices = createTestServices(dataDir);
    try {
      const added = await services.connections.add({
        name: 'Moved',
        baseUrl: redirecting.origin,
        apiKey: KEY,
      });
      const all = await services.connections.test(added.id);
      // Suggesting is never tried (it would send a suggestion): those rows say so, whatever the service.
      const checks = all.filter((c) => !c.suggesting);
      expect(all.filter((c) => c.suggesting).every((c) => c.outcome === 'untested')).toBe(true);
      expect(checks.length).toBeGreaterThan(0);
      for (const check of checks) {
        expect(check.outcome).toBe('error');
        expect(check.message).toContain('the service answered with a redirect to http://localhost:');
      }
      expect(services.connectivity.status().online).toBe(true);
      expect(arrivedElsewhere).toEqual([]);
    } finally {
      await services.stop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    }
  });

  it('Electron’s network stack refuses to continue a manual redirect: still a redirect, not offline', async () => {
    // Electron's net.fetch rejects with this error when redirect is "manual" and the redirect is not
    // followed; this stand-in does exactly that at Electron's boundary, over a real request.
    const electronLikeFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status >= 300 && response.status < 400) throw new Error('Redirect was cancelled');
      return response;
    };
    status = 302;
    const outcomes: boolean[] = [];
    const api = new ApiClient({
      baseUrl: redirecting.origin,
      getApiKey: () => KEY,
      fetch: electronLikeFetch,
      onOutcome: (online) => outcomes.push(online),
      sleep: async () => undefined,
    });
    const error = (await api.list('properties').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('redirected');
    expect(error.message).toContain('the service answered with a redirect');
    expect(error.message).toContain('PropDesk does not follow redirects with your key');
    expect(outcomes).toEqual([true]);
    expect(arrivedElsewhere).toEqual([]);
  });
});
