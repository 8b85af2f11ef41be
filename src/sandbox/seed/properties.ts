// Demo properties and their units: several types across the organisation's cities, a few inactive.
import { PROPERTY_TYPES } from '../schemas/property';
import type { StoredRecord } from '../store/record-store';
import { addSeeded, type SeedContext } from './context';

const UNIT_RANGE: Record<(typeof PROPERTY_TYPES)[number], [number, number]> = {
  single_family: [1, 1],
  townhouse: [2, 6],
  condo: [4, 12],
  multi_family: [24, 48],
  commercial: [2, 8],
};

export interface SeededProperty {
  property: StoredRecord;
  units: StoredRecord[];
}

export function seedProperties(ctx: SeedContext, count: number): SeededProperty[] {
  const { rng, profile } = ctx;
  const out: SeededProperty[] = [];
  for (let i = 0; i < count; i++) {
    // Cycle through types first so every type exists even in small organisations.
    const type = i < PROPERTY_TYPES.length ? PROPERTY_TYPES[i]! : rng.pick(PROPERTY_TYPES);
    const place = profile.places[i % profile.places.length]!;
    const building = profile.buildingNames[i % profile.buildingNames.length]!;
    const round = Math.floor(i / profile.buildingNames.length);
    const street = rng.pick(profile.streets);
    const name =
      type === 'single_family' || type === 'townhouse'
        ? `${rng.int(100, 9999)} ${street} ${type === 'townhouse' ? 'Townhomes' : 'House'}`
        : round === 0
          ? building
          : `${building} ${round + 1}`;
    const property = addSeeded(ctx, 'properties', ctx.today - rng.int(400, 3000), (s) => ({
      id: s.id,
      created_at: s.created_at,
      updated_at: s.updated_at,
      updated_by: s.updated_by,
      name,
      type,
      address_line1: `${rng.int(100, 9999)} ${street} ${rng.pick(['St', 'Ave', 'Blvd', 'Rd'])}`,
      city: place.city,
      state: place.state,
      postal_code: String(place.zip + rng.int(0, 30)).padStart(5, '0'),
      year_built: rng.chance(0.9) ? rng.int(1925, 2022) : null,
      is_active: i % 9 !== 4,
    }));
    const [min, max] = UNIT_RANGE[type];
    const unitCount = rng.int(min, max);
    const units: StoredRecord[] = [];
    for (let u = 0; u < unitCount; u++) {
      const commercial = type === 'commercial';
      const bedrooms = commercial
        ? 0
        : rng.int(type === 'single_family' ? 2 : 0, type === 'single_family' ? 5 : 3);
      const squareFeet = commercial ? rng.int(800, 6000) : 420 + bedrooms * rng.int(280, 380);
      const floor = Math.floor(u / 4) + 1;
      units.push(
        addSeeded(ctx, 'units', ctx.today - rng.int(300, 2000), (s) => ({
          id: s.id,
          created_at: s.created_at,
          updated_at: s.updated_at,
          updated_by: s.updated_by,
          property_id: property.id,
          unit_number: unitCount === 1 ? 'Main' : `${floor}${String.fromCharCode(65 + (u % 4))}`,
          bedrooms,
          bathrooms: commercial ? 1 : Math.max(1, bedrooms - rng.int(0, 1)) + (rng.chance(0.3) ? 0.5 : 0),
          square_feet: squareFeet,
          market_rent:
            Math.round((commercial ? squareFeet * 2.1 : 700 + bedrooms * 420 + squareFeet * 0.45) / 5) * 5,
          status: property.is_active
            ? rng.pick([
                'occupied',
                'occupied',
                'occupied',
                'occupied',
                'occupied',
                'vacant',
                'notice',
                'make_ready',
              ] as const)
            : 'vacant',
        })),
      );
    }
    out.push({ property, units });
  }
  return out;
}
