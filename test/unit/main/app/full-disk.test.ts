// A full disk, made real with SQLite's max_page_count (the database may not grow by a page, so a write
// that needs one fails with SQLITE_FULL as on a full disk), through the real dispatcher: what the user
// did is answered as a full disk with what to do, never as a fault of PropDesk's or of the network,
// and deleting the offline copy still works and gives the room back.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices, windowCalls } from '../../../support/test-services';
import type { WindowAnswer } from '../../../support/test-services';
import { patiently } from '../../../support/patience';

function anyFileHolds(dir: string, text: string): boolean {
  return readdirSync(dir).some((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? anyFileHolds(path, text) : readFileSync(path).includes(text);
  });
}

describe('a full disk', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let services: AppServices;
  let call: ReturnType<typeof windowCalls>;
  const start = () => {
    services = createTestServices(dataDir);
    call = windowCalls(services);
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 7 });
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-full-disk-'));
    start();
  });
  afterAll(async () => {
    await services.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('says a write found the disk full and what to do; forgetting the copy still works and frees room', async () => {
    const added = await call('connections.add', {
      name: 'Office',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
    });
    const id = String(added.data!.id);
    await call('connections.switch', { id });
    await vi.waitFor(() => expect(services.offlineCopy.status(id).state).toBe('done'), patiently);
    const tenant = services.store.offlineCopies
      .records(id, 'tenants')
      .find((t) => typeof t.email === 'string')!;
    const email = String(tenant.email);
    const [lease] = services.store.offlineCopies.records(id, 'leases');
    const draft = (n: number) =>
      call('drafts.create', {
        label: `Draft ${n} ${'x'.repeat(150)}`,
        changes: [
          { operation: 'update', resourceType: 'lease', resourceId: lease!.id, fields: {}, snapshot: lease },
        ],
      });

    // No free page left and no room to grow: the database is as full as the disk would make it.
    const db = services.store.db;
    db.exec('VACUUM');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    let answer: WindowAnswer = { ok: true };
    for (let n = 0; answer.ok && n < 2_000; n++) answer = await draft(n);
    expect(answer.ok).toBe(false);
    expect(answer.error!.code).toBe('disk_full');
    expect(answer.error!.message).toMatch(/disk is full/);
    expect(answer.error!.message).toMatch(/Free some space/);
    expect(answer.error!.message).not.toMatch(/went wrong|online/i);

    const forgotten = await call('offlineCopy.forget');
    expect(forgotten.ok).toBe(true);
    expect(services.store.offlineCopies.records(id, 'tenants')).toEqual([]);
    // The room the copy took is the database's again: what failed now succeeds.
    expect((await draft(9_999)).ok).toBe(true);

    await services.stop();
    start();
    expect(anyFileHolds(dataDir, email)).toBe(false);
  });
});
