// Drafts of one group: the changes of one review or renewal of many leases, split into drafts of at
// most 200 changes (the service's limit per batch), each labelled "part N of M" of the group when
// there are several, all made in one transaction. The parts wait for nothing and may go in any order:
// they are not sent in parts (parts/), they are one piece of work too big for one batch.
import { randomUUID } from 'node:crypto';
import type { DraftChangeInput } from '../../shared/drafts';
import { MAX_CHANGES_PER_BATCH } from '../../shared/service';
import type { DraftRepository } from '../store/draft-repo';

export interface DraftGroupPorts {
  drafts: Pick<DraftRepository, 'create'>;
  /** Runs fn in one database transaction. */
  transaction: <T>(fn: () => T) => T;
}

/** Consecutive parts of at most `size` in the given order: every part but the last is full. */
export function splitIntoBatches<T>(items: readonly T[], size = MAX_CHANGES_PER_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * One draft per unit of work's batch: `units` are the changes that belong together (a renewal's new
 * lease and its note on the old one), never split across two drafts. Answers the drafts' IDs in order.
 */
export function createDraftGroup(
  ports: DraftGroupPorts,
  connectionId: string,
  label: string,
  units: readonly (readonly DraftChangeInput[])[],
): string[] {
  const widest = Math.max(1, ...units.map((u) => u.length));
  const parts = splitIntoBatches(units, Math.floor(MAX_CHANGES_PER_BATCH / widest)).map((part) =>
    part.flat(),
  );
  const group = randomUUID();
  return ports.transaction(() =>
    parts.map((changes, i) =>
      ports.drafts.create(
        connectionId,
        parts.length > 1 ? `${label} — part ${i + 1} of ${parts.length}` : label,
        changes,
        parts.length > 1 ? { id: group, part: i + 1, parts: parts.length } : null,
      ),
    ),
  );
}
