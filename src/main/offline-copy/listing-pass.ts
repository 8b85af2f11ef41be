// A collection listed again into the copy in use, in place: one unfiltered chain of pages read to its
// end, each page landed as it comes (records added and changed, in one transaction each, so a pass
// stopped half way keeps what it landed and nothing else). Only such a complete pass may find records
// gone, and only for the service to confirm: each ID the copy holds that the pass did not meet is read
// by ID, and taken out only when the service answers `not_found` (cursors are promised to skip nothing
// only while records are added); the IDs met are kept in SQLite, not in memory. Before each page
// lands, the copy's budget and the disk's room are checked: a pass stopped there keeps what it landed,
// still unsettled, and the copy stays complete as of its last complete pass. A read by ID that finds
// the record lands it instead; one that fails otherwise leaves it for the next pass. When every page
// landed, the copy is complete as of the pass's start.
import type { Collection } from '../../shared/service';
import { collectionWords } from '../../shared/service';
import { WHOLE_COLLECTION_CAPS, followPages, serviceName } from '../api/paging';
import { reread } from '../suggestions/live-check';
import type { ListingPassIds } from '../store/offline-copy/listing-pass-ids';
import type { CollectionCopy } from './collection-copy';
import { checkBudget } from './copy-budget';
import { checkRoom } from './disk-room';
import { pagesAhead } from './pages-ahead';

/** What a pass changed in the copy in use, by record ID (the first CHANGES_LISTED of each kind). */
export interface PassChanges {
  collection: Collection;
  added: string[];
  changed: string[];
  removed: string[];
}

/** Reads by ID of records a pass did not meet, asked at once; the scheduler paces them. */
const CONFIRM_AT_ONCE = 20;
/**
 * IDs a pass reports of each kind of change, at most: those who hear of it read the collection again
 * whole, so a pass over an endless listing keeps no list of everything it added.
 */
export const CHANGES_LISTED = 1_000;

const listed = (into: string[], ids: readonly string[]) =>
  into.push(...ids.slice(0, Math.max(0, CHANGES_LISTED - into.length)));

export async function passCollection(copy: CollectionCopy, collection: Collection): Promise<PassChanges> {
  const pass = copy.repo.pass(copy.connectionId, collection);
  try {
    const changes: PassChanges = { collection, added: [], changed: [], removed: [] };
    const startedAt = copy.now();
    await landPages(copy, collection, pass, changes);
    await confirmUnmet(copy, collection, pass, changes);
    copy.repo.markComplete(copy.connectionId, collection, startedAt);
    return changes;
  } finally {
    pass.end();
  }
}

/** Lands every page of the listing, within the budget, noting the IDs met in the pass's table. */
async function landPages(
  copy: CollectionCopy,
  collection: Collection,
  pass: ListingPassIds,
  changes: PassChanges,
): Promise<void> {
  const { repo, connectionId, client, signal } = copy;
  const expected = Math.ceil(copy.expected / 100);
  let asked = 0;
  let stored = 0;
  let pageBytes = 0;
  const read = { records: 0, bytes: 0 };
  const pages = pagesAhead(
    followPages(
      (at) => copy.pages.fetch(client, collection, at, signal, Math.max(0, expected - asked++)),
      serviceName(client),
      collectionWords(collection),
      { signal, caps: WHOLE_COLLECTION_CAPS, measured: (bytes) => void (pageBytes = bytes) },
    ),
  );
  for await (const page of pages) {
    copy.onFetched(page.data.length);
    read.records += page.data.length;
    read.bytes += pageBytes;
    const live = repo.state(connectionId, collection)?.liveCount ?? 0;
    checkBudget(
      copy.budget,
      repo.held(),
      {
        records: live + page.data.length,
        pending: { records: page.data.length, bytes: pageBytes },
        bytesPerRecord: read.bytes / Math.max(1, read.records),
      },
      collection,
    );
    await checkRoom(copy.freeBytes, pageBytes);
    const landed = repo.land(connectionId, collection, page.data, false);
    listed(changes.added, landed.added);
    listed(changes.changed, landed.changed);
    pass.meet(page.data.map((record) => record.id));
    stored += page.data.length;
    copy.onStored(stored);
    if (!page.hasMore) break;
  }
}

/**
 * Reads by ID each record of the copy in use the pass did not meet, a few at a time in the service's
 * order, and takes out those the service says are gone.
 */
async function confirmUnmet(
  copy: CollectionCopy,
  collection: Collection,
  pass: ListingPassIds,
  changes: PassChanges,
): Promise<void> {
  const { repo, connectionId, client, signal } = copy;
  let after = 0;
  for (;;) {
    signal.throwIfAborted();
    const unmet = pass.unmet(after, CONFIRM_AT_ONCE);
    if (unmet.length === 0) return;
    after = unmet[unmet.length - 1]!.key;
    const gone: string[] = [];
    await Promise.all(
      unmet.map(async ({ id }) => {
        try {
          const landed = repo.land(connectionId, collection, [await reread(client, collection, id)], false);
          listed(changes.changed, landed.changed);
        } catch (error) {
          if ((error as { code?: unknown }).code === 'not_found') gone.push(id);
        }
      }),
    );
    listed(changes.removed, repo.removeGone(connectionId, collection, gone));
  }
}
