// Demo maintenance requests (every priority and status) and document metadata attached to
// properties, units, leases and tenants.
import { MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES } from '../schemas/maintenance-request';
import type { StoredRecord } from '../store/record-store';
import { addSeeded, type SeedContext } from './context';
import { dayTimestamp } from './dates';
import type { SeededProperty } from './properties';

const JOBS: Array<[string, string]> = [
  ['Leaking kitchen faucet', 'Drips constantly; tenant placed a bowl under it.'],
  ['No heat', 'Furnace does not start; thermostat shows an error.'],
  ['Broken window latch', 'Bedroom window will not lock.'],
  ['Clogged drain', 'Bathroom sink drains very slowly.'],
  ['Hallway light out', 'Common-area light on the second floor is dark.'],
  ['Dishwasher not draining', 'Standing water after each cycle.'],
  ['Water stain on ceiling', 'Brown stain spreading below the upstairs bathroom.'],
  ['Gate intercom broken', 'Visitors cannot buzz in.'],
];

export function seedMaintenance(ctx: SeedContext, properties: SeededProperty[]): void {
  const { rng, today } = ctx;
  let n = 0;
  for (const { property, units } of properties) {
    const count = rng.int(2, 5);
    for (let i = 0; i < count; i++, n++) {
      // The first twenty rotate through every priority and status so each value is present.
      const priority = n < 20 ? MAINTENANCE_PRIORITIES[n % 4]! : rng.pick(MAINTENANCE_PRIORITIES);
      const status = n < 20 ? MAINTENANCE_STATUSES[n % 5]! : rng.pick(MAINTENANCE_STATUSES);
      const [title, description] = rng.pick(JOBS);
      const reportedDay = today - rng.int(0, 200);
      addSeeded(ctx, 'maintenance_requests', reportedDay, (s) => ({
        id: s.id,
        created_at: s.created_at,
        updated_at: s.updated_at,
        updated_by: s.updated_by,
        property_id: property.id,
        unit_id: rng.chance(0.75) ? rng.pick(units).id : null,
        title,
        description,
        priority,
        status,
        reported_at: dayTimestamp(Math.min(reportedDay, today - 1), rng.int(0, 86_399)),
      }));
    }
  }
}

export function seedDocuments(
  ctx: SeedContext,
  properties: SeededProperty[],
  leases: StoredRecord[],
  tenants: StoredRecord[],
): void {
  const { rng, today } = ctx;
  const add = (entityType: string, entity: StoredRecord, type: string, name: string): void => {
    const day = today - rng.int(1, 700);
    addSeeded(ctx, 'documents', day, (s) => ({
      id: s.id,
      created_at: s.created_at,
      updated_at: s.updated_at,
      updated_by: s.updated_by,
      name,
      type,
      size_bytes: rng.int(24_000, 8_000_000),
      entity_type: entityType,
      entity_id: entity.id,
      is_verified: rng.chance(0.75),
      uploaded_at: dayTimestamp(day, rng.int(0, 86_399)),
    }));
  };
  for (const { property, units } of properties) {
    add(
      'property',
      property,
      'insurance_certificate',
      `insurance-${String(property.name)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}.pdf`,
    );
    if (rng.chance(0.6)) add('property', property, 'inspection_report', `inspection-${property.id}.pdf`);
    for (const unit of units) {
      if (rng.chance(0.25))
        add(
          'unit',
          unit,
          rng.pick(['floor_plan', 'photo'] as const),
          `unit-${unit.unit_number}-${unit.id}.${rng.chance(0.5) ? 'pdf' : 'jpg'}`,
        );
    }
  }
  for (const lease of leases) add('lease', lease, 'lease_agreement', `lease-${lease.lease_number}.pdf`);
  for (const tenant of tenants)
    if (rng.chance(0.2))
      add(
        'tenant',
        tenant,
        rng.pick(['notice', 'invoice'] as const),
        `tenant-correspondence-${tenant.id}.pdf`,
      );
}
