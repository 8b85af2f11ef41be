// The offline copy against a real sandbox over HTTP and a real SQLite file: injected faults and a rate
// limit still give exactly the records a clean listing gives; an interrupted update resumes from its
// stored cursor; a cursor the service no longer accepts restarts that collection cleanly; cancel keeps
// the earlier copy in use; "keep no copy", "forget" and removing the connection delete the data.
import { afterEach, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../../src/shared/service';
import type { OfflineCopyStatus } from '../../../../src/shared/portfolio';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { ROWS_PREFIX, SEARCH_PREFIX } from '../../../../src/main/store/offline-copy/listing-tables';

let fx: OfflineCopyFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const count = (f: OfflineCopyFixture, sql: string, ...args: unknown[]) =>
  (f.services.store.db.prepare(sql).get(...args) as { n: number }).n;

/** Records stored in every listing's table (of one collection when given), whatever listing row names them. */
function storedRows(f: OfflineCopyFixture, collection?: string): number {
  const { db } = f.services.store;
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{
    name: string;
  }>;
  return tables
    .map((t) => new RegExp(`^${ROWS_PREFIX}(\\d+)$`).exec(t.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .filter(
      (m) =>
        collection === undefined ||
        db
          .prepare('SELECT collection FROM offline_copy_listings WHERE listing = ?')
          .pluck()
          .get(Number(m[1])) === collection,
    )
    .reduce((sum, m) => sum + count(f, `SELECT count(*) AS n FROM ${m[0]}`), 0);
}

describe('offline-copy', () => {
  it('with injected faults and a rate limit stores exactly what a clean listing gives, in order', async () => {
    const events: OfflineCopyStatus[] = [];
    fx = await offlineCopyFixture(
      { failRate: 0.15, rateLimit: 40, latencyMs: 1, seed: 7 },
      {
        emit: (event, payload) =>
          void (event === 'offlineCopy.progress' && events.push(payload as OfflineCopyStatus)),
      },
    );
    await offlineCopyToEnd(fx.services);
    const status = fx.services.offlineCopy.status();
    expect(status.state).toBe('done');
    for (const collection of COLLECTIONS) {
      const expected = await cleanListing(fx.sandbox.baseUrl, fx.key, collection);
      const stored = fx.services.store.offlineCopies.records(fx.connectionId, collection);
      expect(stored, collection).toEqual(expected);
      const entry = status.collections.find((c) => c.collection === collection)!;
      expect(entry.count).toBe(expected.length);
      expect(entry.asOf).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(entry.pending).toBeNull();
    }
    // Progress was reported along the way and only ever moved forward within a run.
    const running = events.filter((e) => e.state === 'running');
    expect(running.length).toBeGreaterThan(3);
    expect(events.at(-1)!.state).toBe('done');
    expect(events.at(-1)!.progress).toBe(1);
  });

  it('resumes after a failure from the stored cursor, without starting the collection again', async () => {
    const requests: string[] = [];
    let paymentsPages = 0;
    let broken = true;
    const fetchWithOutage: typeof fetch = async (input, init) => {
      const url = String(input);
      requests.push(url);
      if (url.includes('/api/v1/payments') && broken && ++paymentsPages > 5)
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return fetch(input, init);
    };
    fx = await offlineCopyFixture({ seed: 3 }, { fetch: fetchWithOutage });
    fx.services.offlineCopy.start();
    const failed = await fx.services.offlineCopy.whenIdle();
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(/payments/);
    expect(failed.message).toMatch(/continues from where it stopped/);
    const pending = failed.collections.find((c) => c.collection === 'payments')!.pending!;
    expect(pending.fetched).toBe(500);
    expect(pending.resumable).toBe(true);
    // Collections finished before the outage are complete copies already.
    expect(failed.collections.find((c) => c.collection === 'leases')!.asOf).not.toBeNull();
    const stored = fx.services.store.offlineCopies.state(fx.connectionId, 'payments')!;
    expect(stored.stagingCursor).toBeTruthy();

    broken = false;
    requests.length = 0;
    fx.services.offlineCopy.start();
    const done = await fx.services.offlineCopy.whenIdle();
    expect(done.state).toBe('done');
    const payments = requests.filter((u) => u.includes('/api/v1/payments'));
    expect(new URL(payments[0]!).searchParams.get('cursor')).toBe(stored.stagingCursor);
    expect(payments.filter((u) => !u.includes('cursor=')).length).toBe(0);
    // Collections already complete were listed again only because this is a new run over all of them.
    for (const collection of COLLECTIONS) {
      expect(fx.services.store.offlineCopies.records(fx.connectionId, collection), collection).toEqual(
        await cleanListing(fx.sandbox.baseUrl, fx.key, collection),
      );
    }
  });

  it('restarts a collection cleanly when the service no longer accepts its stored cursor, and says so', async () => {
    let broken = true;
    let pages = 0;
    fx = await offlineCopyFixture(
      { seed: 5 },
      {
        fetch: async (input, init) => {
          if (String(input).includes('/api/v1/leases') && broken && ++pages > 2)
            throw new TypeError('fetch failed');
          return fetch(input, init);
        },
      },
    );
    fx.services.offlineCopy.start();
    expect((await fx.services.offlineCopy.whenIdle()).state).toBe('failed');
    // The cursor expired meanwhile (here: it is no longer one the service issued).
    fx.services.store.db
      .prepare(
        "UPDATE offline_copy_collections SET staging_cursor = 'c1.expired.x' WHERE collection = 'leases'",
      )
      .run();
    broken = false;
    fx.services.offlineCopy.start();
    const done = await fx.services.offlineCopy.whenIdle();
    expect(done.state).toBe('done');
    expect(done.notes.join(' ')).toMatch(/no longer accepted.*leases were fetched again from the start/);
    expect(fx.services.store.offlineCopies.records(fx.connectionId, 'leases')).toEqual(
      await cleanListing(fx.sandbox.baseUrl, fx.key, 'leases'),
    );
    // Nothing of the abandoned listing is left behind.
    expect(storedRows(fx, 'leases')).toBe(done.collections.find((c) => c.collection === 'leases')!.count);
  });

  it('cancel stops at once and keeps the copy in use; a later update completes it', async () => {
    fx = await offlineCopyFixture({ seed: 2, latencyMs: 15 });
    await offlineCopyToEnd(fx.services);
    const before = fx.services.store.offlineCopies.records(fx.connectionId, 'payments');
    const firstState = fx.services.store.offlineCopies.state(fx.connectionId, 'payments')!;
    // A record added in the service shows after a refresh, not before.
    const sample = before[0]!;
    fx.sandbox.control.createRecord('payments', 'org_demo', { ...sample, id: undefined, status: 'pending' });

    fx.services.offlineCopy.start();
    // Cancelled in the middle of the payments listing, some pages into it.
    await expect.poll(() => fx!.services.offlineCopy.status().current).toBe('payments');
    const atStart = fx.services.offlineCopy.status().fetched;
    await expect.poll(() => fx!.services.offlineCopy.status().fetched).toBeGreaterThan(atStart + 100);
    const cancelled = await fx.services.offlineCopy.cancel();
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.message).toMatch(/the copy stays in use/);
    // The copy in use stays, as complete as it was: no second listing, the same records.
    const stopped = fx.services.store.offlineCopies.state(fx.connectionId, 'payments')!;
    expect([stopped.liveListing, stopped.asOf, stopped.stagingListing]).toEqual([
      firstState.liveListing,
      firstState.asOf,
      null,
    ]);
    expect(fx.services.store.offlineCopies.records(fx.connectionId, 'payments')).toEqual(before);
    const offline = await fx.services.handlers['collections.list']({
      collection: 'payments',
      filters: {},
      limit: 5,
    });
    expect(offline.data.length).toBe(5);

    await offlineCopyToEnd(fx.services);
    const after = fx.services.store.offlineCopies.records(fx.connectionId, 'payments');
    expect(after).toEqual(await cleanListing(fx.sandbox.baseUrl, fx.key, 'payments'));
    const secondAsOf = fx.services.offlineCopy
      .status()
      .collections.find((c) => c.collection === 'payments')!.asOf;
    expect(secondAsOf! > firstState.asOf!).toBe(true);
  });

  it('keep no copy refuses to update and deletes the copy; forget deletes it; removing the connection clears it', async () => {
    fx = await offlineCopyFixture({ seed: 4 });
    await offlineCopyToEnd(fx.services);
    // The fixture's connection is the only one with a copy, so every stored record and search entry
    // is its own. Records without text (payments: amounts, dates, IDs, a status) have no entry.
    const rows = () => storedRows(fx!);
    const searchEntries = () =>
      (
        fx!.services.store.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{
          name: string;
        }>
      )
        .filter((t) => new RegExp(`^${SEARCH_PREFIX}\\d+$`).test(t.name))
        .reduce((sum, t) => sum + count(fx!, `SELECT count(*) AS n FROM ${t.name}`), 0);
    expect(rows()).toBeGreaterThan(1000);
    expect(searchEntries()).toBeGreaterThan(100);

    const off = await fx.services.handlers['offlineCopy.setKeepCopy']({ keep: false });
    expect(off.keepCopy).toBe(false);
    expect(rows()).toBe(0);
    expect(searchEntries()).toBe(0);
    expect(off.collections.every((c) => c.asOf === null && c.count === 0)).toBe(true);
    expect(() => fx!.services.offlineCopy.start()).toThrow(/keep no offline copy/);

    await fx.services.handlers['offlineCopy.setKeepCopy']({ keep: true });
    await offlineCopyToEnd(fx.services);
    expect(rows()).toBeGreaterThan(1000);
    const forgotten = await fx.services.handlers['offlineCopy.forget']({});
    expect(forgotten.keepCopy).toBe(true);
    expect(rows()).toBe(0);
    expect(searchEntries()).toBe(0);
    expect(
      count(
        fx,
        'SELECT count(*) AS n FROM offline_copy_collections WHERE connection_id = ?',
        fx.connectionId,
      ),
    ).toBe(0);

    await offlineCopyToEnd(fx.services);
    expect(searchEntries()).toBeGreaterThan(100);
    await fx.services.connections.remove(fx.connectionId);
    expect(rows()).toBe(0);
    expect(searchEntries()).toBe(0);
    for (const table of ['offline_copy_listings', 'offline_copy_collections', 'offline_copy_settings'])
      expect(
        count(fx, `SELECT count(*) AS n FROM ${table} WHERE connection_id = ?`, fx.connectionId),
        table,
      ).toBe(0);
  });
});
