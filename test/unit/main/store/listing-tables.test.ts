// Each listing of the offline copy in a table of its own: records are stored with no index to keep
// up, the indexes are built one per step once the listing is complete (or all at once when it is
// swapped in), a replaced or forgotten listing leaves no table behind, and a table no listing names
// (its connection removed while another process held the file) is dropped when the store opens.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { COLLECTION_FILTERS } from '../../../../src/shared/service';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { ROWS_PREFIX, rowsIndex, rowsTable } from '../../../../src/main/store/offline-copy/listing-tables';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

const LEASE_INDEXES = 1 + Object.keys(COLLECTION_FILTERS.leases).length;

let temp: TempStore;
let store: Store;

beforeEach(() => {
  temp = tempStore('listing-tables');
  store = temp.store;
});
afterEach(() => {
  store.close(); // the test may have opened the file again
  temp.close();
});

const lease = (i: number) => ({
  id: `lea_${i}`,
  status: i % 3 ? 'active' : 'ended',
  tenant_id: `ten_${i % 4}`,
});
const tables = () =>
  store.db
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB '${ROWS_PREFIX}*'`)
    .pluck()
    .all() as string[];
const indexesOf = (listing: number) =>
  store.db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ?")
    .pluck()
    .all(rowsTable(listing)) as string[];

function storeLeases(count: number): number {
  const copies = store.offlineCopies;
  const listing = copies.beginListing('c1', 'leases', new Date().toISOString());
  copies.storePage(
    'c1',
    'leases',
    listing,
    Array.from({ length: count }, (_, i) => lease(i)),
    null,
  );
  return listing;
}

describe('a table of records per listing', () => {
  it('stores a listing without indexes, then builds them one per step', () => {
    const listing = storeLeases(30);
    expect(tables()).toEqual([rowsTable(listing)]);
    expect(indexesOf(listing)).toEqual([]);
    // One index by record ID and one by each list filter of leases, one built by each step.
    const built: number[] = [];
    for (let more = true; more;) {
      more = store.offlineCopies.indexStep(listing);
      built.push(indexesOf(listing).length);
    }
    expect(built).toEqual(Array.from({ length: LEASE_INDEXES }, (_, i) => i + 1));
    expect(indexesOf(listing).sort()).toEqual(
      ['by_id', 'end_date', 'status', 'tenant_id', 'unit_id'].map((n) => rowsIndex(listing, n)),
    );
    expect(store.offlineCopies.indexStep(listing)).toBe(false);

    store.offlineCopies.finishListing('c1', 'leases', listing);
    const page = new OfflineReader(store.offlineCopies).list(
      'c1',
      'leases',
      { tenant_id: 'ten_1' },
      undefined,
      3,
    );
    expect(page.data.map((r) => r.id)).toEqual(['lea_1', 'lea_5', 'lea_9']);
  });

  it('swapping in a listing builds what is missing and drops the copy it replaces, table and all', () => {
    const first = storeLeases(10);
    store.offlineCopies.finishListing('c1', 'leases', first);
    expect(indexesOf(first)).toHaveLength(LEASE_INDEXES);
    const second = storeLeases(4);
    store.offlineCopies.indexStep(second);
    store.offlineCopies.finishListing('c1', 'leases', second);
    expect(tables()).toEqual([rowsTable(second)]);
    expect(indexesOf(second)).toHaveLength(LEASE_INDEXES);
    expect(store.offlineCopies.records('c1', 'leases')).toEqual([0, 1, 2, 3].map(lease));
    // A reader still holding the replaced listing's key finds nothing rather than failing.
    expect(store.offlineCopies.json(first, 0)).toBeUndefined();

    store.offlineCopies.forget('c1');
    expect(tables()).toEqual([]);
  });

  it('drops, when the store opens, a table no listing names', () => {
    const stray = storeLeases(5);
    // As when another process removed the connection: its listing rows went by cascade, the table stayed.
    store.db.prepare('DELETE FROM offline_copy_listings WHERE listing = ?').run(stray);
    const file = store.file;
    store.close();
    store = openStore(file);
    expect(tables()).toEqual([]);
  });
});
