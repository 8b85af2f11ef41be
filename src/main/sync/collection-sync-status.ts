// One collection's line in the sync status: the copy in use (as of when, how many records) and a
// listing being fetched beside it, with whether it can resume where it stopped.
import type { CollectionSync } from '../../shared/portfolio';
import type { Collection } from '../../shared/service';
import type { SnapshotState } from '../store/snapshot-state';

export function collectionSyncStatus(collection: Collection, s: SnapshotState | undefined): CollectionSync {
  return {
    collection,
    asOf: s?.liveGeneration != null ? s.asOf : null,
    count: s?.liveGeneration != null ? s.liveCount : 0,
    pending:
      s?.stagingGeneration != null && s.stagingStartedAt
        ? {
            fetched: s.stagingCount,
            startedAt: s.stagingStartedAt,
            resumable: s.stagingCursor !== null || s.stagingCount === 0,
          }
        : null,
  };
}
