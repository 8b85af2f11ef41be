// A record nested 20,000 levels deep, sent by a small service on 127.0.0.1 among ordinary ones: it is
// left out of its page with its ID named (in the log), the rest of the page is used as always, the
// offline copy finishes with every other record, and asked for by ID it is refused in words that
// cross IPC like any other answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import type { AppServices } from '../../../../src/main/app/app-services';
import { createDispatcher } from '../../../../src/main/ipc/dispatch';
import { createLogger } from '../../../../src/main/log/logger';
import type { Logger } from '../../../../src/main/log/logger';
import { startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';
import { createTestServices } from '../../../support/test-services';
import { patiently } from '../../../support/patience';

const KEY = 'pdk_DeepRecordsKey000000000000000';

/** A record nested `levels` deep, as JSON text: JSON.stringify itself cannot write it. */
function deepRecord(id: string, levels: number): string {
  return `{"id":"${id}","name":"Nested","notes":${'{"inner":'.repeat(levels)}"bottom"${'}'.repeat(levels)}}`;
}

const plain = (collection: string) => [
  { id: `${collection}-1`, name: 'Aisha Cohen' },
  { id: `${collection}-2`, name: 'Jonah Larsen' },
];

/** The collection's page, the deep record second. */
function pageText(collection: string): string {
  const [first, second] = plain(collection).map((r) => JSON.stringify(r));
  const deep = deepRecord(`${collection}-deep`, 20_000);
  return `{"data":[${first},${deep},${second}],"nextCursor":null,"hasMore":false}`;
}

describe('a record nested too deep', () => {
  let service: ListingService;
  beforeAll(async () => {
    service = await startListingService(pageText, (collection, id) =>
      id.endsWith('-deep') ? deepRecord(id, 20_000) : plain(collection).find((r) => r.id === id),
    );
  });
  afterAll(() => service.close());

  it('is left out of its page, named; the rest of the page is used', async () => {
    const refused: string[] = [];
    const client = new ApiClient({
      baseUrl: service.baseUrl,
      getApiKey: () => KEY,
      fetch,
      onRefused: (message) => refused.push(message),
    });
    const page = await client.list('tenants', {});
    expect(page.data.map((r) => r.id)).toEqual(['tenants-1', 'tenants-2']);
    const host = new URL(service.baseUrl).host;
    expect(refused).toEqual([
      `${host} sent tenant tenants-deep nested more than 64 levels deep, so PropDesk left it out. Ask whoever runs the service to check that record.`,
    ]);
    await expect(client.get('tenants', 'tenants-deep')).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringContaining('tenant tenants-deep nested more than 64 levels deep') as string,
    });
  });

  describe('through the app', () => {
    let dataDir: string;
    let services: AppServices;
    const warned: string[] = [];
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'propdesk-deep-'));
      const plain = createLogger({ console: false });
      const logger: Logger = { ...plain, info: (message) => void warned.push(message) };
      services = createTestServices(dataDir, { logger });
    });
    afterAll(async () => {
      await services.stop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    });

    it('the offline copy finishes with every other record, and the log names the one left out', async () => {
      const conn = await services.connections.add({ name: 'Deep', baseUrl: service.baseUrl, apiKey: KEY });
      await services.connections.switchTo(conn.id);
      await vi.waitFor(() => expect(services.offlineCopy.status(conn.id).state).toBe('done'), patiently);
      expect(services.store.offlineCopies.records(conn.id, 'tenants').map((r) => r.id)).toEqual([
        'tenants-1',
        'tenants-2',
      ]);
      expect(warned.some((line) => line.includes('tenant tenants-deep nested more than 64 levels'))).toBe(
        true,
      );
    });

    it('asked for by ID it is refused in words, and lists and the refusal cross IPC', async () => {
      const dispatcher = createDispatcher(services.handlers, () => true, services.mapError, services.logger);
      const sender = { isMainFrame: true, url: 'file:///app/index.html' };
      const one = await dispatcher.dispatch(sender, 'collections.get', {
        collection: 'tenants',
        id: 'tenants-deep',
      });
      expect(one).toMatchObject({
        ok: false,
        error: { code: 'bad_response', message: expect.stringContaining('tenants-deep') as string },
      });
      const list = await dispatcher.dispatch(sender, 'collections.list', { collection: 'leases' });
      expect(list).toMatchObject({ ok: true });
      expect(structuredClone(list)).toEqual(list);
    });
  });
});
