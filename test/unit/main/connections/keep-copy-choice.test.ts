// The choice of keeping an offline copy is made when a connection is added, before its first copy:
// added without one, using it reads nothing to copy (a small service on 127.0.0.1 counts every
// request) and its status says no copy is kept; added as most are, its first copy is made by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { fewRecords, startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';
import { createTestServices } from '../../../support/test-services';

const KEY = 'pdk_KeepCopyChoiceKey000000000000';

describe('keeping an offline copy, chosen when a connection is added', () => {
  let dataDir: string;
  let service: ListingService;
  let services: AppServices;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-keep-choice-'));
    service = await startListingService(fewRecords('Office'));
    services = createTestServices(dataDir);
  });
  afterEach(async () => {
    await services.stop();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('added without a copy: none is made, and the screen says none is kept', async () => {
    const conn = await services.handlers['connections.add']({
      name: 'Private',
      baseUrl: service.baseUrl,
      apiKey: KEY,
      keepCopy: false,
    });
    await services.handlers['connections.switch']({ id: conn.id });
    // A copy, had one been started, ends before this does: by then its listings would have arrived.
    await services.offlineCopy.whenIdle(conn.id);
    expect(service.requests.filter((r) => r.path.includes('limit='))).toEqual([]);
    expect(await services.handlers['offlineCopy.status']({})).toMatchObject({
      keepCopy: false,
      state: 'idle',
    });
  });

  it('added as most are: its first copy is made by itself', async () => {
    const conn = await services.handlers['connections.add']({
      name: 'Office',
      baseUrl: service.baseUrl,
      apiKey: KEY,
    });
    await services.handlers['connections.switch']({ id: conn.id });
    expect((await services.offlineCopy.whenIdle(conn.id)).state).toBe('done');
    expect(services.offlineCopy.status(conn.id).keepCopy).toBe(true);
    expect(service.requests.filter((r) => r.path.includes('limit=')).length).toBeGreaterThan(0);
  });
});
