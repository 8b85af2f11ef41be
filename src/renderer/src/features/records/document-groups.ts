// Groups a record page's documents by type, optionally only the unverified ones. Field names come from
// the service's documentation: name, type, size and a verification flag (`is_verified`).
import type { OwnedDocument } from '../../../../shared/related-records';
import type { ServiceRecord } from '../../../../shared/service';

export function documentSize(document: ServiceRecord): unknown {
  return document.size ?? document.size_bytes ?? document.file_size;
}

export function groupDocuments(
  documents: OwnedDocument[],
  unverifiedOnly: boolean,
): Array<[string, OwnedDocument[]]> {
  const groups = new Map<string, OwnedDocument[]>();
  for (const item of documents) {
    if (unverifiedOnly && item.document.is_verified === true) continue;
    const type = typeof item.document.type === 'string' && item.document.type ? item.document.type : 'other';
    groups.set(type, [...(groups.get(type) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}
