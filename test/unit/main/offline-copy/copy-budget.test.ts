// The offline copy's budget against a service whose listing never ends: a small server on 127.0.0.1
// whose payments' positions lead on for ever. An update of a copy already complete stops at the
// budget with the plain message, reads no further, keeps what it landed (thousands of records, each
// noted for "since you last looked") marked as from a pass that did not finish, and leaves payments complete as of their last complete update; a first copy of an
// endless collection stops there too, and the listing waits to continue with what it read.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import type { CopyBudget } from '../../../../src/main/offline-copy/copy-budget';
import { budgetWords } from '../../../../src/main/offline-copy/copy-budget';
import { databaseFile } from '../../../../src/main/app/app-services';
import type { Collection } from '../../../../src/shared/service';
import { startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';
import { createTestServices } from '../../../support/test-services';

const BUDGET: CopyBudget = {
  collection: { records: 6_000, bytes: 1024 ** 3 },
  total: { records: 100_000, bytes: 1024 ** 3 },
};
const PAGE = 100;

/** Three pages of each collection, then the end; payments without end while `endless` holds it. */
function service(endless: Set<string>) {
  return startListingService((collection, cursor) => {
    const n = cursor ? Number(cursor.slice(1)) : 0;
    const more = endless.has(collection) || n < 2;
    return {
      data: Array.from({ length: PAGE }, (_, i) => ({
        id: `${collection}-${n}-${i}`,
        amount: 100,
        name: `Record ${n}-${i}`,
      })),
      nextCursor: more ? `c${n + 1}` : null,
      hasMore: more,
    };
  });
}

let services: AppServices | undefined;
let listing: ListingService | undefined;
let dataDir = '';

async function connect(endless: Set<string>): Promise<string> {
  listing = await service(endless);
  dataDir = mkdtempSync(join(tmpdir(), 'propdesk-budget-'));
  services = createTestServices(dataDir, { copyBudget: BUDGET });
  const conn = await services.connections.add({
    name: 'Endless',
    baseUrl: listing.baseUrl,
    apiKey: 'pdk_EndlessServiceKey0000000000000',
  });
  services.store.offlineCopies.setKeepCopy(conn.id, false);
  await services.connections.switchTo(conn.id);
  services.store.offlineCopies.setKeepCopy(conn.id, true);
  return conn.id;
}

async function update() {
  services!.offlineCopy.start();
  return services!.offlineCopy.whenIdle();
}

const requestsFor = (collection: Collection) =>
  listing!.requests.filter((r) => r.path.startsWith(`/api/v1/${collection}?`)).length;

afterEach(async () => {
  await services?.stop();
  await listing?.close();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  services = undefined;
  listing = undefined;
});

describe("the offline copy's budget", () => {
  it('stops an update of a complete copy at the budget, says so, and keeps the copy complete as it was', async () => {
    const endless = new Set<string>();
    const connectionId = await connect(endless);
    const first = await update();
    expect(first.state).toBe('done');
    const before = first.collections.find((c) => c.collection === 'payments')!;
    expect(before.count).toBe(300);
    expect(first.budget).toBe(budgetWords(BUDGET));

    endless.add('payments');
    const asked = requestsFor('payments');
    const after = await update();

    expect(after.state).toBe('failed');
    expect(after.message).toContain('The offline copy stopped reading payments');
    expect(after.message).toContain('more than 6,000 payments');
    expect(after.message).toContain('The copy keeps what it had');
    // It read no further than the budget: the three pages it had, 57 new ones fill it, the next
    // is refused (and one more may have been on its way).
    expect(requestsFor('payments') - asked).toBeLessThanOrEqual(62);
    const payments = after.collections.find((c) => c.collection === 'payments')!;
    // Complete as of its last complete update; what this one landed is there, within the budget.
    expect(payments.asOf).toBe(before.asOf);
    expect(payments.count).toBe(6_000);
    // The other collections' passes ended: they are complete as of this update.
    const tenants = after.collections.find((c) => c.collection === 'tenants')!;
    expect(tenants.asOf! > before.asOf!).toBe(true);

    // What the stopped pass added counts as from a pass that did not finish.
    await services!.stop();
    services = undefined;
    const db = new Database(databaseFile(dataDir), { readonly: true });
    try {
      const unsettled = db
        .prepare<[string], { settled: number; n: number }>(
          `SELECT settled, COUNT(*) AS n FROM since_changes
           WHERE connection_id = ? AND collection = 'payments' GROUP BY settled`,
        )
        .all(connectionId);
      expect(unsettled).toEqual([{ settled: 0, n: 5_700 }]);
    } finally {
      db.close();
    }
  });

  it('stops a first copy of an endless collection at the budget; the others come into use', async () => {
    await connect(new Set(['units']));
    const status = await update();

    expect(status.state).toBe('failed');
    expect(status.message).toContain('The offline copy stopped reading units');
    const units = status.collections.find((c) => c.collection === 'units')!;
    expect(units.asOf).toBeNull();
    expect(units.pending).toMatchObject({ resumable: true });
    expect(units.pending!.fetched).toBeLessThanOrEqual(6_000);
    expect(requestsFor('units')).toBeLessThanOrEqual(62);
    for (const c of status.collections.filter((c) => c.collection !== 'units')) {
      expect(c.asOf).not.toBeNull();
      expect(c.count).toBe(300);
    }
  });
});
