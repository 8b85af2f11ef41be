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

export interface Stamp {
  id: string;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/**
 * Inserts a seeded record created on `createdDay`, last touched a little later (on `touchedDay` when
 * given, such as the day a payment was received) but never in the future. The builder writes the record as one literal (stamp first, so `id` leads the JSON), which
 * keeps V8 objects compact: seeding 100k+ records is dominated by allocation otherwise.
 */
export function addSeeded(
  ctx: SeedContext,
  collection: Collection,
  createdDay: number,
  build: (stamp: Stamp) => StoredRecord,
  touchedDay?: number,
): StoredRecord {
  const created = Math.min(createdDay, ctx.today - 1);
  const touched = touchedDay === undefined ? created + ctx.rng.int(0, 40) : Math.max(touchedDay, created);
  const updated = Math.min(touched, ctx.today - 1);
  const record = build({
    id: ctx.store.nextId(ctx.profile.id, collection),
    created_at: dayTimestamp(created, ctx.rng.int(8 * 3600, 18 * 3600)),
    updated_at: dayTimestamp(updated, 19 * 3600),
    updated_by: SEED_AUTHOR,
  });
  ctx.store.insert(ctx.profile.id, collection, record);
  return record;
}
