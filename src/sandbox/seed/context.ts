// What every demo-data generator step shares: the store, the organisation, the random source and
// "today", plus a helper that stamps the server-set fields.
import type { Collection } from '../../shared/service';
import type { Rng } from '../prng';
import type { RecordStore, StoredRecord } from '../store/record-store';
import { dayTimestamp } from './dates';
import type { OrganisationProfile } from './words';

export const SEED_AUTHOR = 'Data import (System)';

export interface SeedContext {
  store: RecordStore;
  profile: OrganisationProfile;
  rng: Rng;
  today: number;
}

/** Inserts a seeded record created on `createdDay`, last touched a little later but never in the future. */
export function addSeeded(ctx: SeedContext, collection: Collection, createdDay: number, fields: Record<string, unknown>): StoredRecord {
  const id = ctx.store.nextId(ctx.profile.id, collection);
  const created = Math.min(createdDay, ctx.today - 1);
  const updated = Math.min(created + ctx.rng.int(0, 40), ctx.today - 1);
  const record: StoredRecord = {
    id,
    created_at: dayTimestamp(created, ctx.rng.int(8 * 3600, 18 * 3600)),
    updated_at: '',
    updated_by: SEED_AUTHOR,
    ...fields,
  };
  record.updated_at = dayTimestamp(updated, 19 * 3600);
  ctx.store.insert(ctx.profile.id, collection, record);
  return record;
}
