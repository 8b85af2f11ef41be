// Demo data: deterministic per seed, the promised variety (types, states, ending leases, late and
// unpaid payments, every priority and status), contact-only tenants, valid records, fast scaling.
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../../src/shared/service';
import { RECORD_SCHEMAS } from '../../../../src/sandbox/schemas/registry';
import { generateStore } from '../../../../src/sandbox/seed/generate';
import type { Json } from '../../../support/helpers';

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

describe('demo data', () => {
  const store = generateStore(1, 1);
  const items = (c: (typeof COLLECTIONS)[number], org = 'org_demo') => store.table(org, c).items as Json[];

  it('is deterministic per seed and differs between seeds and organisations', () => {
    const again = generateStore(1, 1);
    expect(JSON.stringify(again.table('org_demo', 'leases').items)).toBe(JSON.stringify(items('leases')));
    expect(generateStore(2, 1).table('org_demo', 'leases').items[0]!.id).not.toBe(items('leases')[0].id);
    const demoNames = new Set(items('properties').map((p) => p.city));
    expect(items('properties', 'org_other').some((p) => demoNames.has(p.city))).toBe(false);
  });

  it('matches the record schemas exactly', () => {
    for (const org of ['org_demo', 'org_other'])
      for (const c of COLLECTIONS)
        for (const r of items(c, org)) expect(RECORD_SCHEMAS[c].safeParse(r).success).toBe(true);
  });

  it('has a mid-size landlord with the promised variety', () => {
    const props = items('properties');
    expect(props).toHaveLength(25);
    expect(new Set(props.map((p) => p.type)).size).toBe(5);
    expect(new Set(props.map((p) => p.state)).size).toBeGreaterThanOrEqual(3);
    expect(props.some((p) => !p.is_active)).toBe(true);
    expect(items('units').length).toBeGreaterThan(200);
    expect(new Set(items('units').map((u) => u.status))).toEqual(
      new Set(['vacant', 'occupied', 'notice', 'make_ready']),
    );
    const leases = items('leases');
    expect(new Set(leases.map((l) => l.status))).toEqual(
      new Set(['active', 'pending', 'ended', 'month_to_month']),
    );
    expect(leases.filter((l) => l.status === 'month_to_month').every((l) => l.end_date === null)).toBe(true);
    const today = inDays(0);
    for (const [from, to] of [
      [0, 30],
      [30, 60],
      [60, 90],
      [90, 120],
    ] as const)
      expect(
        leases.some((l) => l.status === 'active' && l.end_date > inDays(from) && l.end_date <= inDays(to)),
        `${from}-${to}`,
      ).toBe(true);
    const pays = items('payments');
    expect(new Set(pays.map((p) => p.status))).toEqual(new Set(['paid', 'pending', 'late', 'unpaid']));
    expect(
      pays.filter((p) => p.status === 'unpaid').every((p) => p.paid_date === null && p.due_date < today),
    ).toBe(true);
    expect(pays.some((p) => p.due_date < inDays(-330))).toBe(true);
    const mnt = items('maintenance_requests');
    expect(new Set(mnt.map((m) => m.priority)).size).toBe(4);
    expect(new Set(mnt.map((m) => m.status)).size).toBe(5);
    expect(new Set(items('documents').map((d) => d.entity_type))).toEqual(
      new Set(['property', 'unit', 'lease', 'tenant']),
    );
  });

  it('gives tenants contact details only', () => {
    for (const t of items('tenants'))
      expect(Object.keys(t).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'is_active',
        'name',
        'phone',
        'status',
        'updated_at',
        'updated_by',
      ]);
  });

  // How fast it is made is a benchmark figure (sandbox-paging.bench.ts), not a test's.
  it('scales to over 100,000 payments', () => {
    const big = generateStore(1, 48);
    expect(big.count('org_demo', 'payments')).toBeGreaterThanOrEqual(100_000);
  });
});
