// The early hint that a record changed since a change to it was drafted: the offline copy, kept fresh
// in the background, may already hold a newer version of the record an update was drafted from. The
// draft then says so on the change's card before the landlord gets to submitting; the live check
// before submitting (DraftService.preflight) still reads every record from the service, and stays
// the one that counts. Newer means a later version stamp than the one drafted from, where both carry
// one; where they don't, a copy made after the change was last edited whose drafted fields differ.
import type { DraftChange, NewerInCopy } from '../../shared/drafts';
import { RESOURCE_COLLECTION } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { OfflineReader } from '../offline-copy/offline-reader';
import { canonicalJson } from './draft-checks';

/** A record of the offline copy in use, with when that copy was made. */
export interface CopiedRecord {
  record: ServiceRecord;
  asOf: string;
}

export type CopyLookup = (collection: Collection, id: string) => CopiedRecord | undefined;

// The service's documentation names no version field; these are the names records commonly stamp
// their last change with.
const VERSION_FIELDS = ['updated_at', 'updatedAt', 'modified_at', 'last_modified', 'last_updated'];

/** The record's last-change time in ms, or null when it carries none that reads as a time. */
function versionOf(record: Record<string, unknown>): { field: string; ms: number } | null {
  for (const field of VERSION_FIELDS) {
    const value = record[field];
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    if (!Number.isNaN(ms)) return { field, ms };
  }
  return null;
}

/** What the copy says of one drafted update; null when it holds nothing newer (or nothing at all). */
export function newerInCopy(change: DraftChange, copied: CopiedRecord | undefined): NewerInCopy | null {
  if (change.operation !== 'update' || !change.snapshot || !copied) return null;
  const drafted = change.snapshot;
  const { record, asOf } = copied;
  const fields = Object.keys(change.fields).filter(
    (name) => canonicalJson(drafted[name]) !== canonicalJson(record[name]),
  );
  const before = versionOf(drafted);
  const now = before ? versionOf(record) : null;
  if (before && now && before.field === now.field) return now.ms > before.ms ? { fields, asOf } : null;
  // No version to compare: a copy older than the last edit may hold the record before the draft's read.
  const copyIsLater = Date.parse(asOf) > Date.parse(change.updatedAt);
  return copyIsLater && fields.length > 0 ? { fields, asOf } : null;
}

/** The draft's updates with what the copy says of their records, each marked where it holds newer. */
export function markNewerInCopy(changes: readonly DraftChange[], lookup: CopyLookup): DraftChange[] {
  return changes.map((change) => {
    if (change.operation !== 'update' || !change.resourceId || !change.snapshot) return change;
    const newer = newerInCopy(change, lookup(RESOURCE_COLLECTION[change.resourceType], change.resourceId));
    return newer ? { ...change, newerInCopy: newer } : change;
  });
}

/** Reads records from the connection's offline copy in use; a damaged row is no hint, only no record. */
export function copyLookupOf(copy: Pick<OfflineReader, 'byIds'>, connectionId: string): CopyLookup {
  return (collection, id) => {
    try {
      const found = copy.byIds(connectionId, collection, [id]);
      const record = found?.records.get(id);
      return record && { record, asOf: found!.asOf };
    } catch {
      return undefined;
    }
  };
}
