// What the window asks of main in one call, through the real dispatcher, handlers and services
// against a sandbox over HTTP: a new draft made with its first change either exists with that change
// or not at all, and an import's records are read again by main in a single call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { createDispatcher } from '../../../../src/main/ipc/dispatch';
import type { Dispatcher } from '../../../../src/main/ipc/dispatch';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices } from '../../../support/test-services';

const trusted = { isMainFrame: true, url: 'file:///app/index.html' };
type Answer = { ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string } };

describe('drafting in one call', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let services: AppServices;
  let dispatcher: Dispatcher;
  const call = async (channel: string, args: unknown = {}) =>
    (await dispatcher.dispatch(trusted, channel, args)) as Answer;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-one-call-'));
    services = createTestServices(dataDir);
    dispatcher = createDispatcher(
      services.handlers,
      (s) => s === trusted,
      services.mapError,
      services.logger,
    );
    const added = await call('connections.add', {
      name: 'Office',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
    });
    await call('connections.switch', { id: String(added.data!.id) });
  });

  afterAll(async () => {
    await services.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  const leases = async () =>
    ((await call('collections.list', { collection: 'leases', limit: 3 })).data!.data as Array<
      Record<string, unknown> & { id: string }
    >) ?? [];
  const draftCount = async () => ((await call('drafts.list')).data!.drafts as unknown[]).length;

  it('a refused change leaves no empty draft behind', async () => {
    const [lease] = await leases();
    const before = await draftCount();
    // A snapshot with a field name longer than any record's: the change is refused as a whole.
    const refused = await call('drafts.create', {
      label: 'Changes to a lease',
      changes: [
        {
          operation: 'update',
          resourceType: 'lease',
          resourceId: lease!.id,
          fields: {},
          snapshot: { ...lease, ['x'.repeat(200)]: 1 },
        },
      ],
    });
    expect(refused.ok).toBe(false);
    expect(await draftCount()).toBe(before);

    const made = await call('drafts.create', {
      label: 'Changes to a lease',
      changes: [
        { operation: 'update', resourceType: 'lease', resourceId: lease!.id, fields: {}, snapshot: lease },
      ],
    });
    expect(made.ok).toBe(true);
    expect(made.data!.changeCount).toBe(1);
    expect(await draftCount()).toBe(before + 1);
  });

  it('reads the records an import names in one call: as read now, or missing', async () => {
    const [a, b] = await leases();
    const answer = await call('drafts.readCurrent', {
      resourceType: 'lease',
      ids: [a!.id, 'lease_does_not_exist', b!.id],
    });
    expect(answer.ok).toBe(true);
    expect(answer.data!.records).toEqual([
      { id: a!.id, state: 'read', record: a },
      { id: 'lease_does_not_exist', state: 'missing' },
      { id: b!.id, state: 'read', record: b },
    ]);
  });
});
