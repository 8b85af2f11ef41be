// The records that suggestions just reported applied have touched: what the offline copy re-reads.
// Only a status change the service reported counts, and only a record whose ID is known (a create
// whose new record the service did not name cannot be read back).
import { RESOURCE_COLLECTION, isResourceType } from '../../shared/service';
import type { Collection } from '../../shared/service';
import type { ObservedProposal, OpenProposal, RecordedChange } from '../store/suggestions-records';

export interface RecordRef {
  collection: Collection;
  id: string;
}

export interface AppliedRecords {
  connectionId: string;
  records: RecordRef[];
}

export function appliedRecords(
  changes: readonly RecordedChange[],
  observed: readonly ObservedProposal[],
  stored: ReadonlyMap<string, OpenProposal>,
): RecordRef[] {
  const seen = new Map(observed.map((p) => [p.id, p]));
  const refs = new Map<string, RecordRef>();
  for (const change of changes) {
    if (change.status !== 'applied') continue;
    const known = stored.get(change.proposalId);
    const now = seen.get(change.proposalId);
    const type = known?.resourceType ?? now?.resourceType;
    const id = known?.resourceId ?? now?.resourceId ?? null;
    if (!isResourceType(type) || !id) continue;
    const collection = RESOURCE_COLLECTION[type];
    refs.set(`${collection}\n${id}`, { collection, id });
  }
  return [...refs.values()];
}
