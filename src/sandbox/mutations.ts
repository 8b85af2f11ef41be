// Changes written to records after the seed (approved suggestions, a colleague's edits and test-made
// records), kept as a log so a state file can replay them onto freshly generated demo data after a restart.
import type { Collection } from '../shared/service';
import type { RecordStore, StoredRecord } from './store/record-store';

export type Mutation =
  | { kind: 'create'; organisation: string; collection: Collection; seq: number; record: StoredRecord }
  | {
      kind: 'update';
      organisation: string;
      collection: Collection;
      id: string;
      fields: Record<string, unknown>;
      updatedAt: string;
      updatedBy: string;
    }
  | {
      kind: 'remove';
      organisation: string;
      collection: Collection;
      id: string;
      removedAt: string;
      removedBy: string;
    };

export function applyMutation(store: RecordStore, m: Mutation, replaying: boolean): number | undefined {
  if (m.kind === 'create')
    return store.insert(m.organisation, m.collection, { ...m.record }, replaying ? m.seq : undefined);
  if (m.kind === 'remove') {
    if (!store.remove(m.organisation, m.collection, m.id))
      throw new Error(`Cannot replay the removal of missing record ${m.id}`);
    return undefined;
  }
  const record = store.get(m.organisation, m.collection, m.id);
  if (!record) throw new Error(`Cannot replay an update of missing record ${m.id}`);
  Object.assign(record, m.fields, { updated_at: m.updatedAt, updated_by: m.updatedBy });
  store.table(m.organisation, m.collection).version += 1;
  return undefined;
}
