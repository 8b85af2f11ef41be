// A collection listed again into the copy in use, in place: one unfiltered chain of pages read to its
// end, each page landed as it comes (records added and changed, in one transaction each, so a pass
// stopped half way keeps what it landed and nothing else). Only such a complete pass may find records
// gone, and only for the service to confirm: each ID the copy holds that the pass did not meet is read
// by ID, and taken out only when the service answers `not_found` (cursors are promised to skip nothing
// only while records are added). The disk is checked for room before each page lands. A read by ID that finds the record lands it instead; one that fails
// otherwise leaves it for the next pass. When every page landed, the copy is complete as of the pass's
// start.
import type { Collection } from '../../shared/service';
import { collectionWords } from '../../shared/service';
import { WHOLE_COLLECTION_CAPS, followPages, serviceName } from '../api/paging';
import { reread } from '../suggestions/live-check';
import type { CollectionCopy } from './collection-copy';
import { checkRoom } from './disk-room';
import { pagesAhead } from './pages-ahead';

/** What a pass changed in the copy in use, by record ID. */
export interface PassChanges {
  collection: Collection;
  added: string[];
  changed: string[];
  removed: string[];
}

/** Reads by ID of records a pass did not meet, asked at once; the scheduler paces them. */
const CONFIRM_AT_ONCE = 20;

export async function passCollection(copy: CollectionCopy, collection: Collection): Promise<PassChanges> {
  const { repo, connectionId, client, signal } = copy;
  const startedAt = copy.now();
  const changes: PassChanges = { collection, added: [], changed: [], removed: [] };
  const land = (records: Parameters<typeof repo.land>[2]) => {
    const landed = repo.land(connectionId, collection, records, false);
    changes.added.push(...landed.added);
    changes.changed.push(...landed.changed);
  };
  const met = new Set<string>();
  const expected = Math.ceil(copy.expected / 100);
  let asked = 0;
  let stored = 0;
  let pageBytes = 0;
  const pages = pagesAhead(
    followPages(
      (at) => copy.pages.fetch(client, collection, at, signal, Math.max(0, expected - asked++)),
      serviceName(client),
      collectionWords(collection),
      { signal, caps: WHOLE_COLLECTION_CAPS, measured: (bytes) => void (pageBytes += bytes) },
    ),
  );
  for await (const page of pages) {
    copy.onFetched(page.data.length);
    await checkRoom(copy.freeBytes, pageBytes);
    pageBytes = 0;
    land(page.data);
    for (const record of page.data) met.add(record.id);
    stored += page.data.length;
    copy.onStored(stored);
    if (!page.hasMore) break;
  }
  const unmet = repo.liveIds(connectionId, collection).filter((id) => !met.has(id));
  const gone: string[] = [];
  for (let i = 0; i < unmet.length; i += CONFIRM_AT_ONCE) {
    signal.throwIfAborted();
    await Promise.all(
      unmet.slice(i, i + CONFIRM_AT_ONCE).map(async (id) => {
        try {
          land([await reread(client, collection, id)]);
        } catch (error) {
          if ((error as { code?: unknown }).code === 'not_found') gone.push(id);
        }
      }),
    );
  }
  changes.removed = repo.removeGone(connectionId, collection, gone);
  repo.markComplete(connectionId, collection, startedAt);
  return changes;
}
