// The offline copy is made without asking when a connection is first used, unless the user chose to
// keep none; and Today on a service that speaks another contract (Lakeside: its own field names,
// money in minor units) reads it through that contract.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { startLakesideService } from '../../../support/lakeside-service';
import type { LakesideService } from '../../../support/lakeside-service';
import { createTestServices } from '../../../support/test-services';
import { cleanListing } from '../../../support/offline-copy-fixture';

let dataDir: string;
let services: AppServices;
let lakeside: LakesideService;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-first-copy-'));
  lakeside = await startLakesideService();
  services = createTestServices(dataDir, {}, undefined, { demoCopy: true });
});

afterAll(async () => {
  await services.stop();
  await lakeside.close();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

describe('the first offline copy', () => {
  it('is being made for the demo organisation as soon as the app starts, and Today fills in when it is done', async () => {
    expect(services.offlineCopy.status().state).toBe('running');
    const during = await services.handlers['portfolio.today']({});
    expect(during.sample).toBe(true);
    const done = await services.offlineCopy.whenIdle();
    expect(done.state).toBe('done');
    const after = await services.handlers['portfolio.today']({});
    expect(after.missing).toEqual([]);
    expect(after.latePayments!.count).toBeGreaterThan(0);
    expect(after.unverifiedDocuments).toBeGreaterThan(0);
  });

  it('is made for a connection when it is first used, and Today reads it through that contract', async () => {
    const connection = await services.connections.add({
      name: 'Lakeside',
      baseUrl: lakeside.baseUrl,
      apiKey: lakeside.apiKey,
    });
    await services.connections.switchTo(connection.id);
    expect(services.offlineCopy.status().state).toBe('running');
    expect((await services.offlineCopy.whenIdle()).state).toBe('done');

    const t = await services.handlers['portfolio.today']({});
    expect(t.sample).toBe(false);
    expect(t.missing).toEqual([]);
    const unverified = await cleanListing(lakeside.baseUrl, lakeside.apiKey, 'documents', {
      is_verified: 'false',
    });
    expect(unverified.length).toBeGreaterThan(0);
    expect(t.unverifiedDocuments).toBe(unverified.length);
    // Lakeside names its dates and priority otherwise; they are found by meaning, so every figure is
    // known (test/unit/main/portfolio/lakeside-views.test.ts checks each against the records).
    expect(t.endingLeases).not.toBeNull();
    expect(t.latePayments!.count).toBeGreaterThan(0);
    expect(t.urgentMaintenance).not.toBeNull();
    expect(t.notes.join(' ')).not.toMatch(/contract has no/);
  });

  it('is not made for a connection whose user chose to keep no copy', async () => {
    const connection = await services.connections.add({
      name: 'Lakeside, no copy',
      baseUrl: lakeside.baseUrl,
      apiKey: lakeside.apiKey,
    });
    services.store.offlineCopies.setKeepCopy(connection.id, false);
    await services.connections.switchTo(connection.id);
    expect(services.offlineCopy.status()).toMatchObject({ state: 'idle', keepCopy: false });
    const t = await services.handlers['portfolio.today']({});
    expect(t.unverifiedDocuments).toBeNull();
    expect(t.missing).toContain('documents');
  });
});
