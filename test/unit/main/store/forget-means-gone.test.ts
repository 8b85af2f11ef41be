// Forgetting means gone, through the app's own wiring: after "Forget", "Keep no copy" and removing a
// connection, the scrub that follows (in a process of its own) and a restart, a tenant's email from
// that connection's offline copy is in no file of the data folder (database, its write-ahead log,
// copies moved aside). On a full disk the copy is deleted at once, the answer and the start-up notice
// say that its traces stay in the file for now, and the next start with room scrubs them once its
// window is shown, swapped in when it closes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { AppPorts } from '../../../../src/main/app/app-ports';
import { SCRUB_DEFERRED } from '../../../../src/main/store/scrub';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { filesHolding } from '../../../support/files-holding';
import { connectWithCopy, createTestServices } from '../../../support/test-services';

describe('forgetting means gone', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let services: AppServices;
  let connectionId: string;
  let email: string;

  const start = (overrides: Partial<AppPorts> = {}) => createTestServices(dataDir, overrides);
  const restart = async (overrides: Partial<AppPorts> = {}) => {
    // The scrub runs beside main; the quit swaps its file in.
    await services.store.scrubbed();
    await services.stop();
    services = start(overrides);
  };

  beforeAll(async () => {
    // Another seed than the demo organisation's, so its tenants are this connection's alone.
    sandbox = await startSandbox({ port: 0, seed: 7 });
  });
  afterAll(() => sandbox.close());

  /** A connection in use with a finished offline copy, and one of its tenants' emails. */
  async function withCopy(overrides: Partial<AppPorts> = {}): Promise<void> {
    services = start(overrides);
    connectionId = await connectWithCopy(services, {
      name: 'Office',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
    });
    const tenants = services.store.offlineCopies.records(connectionId, 'tenants');
    email = String(tenants.find((t) => typeof t.email === 'string')!.email);
    expect(filesHolding(dataDir, email).length).toBeGreaterThan(0);
  }

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-forget-'));
  });
  afterEach(async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('after "Forget" and a restart, no file of the data folder holds a forgotten tenant’s email', async () => {
    await withCopy();
    // A copy of the database moved aside as damaged holds the copy too.
    writeFileSync(join(dataDir, 'propdesk.sqlite.damaged-20250101T000000-000Z'), `damaged ${email}`);
    const status = await services.handlers['offlineCopy.forget']({});
    expect(status.message).not.toBe(SCRUB_DEFERRED);
    await restart();
    expect(filesHolding(dataDir, email)).toEqual([]);
  });

  it('after "Keep no copy" and a restart, none does', async () => {
    await withCopy();
    await services.handlers['offlineCopy.setKeepCopy']({ keep: false });
    await restart();
    expect(filesHolding(dataDir, email)).toEqual([]);
  });

  it('after removing the connection and a restart, none does', async () => {
    await withCopy();
    await services.handlers['connections.remove']({ id: connectionId });
    await restart();
    expect(filesHolding(dataDir, email)).toEqual([]);
  });

  it('on a full disk the copy goes at once, the traces at the next start with room, and PropDesk says so meanwhile', async () => {
    await withCopy();
    await restart({ freeSpace: () => 0 });
    const status = await services.handlers['offlineCopy.forget']({});
    expect(status.collections.every((c) => c.asOf === null)).toBe(true);
    expect(status.message).toBe(SCRUB_DEFERRED);
    expect((await services.handlers['app.info']({})).notices).toContainEqual({
      id: 'scrub-deferred',
      message: SCRUB_DEFERRED,
    });
    // Still no room at the next start: still said.
    await restart({ freeSpace: () => 0 });
    expect((await services.handlers['app.info']({})).notices.map((n) => n.id)).toContain('scrub-deferred');
    // Room again: scrubbed once the window is shown, swapped in at the quit.
    await restart();
    expect((await services.handlers['app.info']({})).notices).toEqual([]);
    await restart();
    expect(filesHolding(dataDir, email)).toEqual([]);
  });
});
