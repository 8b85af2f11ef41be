// A key belongs to the server it was entered for, through the app's own wiring and keytar's loading
// seam: a client made for one server never obtains another server's key, whatever the timing; a
// keychain that refuses a write or a delete is recorded in the database, never read stale (a restart
// never sends the old server's key to the new one), retried, and said as it is; and keys an older
// PropDesk stored under the connection alone move once to their server's place, waiting, in words,
// while the keychain is locked. Small services on 127.0.0.1 count which key reached which server.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { ServiceClient } from '../../../../src/main/connections/types';
import { createKeychainSecretStore } from '../../../../src/main/secrets/create-secret-store';
import { MIGRATIONS } from '../../../../src/main/store/migrations/migrations';
import { migrate } from '../../../../src/main/store/migrations/migrate';
import { registerSqlFunctions } from '../../../../src/main/store/sql-functions';
import { fewRecords, startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';
import { refusingKeychain } from '../../../support/refusing-keychain';
import type { RefusingKeychain } from '../../../support/refusing-keychain';
import { createTestServices, portRecord } from '../../../support/test-services';
import type { PortRecord } from '../../../support/test-services';
import { patiently } from '../../../support/patience';

const KEY_A = 'pdk_ServerAKeyAAAAAAAAAAAAAAAAAAAA';
const KEY_B = 'pdk_ServerBKeyBBBBBBBBBBBBBBBBBBBB';
const KEY_C = 'pdk_ReplacedKeyCCCCCCCCCCCCCCCCCCC';

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as { code?: string; message: string } }),
  );

describe('the key belongs to the server', () => {
  let dataDir: string;
  let a: ListingService;
  let b: ListingService;
  let keychain: RefusingKeychain;
  let services: AppServices;
  let record: PortRecord;

  const start = () =>
    createTestServices(dataDir, { secrets: createKeychainSecretStore({ load: keychain.load }) }, record);
  const restart = async () => {
    await services.stop();
    services = start();
  };
  const connectionNamed = async (name: string) =>
    (await services.connections.list()).connections.find((c) => c.name === name)!;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-keys-'));
    [a, b] = await Promise.all([startListingService(fewRecords('A')), startListingService(fewRecords('B'))]);
    keychain = refusingKeychain();
    record = portRecord();
    services = start();
  });
  afterEach(async () => {
    keychain.release();
    await services.stop();
    await Promise.all([a.close(), b.close()]);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('a client made for the old server while a move is saved never carries the new server’s key', async () => {
    const { connections, clients } = services;
    const conn = await connections.add({ name: 'Office', baseUrl: a.baseUrl, apiKey: KEY_A });
    keychain.hold();
    const writes = () => keychain.calls.filter((call) => call.startsWith('set ')).length;
    const written = writes();
    const moving = connections.update({ id: conn.id, baseUrl: b.baseUrl, apiKey: KEY_B });
    // Another edit of the same connection while the new key waits for the keychain.
    const renaming = connections.update({ id: conn.id, name: 'Office (new)' });
    await vi.waitFor(() => expect(writes()).toBeGreaterThan(written), patiently);
    let early: ServiceClient | undefined;
    try {
      early = clients.clientFor(conn.id);
    } catch {
      // No client while the change is being saved: what the rule asks.
    }
    keychain.release();
    await Promise.all([moving, renaming]);
    if (early) await settle(early.list('leases', {}));
    await settle(clients.clientFor(conn.id).list('leases', {}));
    expect(a.withKey(KEY_B)).toBe(0);
    expect(b.withKey(KEY_A)).toBe(0);
    expect(b.withKey(KEY_B)).toBe(1);
    expect(await connectionNamed('Office (new)')).toMatchObject({ baseUrl: b.baseUrl });
  });

  it('a refused write of the new server’s key is said as it is, and after a restart the old key never goes to the new server', async () => {
    const conn = await services.connections.add({ name: 'Office', baseUrl: a.baseUrl, apiKey: KEY_A });
    keychain.refuseWrites = true;
    await services.connections.update({ id: conn.id, baseUrl: b.baseUrl, apiKey: KEY_B });
    // This session the new key is used, for the new server only.
    await services.clients.clientFor(conn.id).list('leases', {});
    expect(b.withKey(KEY_B)).toBe(1);
    const listed = await services.connections.list();
    expect(listed.connections.find((c) => c.id === conn.id)).toMatchObject({ keyState: 'session' });
    expect(listed.keychain.persistent).toBe(false);
    expect(listed.keychain.problem).toMatch(/used until you quit/);
    expect(listed.keychain.problem).not.toMatch(/kept only until you quit/);

    keychain.refuseWrites = false;
    keychain.locked = false;
    // The keychain works again, but the app quits before using it.
    await restart();
    const outcome = await settle(services.clients.clientFor(conn.id).list('leases', {}));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'no_api_key' } });
    expect(b.withKey(KEY_A)).toBe(0);
    expect(a.withKey(KEY_B)).toBe(0);
    expect(await connectionNamed('Office')).toMatchObject({ hasKey: false, keyState: 'lost' });
    // Entering it again stores it, and the connection works.
    await services.connections.update({ id: conn.id, apiKey: KEY_B });
    await services.clients.clientFor(conn.id).list('leases', {});
    expect(b.withKey(KEY_B)).toBe(2);
    expect(await connectionNamed('Office')).toMatchObject({ hasKey: true, keyState: 'stored' });
  });

  it('a replaced key the keychain refused to store is never read stale after a restart, and the stale one is deleted', async () => {
    const conn = await services.connections.add({ name: 'Office', baseUrl: a.baseUrl, apiKey: KEY_A });
    keychain.refuseWrites = true;
    await services.connections.update({ id: conn.id, apiKey: KEY_C });
    await services.clients.clientFor(conn.id).list('leases', {});
    expect(a.withKey(KEY_C)).toBe(1);
    keychain.refuseWrites = false;
    await restart();
    const outcome = await settle(services.clients.clientFor(conn.id).list('leases', {}));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'no_api_key' } });
    expect(a.withKey(KEY_A)).toBe(0);
    await vi.waitFor(() => expect([...keychain.held.values()]).not.toContain(KEY_A), patiently);
  });

  it('a refused delete is recorded, said, and retried at the next keychain use and at the next start', async () => {
    const first = await services.connections.add({ name: 'First', baseUrl: a.baseUrl, apiKey: KEY_A });
    const second = await services.connections.add({ name: 'Second', baseUrl: b.baseUrl, apiKey: KEY_B });
    keychain.refuseDeletes = true;
    await services.connections.remove(first.id);
    await services.connections.remove(second.id);
    expect([...keychain.held.values()]).toEqual([KEY_A, KEY_B]);
    const listed = await services.connections.list();
    expect(listed.keychain).toMatchObject({ undeleted: 2 });
    expect(listed.keychain.problem).toMatch(/couldn’t delete 2 API keys/);

    // Still refused at the next start: still kept in mind and said.
    await restart();
    expect(keychain.held.size).toBe(2);
    expect((await services.connections.list()).keychain).toMatchObject({ undeleted: 2 });
    // The keychain works again: the next start deletes them.
    keychain.refuseDeletes = false;
    await restart();
    await vi.waitFor(() => expect(keychain.held.size).toBe(0), patiently);
    expect((await services.connections.list()).keychain).toMatchObject({ persistent: true, undeleted: 0 });
  });

  it('a refused delete is retried when the keychain is next used', async () => {
    const conn = await services.connections.add({ name: 'Gone', baseUrl: a.baseUrl, apiKey: KEY_A });
    keychain.refuseDeletes = true;
    await services.connections.remove(conn.id);
    keychain.refuseDeletes = false;
    await services.connections.add({ name: 'Next', baseUrl: b.baseUrl, apiKey: KEY_B });
    expect([...keychain.held.values()]).toEqual([KEY_B]);
    expect((await services.connections.list()).keychain).toMatchObject({ undeleted: 0 });
  });

  it('keys an older PropDesk stored under the connection alone move once to their server, waiting in words while the keychain is locked', async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    // A database of schema version 8 with a connection whose key is stored under its ID alone.
    mkdirSync(dataDir);
    const older = new Database(join(dataDir, 'propdesk.sqlite'));
    registerSqlFunctions(older);
    migrate(
      older,
      MIGRATIONS.filter((m) => m.version <= 8),
      () => new Date(),
    );
    older
      .prepare(
        `INSERT INTO connections (id, name, base_url, web_origin, kind, created_at, updated_at)
         VALUES ('c1', 'Older', ?, NULL, 'remote', '2025-05-01', '2025-05-01')`,
      )
      .run(a.baseUrl);
    older.close();
    keychain.held.set('c1', KEY_A);
    keychain.locked = true;
    // Asked whether the moved key is current, the user keeps it.
    record.answers.push(true);
    services = start();
    const locked = await settle(services.clients.clientFor('c1').list('leases', {}));
    expect(locked).toMatchObject({ ok: false, error: { code: 'no_api_key' } });
    expect(locked.ok ? '' : locked.error.message).toMatch(/keychain.*unlock/i);
    expect(a.requests).toHaveLength(0);
    expect(await connectionNamed('Older')).toMatchObject({ keyState: 'unavailable' });

    keychain.locked = false;
    await services.clients.clientFor('c1').list('leases', {});
    expect(a.withKey(KEY_A)).toBe(1);
    expect([...keychain.held.keys()]).toEqual([`c1@${a.baseUrl}`]);
    await restart();
    keychain.calls.length = 0;
    await services.clients.clientFor('c1').list('leases', {});
    expect(a.withKey(KEY_A)).toBe(2);
    expect(keychain.calls).not.toContain('get c1');
  });

  /** A database of schema version 8 holding a remote connection whose key is kept under its ID alone. */
  function olderDatabase(): void {
    mkdirSync(dataDir);
    const older = new Database(join(dataDir, 'propdesk.sqlite'));
    registerSqlFunctions(older);
    migrate(
      older,
      MIGRATIONS.filter((m) => m.version <= 8),
      () => new Date(),
    );
    older
      .prepare(
        `INSERT INTO connections (id, name, base_url, web_origin, kind, created_at, updated_at)
         VALUES ('c1', 'Older', ?, NULL, 'remote', '2025-05-01', '2025-05-01')`,
      )
      .run(a.baseUrl);
    older.close();
  }

  it('a key an earlier PropDesk kept is confirmed once: declined, it is deleted and never sent; a new connection is not asked', async () => {
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
    olderDatabase();
    // A key replaced long ago, which the old keychain fault left in place.
    keychain.held.set('c1', KEY_C);
    services = start();
    await vi.waitFor(() => expect(record.questions).toHaveLength(1), patiently);
    expect(record.questions[0]).toMatchObject({
      message: expect.stringMatching(/API key PropDesk keeps for “Older” still the current key/),
      confirm: 'Keep this key',
      cancel: 'Enter the key again',
    });
    await vi.waitFor(() => expect([...keychain.held.keys()]).toEqual([]), patiently);
    const refused = await settle(services.clients.clientFor('c1').list('leases', {}));
    expect(refused).toMatchObject({ ok: false, error: { code: 'no_api_key' } });
    expect(a.withKey(KEY_C)).toBe(0);
    const added = await services.connections.add({ name: 'New', baseUrl: b.baseUrl, apiKey: KEY_B });
    await restart();
    await services.clients.clientFor(added.id).list('leases', {});
    // Asked once: not again at the next start, and never about a connection made since.
    expect(record.questions).toHaveLength(1);
  });
});
