// One collection's line in the update status: the copy in use (as of when, how many records) and a
// listing being fetched beside it, with whether it can resume where it stopped.
import type { CollectionOfflineCopy } from '../../shared/portfolio';
import type { Collection } from '../../shared/service';
import type { OfflineCopyState } from '../store/offline-copy-state';

export function collectionOfflineCopyStatus(
  collection: Collection,
  s: OfflineCopyState | undefined,
): CollectionOfflineCopy {
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
