// Builds the demo organisations deterministically from the seed: a mid-size landlord and a second,
// smaller organisation that exists to prove isolation. `scale` multiplies the number of properties;
// `paymentMonths` is how many months of rent charges each organisation has (older ones come last).
import { createRng } from '../prng';
import { RecordStore } from '../store/record-store';
import type { SeedContext } from './context';
import { epochDay } from './dates';
import { seedDocuments, seedMaintenance } from './extras';
import { seedLeases } from './leases';
import { DEFAULT_PAYMENT_MONTHS, seedOlderPayments } from './older-payments';
import { seedPayments } from './payments';
import { seedProperties } from './properties';
import { DEMO_PROFILE, OTHER_PROFILE, type OrganisationProfile } from './words';

export const ORGANISATION_PROFILES: OrganisationProfile[] = [DEMO_PROFILE, OTHER_PROFILE];

export function seedOrganisation(
  store: RecordStore,
  profile: OrganisationProfile,
  scale: number,
  today: number,
  paymentMonths: number,
): void {
  store.addOrganisation(profile.id, profile.name);
  const stream = `${store.seed}:${profile.rngSeed}`;
  const ctx: SeedContext = { store, profile, rng: createRng(stream), today };
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
  seedOlderPayments({ ...ctx, rng: createRng(`${stream}:older-payments`) }, leases, paymentMonths);
}

export interface GenerateOptions {
  /** The moment the demo is dated from; default now. */
  nowMs?: number;
  /** Months of rent charges up to today's month; default 25. */
  paymentMonths?: number;
}

/** Every organisation's records, dated relative to the real current day. */
export function generateStore(seed: number, scale: number, options: GenerateOptions = {}): RecordStore {
  const store = new RecordStore(seed);
  const today = epochDay(options.nowMs ?? Date.now());
  const months = options.paymentMonths ?? DEFAULT_PAYMENT_MONTHS;
  for (const profile of ORGANISATION_PROFILES)
    seedOrganisation(store, profile, profile === DEMO_PROFILE ? scale : 1, today, months);
  return store;
}
