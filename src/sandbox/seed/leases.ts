// Demo tenants and leases: current leases on occupied units (some ending within 30/60/90/120 days,
// some month-to-month), pending leases on some vacant units and ended leases from earlier tenants.
import type { StoredRecord } from '../store/record-store';
import { addSeeded, type SeedContext } from './context';
import { dayString } from './dates';

export interface SeededLease {
  lease: StoredRecord;
  startDay: number;
  endDay: number | null;
}

// The first current leases end at these offsets from today, so "ending within 30, 60, 90 and 120
// days" always has members whatever the random draw.
const FORCED_END_OFFSETS = [9, 24, 44, 58, 71, 86, 99, 117];

export function seedLeases(ctx: SeedContext, units: StoredRecord[]): SeededLease[] {
  const { rng, profile, today } = ctx;
  const out: SeededLease[] = [];
  let forced = 0;
  const addTenant = (status: 'current' | 'future' | 'former', createdDay: number): StoredRecord => {
    const first = rng.pick(profile.firstNames);
    const last = rng.pick(profile.lastNames);
    const n = ctx.store.count(profile.id, 'tenants') + 1;
    return addSeeded(ctx, 'tenants', createdDay, (s) => ({
      id: s.id,
      created_at: s.created_at,
      updated_at: s.updated_at,
      updated_by: s.updated_by,
      name: `${first} ${last}`,
      email: `${first}.${last}.${n}@${profile.emailDomain}`.toLowerCase(),
      phone: rng.chance(0.92)
        ? `+1 (${rng.int(201, 989)}) 555-${String(rng.int(0, 9999)).padStart(4, '0')}`
        : null,
      status,
      is_active: status !== 'former',
    }));
  };
  const addLease = (unit: StoredRecord, startDay: number, endDay: number | null, status: string): void => {
    const tenant = addTenant(
      status === 'ended' ? 'former' : status === 'pending' ? 'future' : 'current',
      startDay - 20,
    );
    const marketRent = unit.market_rent as number;
    const rent = Math.round((marketRent * (0.9 + rng.next() * 0.12)) / 5) * 5;
    const lease = addSeeded(ctx, 'leases', startDay - rng.int(5, 30), (s) => ({
      id: s.id,
      created_at: s.created_at,
      updated_at: s.updated_at,
      updated_by: s.updated_by,
      lease_number: `L-${1000 + ctx.store.count(profile.id, 'leases')}`,
      unit_id: unit.id,
      tenant_id: tenant.id,
      start_date: dayString(startDay),
      end_date: endDay === null ? null : dayString(endDay),
      monthly_rent: rent,
      security_deposit: rng.chance(0.5) ? rent : Math.round(rent * 1.5),
      status,
    }));
    out.push({ lease, startDay, endDay });
  };

  for (const unit of units) {
    const status = unit.status as string;
    let currentStart = today - rng.int(60, 700);
    if (rng.chance(0.4)) {
      const pastEnd = Math.min(currentStart - rng.int(3, 40), today - 20);
      addLease(unit, pastEnd - 364, pastEnd, 'ended');
    }
    if (status === 'occupied' || status === 'notice') {
      if (status === 'occupied' && rng.chance(0.12)) {
        addLease(unit, currentStart, null, 'month_to_month');
        continue;
      }
      let endDay: number;
      if (forced < FORCED_END_OFFSETS.length) endDay = today + FORCED_END_OFFSETS[forced++]!;
      else if (status === 'notice') endDay = today + rng.int(3, 60);
      else endDay = today + rng.int(5, 420);
      currentStart = Math.min(currentStart, endDay - 180);
      addLease(unit, currentStart, endDay, 'active');
    } else if (rng.chance(0.3)) {
      const start = today + rng.int(5, 40);
      addLease(unit, start, start + 364, 'pending');
    }
  }
  return out;
}
