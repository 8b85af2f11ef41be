// A real SQLite store in a temporary folder, with one remote connection ("c1"), for tests of the
// offline copy's storage; and a collection's records stored as a complete copy, as an update stores them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/main/store/open-store';
import type { Store } from '../../src/main/store/open-store';
import type { Collection, ServiceRecord } from '../../src/shared/service';

export interface TempStore {
  store: Store;
  /** Deletes the store and its folder. */
  close(): void;
}

export function tempStore(name: string): TempStore {
  const dir = mkdtempSync(join(tmpdir(), `propdesk-${name}-`));
  const store = openStore(join(dir, 'propdesk.sqlite'));
  store.connections.insert({
    id: 'c1',
    name: 'Test',
    baseUrl: 'http://x.test',
    webOrigin: null,
    kind: 'remote',
  });
  return {
    store,
    close: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** Stores records as the complete copy of a collection in use; its listing number. */
export function storeListing(
  store: Store,
  connectionId: string,
  collection: Collection,
  records: readonly ServiceRecord[],
  asOf = new Date().toISOString(),
): number {
  const listing = store.offlineCopies.beginListing(connectionId, collection, asOf);
  store.offlineCopies.storePage(connectionId, collection, listing, records, null);
  store.offlineCopies.finishListing(connectionId, collection, listing);
  return listing;
}
