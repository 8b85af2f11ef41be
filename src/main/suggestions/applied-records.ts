// The records that suggestions just reported applied have touched: what the offline copy re-reads.
// Only a status change the service reported counts, only for a suggestion PropDesk made itself (an
// "applied" proposal it never made triggers nothing: the next update of the copy brings that change),
// and only a record whose ID is known (a create whose new record the service did not name cannot be
// read back). A record the live check already read is handed on as read; one it could not read for
// now is handed on to be read later, and one whose read was refused (an answer about another record)
// or that no longer exists is left to the next update.
import { RESOURCE_COLLECTION, isResourceType } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { ObservedProposal, OpenProposal, RecordedChange } from '../store/suggestions-records';
import { recordKey } from './live-check';
import type { ReadFailure, ReadRecord } from './live-check';

export interface RecordRef {
  collection: Collection;
  id: string;
  /** The record as the service answered a read of it just now, when it was read. */
  record?: ServiceRecord;
  /** Its read just now failed for a reason that may pass (offline, the service down): read it later. */
  later?: boolean;
}

export interface AppliedRecords {
  connectionId: string;
  records: RecordRef[];
}

export function appliedRecords(
  changes: readonly RecordedChange[],
  observed: readonly ObservedProposal[],
  stored: ReadonlyMap<string, OpenProposal>,
  checked: { read: readonly ReadRecord[]; failed: readonly ReadFailure[] },
): RecordRef[] {
  const seen = new Map(observed.map((p) => [p.id, p]));
  const answered = new Map(checked.read.map((r) => [recordKey(r.collection, r.id), r.record]));
  const failed = new Map(checked.failed.map((f) => [recordKey(f.collection, f.id), f.code]));
  const refs = new Map<string, RecordRef>();
  for (const change of changes) {
    if (change.status !== 'applied' || change.origin !== 'app') continue;
    const known = stored.get(change.proposalId);
    if (!known) continue;
    const type = known.resourceType;
    const id = known.resourceId ?? seen.get(change.proposalId)?.resourceId ?? null;
    if (!isResourceType(type) || !id) continue;
    const collection = RESOURCE_COLLECTION[type];
    const key = recordKey(collection, id);
    const record = answered.get(key);
    if (record) refs.set(key, { collection, id, record });
    else if (!failed.has(key)) refs.set(key, { collection, id });
    else if (failed.get(key) !== 'bad_response' && failed.get(key) !== 'not_found')
      refs.set(key, { collection, id, later: true });
  }
  return [...refs.values()];
}
