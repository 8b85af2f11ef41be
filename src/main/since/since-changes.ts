// Works out what changed since the landlord's mark, for one connection: each record kind by the app's
// rules (changed-kinds.ts) over the copy now and the states kept at the mark, the suggestions decided
// since (with who decided, where the service says), and the records added or changed that no
// suggestion PropDesk tracks explains and no other line already tells of.
import type { CompiledContract } from '../../shared/contract';
import { RESOURCE_COLLECTION, isResourceType } from '../../shared/service';
import type { Collection, ServiceRecord } from '../../shared/service';
import type { SinceDecided, SinceRecordKind } from '../../shared/since';
import type { TrackedBatch } from '../../shared/suggestions';
import { readContract } from '../portfolio/view-context';
import { parseStored } from '../store/offline-copy/collection-listings';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import type { ChangedSinceMark } from '../store/since-repo';
import { KIND_COLLECTIONS, changedKinds } from './changed-kinds';
import type { CollectionThen } from './changed-kinds';

export interface SinceSources {
  repo: Pick<OfflineCopyRepository, 'state' | 'get' | 'records'>;
  contract: (connectionId: string) => CompiledContract | undefined;
  currency: (connectionId: string) => string;
  batches: (connectionId: string) => TrackedBatch[];
}

export interface SinceFound {
  /** Each record kind's records, in the order the line lists them (urgent requests first). */
  records: Map<SinceRecordKind, Array<{ collection: Collection; id: string }>>;
  /** Of maintenance newly opened, the urgent ones. */
  urgent: Set<string>;
  /** Decided since the mark, newest first. */
  decided: SinceDecided[];
}

/** When the proposal reached its present decided status, as PropDesk saw it; null while it waits. */
function decidedAt(p: TrackedBatch['proposals'][number]): string | null {
  if (p.status === 'proposed') return null;
  return p.events.filter((e) => e.status === p.status).at(-1)?.at ?? null;
}

function decidedSince(batches: readonly TrackedBatch[], markedAt: string) {
  const decided: Array<SinceDecided & { at: string }> = [];
  const explained = new Set<string>();
  for (const batch of batches)
    for (const p of batch.proposals) {
      const at = decidedAt(p);
      if (at === null || at <= markedAt) continue;
      decided.push({
        proposalId: p.id,
        batchId: p.batchId,
        summary: p.summary.slice(0, 1000),
        status: p.status,
        decidedBy: p.decidedBy ?? null,
        at,
      });
      if (p.status === 'applied' && p.resourceId && isResourceType(p.resourceType))
        explained.add(`${RESOURCE_COLLECTION[p.resourceType]}\u0000${p.resourceId}`);
    }
  decided.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { decided: decided.map(({ at: _at, ...d }) => d), explained };
}

export function sinceChanges(
  s: SinceSources,
  connectionId: string,
  kept: readonly ChangedSinceMark[],
  mark: { markedAt: string; now: Date },
): SinceFound {
  const today = mark.now.toISOString().slice(0, 10);
  const reading = readContract(s.contract(connectionId), today, s.currency(connectionId));
  const byCollection = new Map<string, ChangedSinceMark[]>();
  for (const k of kept) byCollection.set(k.collection, [...(byCollection.get(k.collection) ?? []), k]);
  const then = (collection: (typeof KIND_COLLECTIONS)[number]): CollectionThen => {
    const rows = byCollection.get(collection) ?? [];
    const earlier = reading.shape(
      collection,
      rows.flatMap((r) => (r.before === null ? [] : [parseStored(collection, r.before)])),
    );
    const before = new Map<string, ServiceRecord | null>(rows.map((r) => [r.recordId, null]));
    for (const r of earlier) before.set(r.id, r);
    return { now: reading.shape(collection, s.repo.records(connectionId, collection)), before };
  };
  const collections = Object.fromEntries(KIND_COLLECTIONS.map((c) => [c, then(c)])) as Record<
    (typeof KIND_COLLECTIONS)[number],
    CollectionThen
  >;
  const kinds = changedKinds({
    collections,
    markDay: mark.markedAt.slice(0, 10),
    today,
    ctx: reading.ctx,
  });
  const records: SinceFound['records'] = new Map();
  const told = new Set<string>();
  for (const [kind, ids] of kinds.ids) {
    const collection = KIND_OF[kind];
    records.set(
      kind,
      ids.map((id) => ({ collection, id })),
    );
    for (const id of ids) told.add(`${collection}\u0000${id}`);
  }
  const { decided, explained } = decidedSince(s.batches(connectionId), mark.markedAt);
  const sameToPeople = sameBut(s.contract(connectionId));
  records.set(
    'records_changed',
    kept.flatMap((k) => {
      const key = `${k.collection}\u0000${k.recordId}`;
      if (told.has(key) || explained.has(key)) return [];
      const listing = s.repo.state(connectionId, k.collection as Collection)?.liveListing;
      const now = listing == null ? undefined : s.repo.get(listing, k.recordId);
      // Gone since, or changed and changed back: nothing to tell.
      if (now === undefined || sameToPeople(k.collection as Collection, k.before, now)) return [];
      return [{ collection: k.collection as Collection, id: k.recordId }];
    }),
  );
  return { records, urgent: kinds.urgent, decided };
}

/**
 * Whether two stored versions of a record hold the same values, leaving out the fields the contract
 * marks read-only (when and by whom the service last wrote it): a value changed and changed back
 * still moved those, yet nothing a person set has changed.
 */
function sameBut(contract: CompiledContract | undefined) {
  return (collection: Collection, before: string | null, now: string): boolean => {
    if (before === null) return false;
    if (before === now) return true;
    const stamps = new Set(
      (contract?.recordFields[collection] ?? [])
        .filter((f) => f.readOnly && f.name !== 'id')
        .map((f) => f.name),
    );
    const values = (json: string) => {
      const record = parseStored(collection, json);
      return JSON.stringify(
        Object.keys(record)
          .filter((k) => !stamps.has(k))
          .sort()
          .map((k) => [k, record[k]]),
      );
    };
    return values(before) === values(now);
  };
}

const KIND_OF: Record<Exclude<SinceRecordKind, 'records_changed'>, Collection> = {
  maintenance_opened: 'maintenance_requests',
  maintenance_closed: 'maintenance_requests',
  payments_late: 'payments',
  payments_paid: 'payments',
  leases_ending: 'leases',
  units_vacant: 'units',
  documents_added: 'documents',
  documents_unverified: 'documents',
};
