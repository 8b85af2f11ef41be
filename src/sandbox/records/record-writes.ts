// Writing records as a person at the organisation: the one path an approved suggestion and a colleague
// in the web application share. Server fields are stamped here (ID, created and updated at, updated by),
// every write goes through the core's log (so the state file replays it and the reference index sees
// it), and nothing is written that the record schema refuses.
import type { Collection } from '../../shared/service';
import type { SandboxCore } from '../core';
import { RECORD_SCHEMAS, WRITABLE_IN_APP } from '../schemas/registry';
import type { StoredRecord } from '../store/record-store';

/** A new record from writable fields already checked (records/record-checks.ts), written by `by`. */
export function createRecord(
  core: SandboxCore,
  organisation: string,
  collection: Collection,
  fields: Record<string, unknown>,
  by: string,
): StoredRecord {
  const nowIso = core.clock.nowIso();
  const spec = WRITABLE_IN_APP[collection];
  const draft: Record<string, unknown> = {
    id: core.store.nextId(organisation, collection),
    created_at: nowIso,
    updated_at: nowIso,
    updated_by: by,
    ...(collection === 'leases'
      ? { lease_number: `L-${1000 + core.store.issued(organisation, 'leases')}` }
      : {}),
    ...Object.fromEntries(Object.entries(spec.defaults).map(([k, f]) => [k, f(nowIso)])),
    ...fields,
  };
  const schema = RECORD_SCHEMAS[collection];
  // Keep the schema's field order so created records read like seeded ones.
  const record = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, draft[k]])) as StoredRecord;
  schema.parse(record);
  core.mutate({ kind: 'create', organisation, collection, seq: 0, record });
  return record;
}

/** Writes `fields` over an existing record; answers the values they had just before. */
export function updateRecord(
  core: SandboxCore,
  organisation: string,
  collection: Collection,
  current: StoredRecord,
  fields: Record<string, unknown>,
  by: string,
): Record<string, unknown> {
  const before = Object.fromEntries(Object.keys(fields).map((k) => [k, current[k] ?? null]));
  core.mutate({
    kind: 'update',
    organisation,
    collection,
    id: current.id,
    fields,
    updatedAt: core.clock.nowIso(),
    updatedBy: by,
  });
  return before;
}

/** Takes a record away; its ID is never given again. */
export function removeRecord(
  core: SandboxCore,
  organisation: string,
  collection: Collection,
  id: string,
  by: string,
): void {
  core.mutate({
    kind: 'remove',
    organisation,
    collection,
    id,
    removedAt: core.clock.nowIso(),
    removedBy: by,
  });
}
