// Builds the demo organisations deterministically from the seed: a mid-size landlord and a second,
// smaller organisation that exists to prove isolation. `scale` multiplies the number of properties.
import { createRng } from '../prng';
import { RecordStore } from '../store/record-store';
import type { SeedContext } from './context';
import { epochDay } from './dates';
import { seedDocuments, seedMaintenance } from './extras';
import { seedLeases } from './leases';
import { seedPayments } from './payments';
import { seedProperties } from './properties';
import { DEMO_PROFILE, OTHER_PROFILE, type OrganisationProfile } from './words';

export const ORGANISATION_PROFILES: OrganisationProfile[] = [DEMO_PROFILE, OTHER_PROFILE];

export function seedOrganisation(
  store: RecordStore,
  profile: OrganisationProfile,
  scale: number,
  today: number,
): void {
  store.addOrganisation(profile.id, profile.name);
  const ctx: SeedContext = { store, profile, rng: createRng(`${store.seed}:${profile.rngSeed}`), today };
  const properties = seedProperties(ctx, profile.baseProperties * scale);
  const units = properties.flatMap((p) => p.units);
  const leases = seedLeases(ctx, units);
  seedPayments(ctx, leases);
  seedMaintenance(ctx, properties);
  seedDocuments(
    ctx,
    properties,
    leases.map((l) => l.lease),
    store.table(profile.id, 'tenants').items,
  );
}

/** Every organisation's records, dated relative to the real current day. */
export function generateStore(seed: number, scale: number, nowMs = Date.now()): RecordStore {
  const store = new RecordStore(seed);
  const today = epochDay(nowMs);
  for (const profile of ORGANISATION_PROFILES)
    seedOrganisation(store, profile, profile === DEMO_PROFILE ? scale : 1, today);
  return store;
}
