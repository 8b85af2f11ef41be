// Renewals on their own: the new term (the day after the old end, as long or as chosen), the fields
// a renewal writes in each contract shape (the sandbox's, Lakeside's in pence with its own names,
// Acme's without a deposit, Harbor's without a tenant link, one with a renewal status), and the rows
// worked out from hand-made leases: the rule's rent, the deposit carried over, and each reason a
// lease is not renewed.
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { compileContract } from '../../../../src/shared/contract';
import { endAfterMonths, computeRenewals, newTerm } from '../../../../src/main/drafts/renewals';
import type { RenewalSetting } from '../../../../src/main/drafts/renewals';
import { renewalFields, renewalWrites } from '../../../../src/main/drafts/renewal-fields';
import type { RenewalQuery } from '../../../../src/shared/renewals';
import type { ServiceRecord } from '../../../../src/shared/service';
import { loadFixture } from '../../../support/fixture';

const day = (text: string) => Date.parse(`${text}T00:00:00Z`) / 86_400_000;
const text = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
const sandboxContract = compileContract(buildOpenApi('http://127.0.0.1:1'));

/** Lakeside's contract with a renewal status on its tenancies, as a service that keeps one would. */
function lakesideWithRenewalStatus() {
  const doc = loadFixture('lakeside-openapi-3.1.json') as {
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  };
  doc.components.schemas.TenancyWritable!.properties.renewal_status = {
    type: 'string',
    enum: ['not_offered', 'offered', 'renewed', 'not_renewing'],
  };
  return compileContract(doc);
}

describe('a renewal’s term', () => {
  it('ends a term of whole months the day before the same date, or on a short month’s last day', () => {
    expect(text(endAfterMonths(day('2026-03-01'), 12))).toBe('2027-02-28');
    expect(text(endAfterMonths(day('2026-01-15'), 12))).toBe('2027-01-14');
    expect(text(endAfterMonths(day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(text(endAfterMonths(day('2027-12-01'), 3))).toBe('2028-02-29');
  });

  it('starts the day after the old end and lasts as long, in whole months; or as long as chosen', () => {
    const same = newTerm(day('2025-01-15'), day('2026-01-14'), { kind: 'same' });
    expect(same).toEqual({ start: day('2026-01-15'), end: day('2027-01-14'), months: 12 });
    // A 14-month lease of uneven days is renewed for 14 months.
    const uneven = newTerm(day('2024-11-03'), day('2026-01-10'), { kind: 'same' });
    expect(uneven).toMatchObject({ start: day('2026-01-11'), end: day('2027-03-10'), months: 14 });
    // Under a month, the term is kept in days.
    expect(newTerm(day('2026-01-01'), day('2026-01-10'), { kind: 'same' })).toEqual({
      start: day('2026-01-11'),
      end: day('2026-01-20'),
      months: null,
    });
    const chosen = newTerm(day('2025-01-15'), day('2026-01-14'), { kind: 'months', months: 6 });
    expect(chosen).toEqual({ start: day('2026-01-15'), end: day('2026-07-14'), months: 6 });
    expect(newTerm(null, day('2026-01-14'), { kind: 'same' })).toMatch(/No start date on record/);
  });
});

describe('the fields a renewal writes, from the contract', () => {
  it('takes the sandbox’s own fields, a status that says the lease starts later, and leaves the old lease alone', () => {
    const fields = renewalFields(sandboxContract);
    expect(fields).toMatchObject({
      tenant: 'tenant_id',
      unit: 'unit_id',
      start: 'start_date',
      end: 'end_date',
      rent: { name: 'monthly_rent', unit: 'major' },
      deposit: { name: 'security_deposit', unit: 'major' },
      status: { name: 'status', value: 'pending' },
      carried: [],
      renewed: null,
    });
    expect(renewalWrites(fields).join(' ')).toMatch(/leases renewed are not changed/);
  });

  it('finds Lakeside’s commencement, expiry, rent and deposit in pence by meaning', () => {
    const fields = renewalFields(compileContract(loadFixture('lakeside-openapi-3.1.json')));
    expect(fields).toMatchObject({
      start: 'commences',
      end: 'expires',
      rent: { name: 'rent_minor', unit: 'minor' },
      deposit: { name: 'deposit_cents', unit: 'minor' },
      status: { name: 'status', value: 'draft' },
      renewed: null,
    });
  });

  it('says which field a contract lacks, and renews nothing: Acme keeps no deposit, Harbor links no tenant', () => {
    expect(() => renewalFields(compileContract(loadFixture('acme-openapi-3.1.json')))).toThrow(
      /no field for the deposit on a new lease \(such as “security_deposit”\)/,
    );
    expect(() => renewalFields(compileContract(loadFixture('harbor-openapi-3.0.json')))).toThrow(
      /no field for the tenant on a new lease \(such as “tenant_id”\)/,
    );
  });

  it('marks the old lease renewed where the contract has a renewal status for it', () => {
    const fields = renewalFields(lakesideWithRenewalStatus());
    expect(fields.renewed).toMatchObject({ name: 'renewal_status', value: 'renewed' });
    expect(renewalWrites(fields).join(' ')).toMatch(/Each lease renewed gets .* “renewed”/);
  });
});

describe('renewals worked out from the leases', () => {
  const fields = renewalFields(sandboxContract);
  const setting: RenewalSetting = {
    fields,
    market: { name: 'market_rent', unit: 'major' },
    currency: 'USD',
    today: '2026-01-10',
  };
  const lease = (id: string, unit: string, start: string, end: string | null, extra = {}): ServiceRecord => ({
    id,
    unit_id: unit,
    tenant_id: `t-${id}`,
    start_date: start,
    end_date: end,
    monthly_rent: 1000,
    security_deposit: 1500,
    status: 'active',
    ...extra,
  });
  const leases = [
    lease('l1', 'u1', '2025-03-01', '2026-02-28'),
    lease('l2', 'u2', '2025-03-01', '2026-02-28'),
    lease('l3', 'u3', '2025-03-01', null),
    lease('l4', 'u4', '2024-01-01', '2025-12-31'),
    lease('l5', 'u5', '2025-03-01', '2026-02-28', { security_deposit: null }),
    lease('l6', 'u6', '2025-03-01', '2026-02-28', { monthly_rent: 1180 }),
  ];
  const units = new Map(
    ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((id) => [id, { id, property_id: 'p1', market_rent: 1100 }]),
  );
  // u2 is let again from the day after l2 ends: l2 is already followed.
  const unitLeases = [...leases, lease('l2-next', 'u2', '2026-03-01', '2027-02-28')];
  const query = (
    rule: RenewalQuery['rule'],
    term: RenewalQuery['term'] = { kind: 'same' },
  ): RenewalQuery => ({
    leases: { ids: leases.map((l) => l.id) },
    term,
    rule,
    rounding: { step: 1, mode: 'nearest' },
  });

  it('renews at +3 % from the day after the end, for as long, the deposit carried over; says why others are not', () => {
    const rows = computeRenewals(
      { leases, units, unitLeases },
      query({ kind: 'percent', percent: 3 }),
      setting,
    );
    expect(rows.map((r) => [r.leaseId, r.start, r.end, r.months, r.rent, r.deposit, r.skipped])).toEqual([
      ['l1', '2026-03-01', '2027-02-28', 12, 1030, 1500, null],
      ['l2', null, null, null, null, 1500, 'Already followed by a lease from 2026-03-01'],
      ['l3', null, null, null, null, 1500, 'Month-to-month: no last day to renew from'],
      ['l4', null, null, null, null, 1500, 'Ended on 2025-12-31, before today'],
      ['l5', null, null, null, null, null, 'No deposit on record for this lease'],
      ['l6', '2026-03-01', '2027-02-28', 12, 1215, 1500, null],
    ]);
    expect(rows[1]!.followedBy).toBe('l2-next');
    expect(rows[0]).toMatchObject({
      tenantId: 't-l1',
      unitId: 'u1',
      propertyId: 'p1',
      current: 1000,
      market: 1100,
    });
  });

  it('raises to the market rent and keeps a rent already above it; a flat amount rounds to the step chosen', () => {
    const market = computeRenewals({ leases, units, unitLeases }, query({ kind: 'market' }), setting);
    expect(market.find((r) => r.leaseId === 'l1')!.rent).toBe(1100);
    expect(market.find((r) => r.leaseId === 'l6')!.rent).toBe(1180);
    const flat = computeRenewals(
      { leases, units, unitLeases },
      {
        ...query({ kind: 'flat', amount: 12 }, { kind: 'months', months: 6 }),
        rounding: { step: 25, mode: 'up' },
      },
      setting,
    );
    expect(flat[0]).toMatchObject({ rent: 1025, start: '2026-03-01', end: '2026-08-31', months: 6 });
  });
});
