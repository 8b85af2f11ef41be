// The bulk rent review screen's pure parts: which contract fields it offers (two contracts unlike the
// sandbox's), the query built from the form, and totals and sentences over the leases kept.
import { describe, expect, it } from 'vitest';
import acmeJson from '../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import harborJson from '../../../../fixtures/contracts/harbor-openapi-3.0.json?raw';
import { compileContract } from '../../../../../src/shared/contract';
import type { RentReviewRow } from '../../../../../src/shared/drafts';
import { rentReviewFields } from '../../../../../src/renderer/src/features/rent-review/rent-review-fields';
import {
  buildQuery,
  defaultLabel,
  initialForm,
} from '../../../../../src/renderer/src/features/rent-review/rent-review-query';
import {
  changeSentence,
  draftsSentence,
  keptLeaseIds,
  keptTotals,
} from '../../../../../src/renderer/src/features/rent-review/rent-review-totals';

const money = (n: number) => `$${n.toFixed(2)}`;

describe('rentReviewFields', () => {
  it('offers the lease’s numeric update fields, monthly_rent first, and market fields of units (Acme)', () => {
    const f = rentReviewFields(compileContract(JSON.parse(acmeJson) as unknown));
    expect(f.rentFields.map((x) => x.name)).toEqual(['monthly_rent']);
    expect(f.defaultRentField).toBe('monthly_rent');
    expect(f.marketFields.map((x) => x.name)).toEqual(['market_rent']);
    expect(f.statusChoices).toEqual(['draft', 'active', 'ended']);
    expect(f.defaultStatus).toBe('active');
  });

  it('works with a contract that names rent differently and has no market rent or status (Harbor)', () => {
    const f = rentReviewFields(compileContract(JSON.parse(harborJson) as unknown));
    expect(f.rentFields.map((x) => x.name)).toEqual(['rent_pcm']);
    expect(f.defaultRentField).toBe('rent_pcm');
    expect(f.marketFields).toEqual([]);
    expect(f.statusChoices).toBeUndefined();
    expect(f.defaultStatus).toBe('');
  });

  it('offers nothing before the contract is known', () => {
    expect(rentReviewFields(undefined)).toMatchObject({ rentFields: [], defaultRentField: undefined });
  });
});

describe('buildQuery', () => {
  const base = initialForm({ rentField: 'monthly_rent', marketField: 'market_rent', status: 'active' });

  it('builds the service’s lease filters, the rule and the rounding', () => {
    const built = buildQuery({
      ...base,
      endDate: '2026-12-31',
      propertyId: 'prop_1',
      percent: '+3.5%',
      step: 5,
      mode: 'up',
    });
    expect(built).toEqual({
      ok: true,
      query: {
        leaseFilters: { status: 'active', end_date: '2026-12-31' },
        propertyId: 'prop_1',
        rentField: 'monthly_rent',
        marketField: 'market_rent',
        rule: { kind: 'percent', percent: 3.5 },
        neverAboveMarket: true,
        rounding: { step: 5, mode: 'up' },
      },
    });
    expect(buildQuery({ ...base, ruleKind: 'flat', amount: '$1,000' })).toMatchObject({
      ok: true,
      query: { rule: { kind: 'flat', amount: 1000 } },
    });
    expect(buildQuery({ ...base, ruleKind: 'market' })).toMatchObject({
      ok: true,
      query: { rule: { kind: 'market' }, neverAboveMarket: false },
    });
    expect(buildQuery({ ...base, status: '', marketField: '', neverAboveMarket: false })).toMatchObject({
      ok: true,
      query: { leaseFilters: {}, neverAboveMarket: false },
    });
  });

  it('says what is wrong with each input instead of building a query', () => {
    expect(buildQuery({ ...base, percent: 'lots' })).toMatchObject({
      ok: false,
      problems: { percent: expect.any(String) },
    });
    expect(buildQuery({ ...base, percent: '150' })).toMatchObject({
      ok: false,
      problems: { percent: /-50 to 100/ },
    });
    expect(buildQuery({ ...base, ruleKind: 'flat', amount: '0' })).toMatchObject({
      ok: false,
      problems: { amount: expect.any(String) },
    });
    expect(buildQuery({ ...base, ruleKind: 'market', marketField: '' })).toMatchObject({
      ok: false,
      problems: { marketField: expect.any(String) },
    });
    // Never above market needs a market rent to compare with.
    expect(buildQuery({ ...base, marketField: '' })).toMatchObject({
      ok: false,
      problems: { marketField: /Never above market rent/ },
    });
    expect(buildQuery({ ...base, rentField: '' })).toMatchObject({
      ok: false,
      problems: { rentField: expect.any(String) },
    });
  });

  it('names the drafts after the rule', () => {
    const off = { neverAboveMarket: false };
    expect(defaultLabel({ rule: { kind: 'percent', percent: 3 }, ...off }, money)).toBe('Rent review +3%');
    expect(defaultLabel({ rule: { kind: 'percent', percent: 3 }, neverAboveMarket: true }, money)).toBe(
      'Rent review +3%, never above market',
    );
    expect(defaultLabel({ rule: { kind: 'flat', amount: 50 }, ...off }, money)).toBe('Rent review +$50.00');
    expect(defaultLabel({ rule: { kind: 'market' }, ...off }, money)).toBe('Rent review up to market rent');
  });
});

describe('keptTotals and the sentences', () => {
  const row = (i: number, skipped: string | null = null): RentReviewRow => ({
    leaseId: `lease_${i}`,
    unitId: `unit_${i}`,
    propertyId: 'prop_1',
    tenantId: null,
    current: 1000.1,
    proposed: skipped ? 1000.1 : 1012.58,
    market: null,
    skipped,
    aboveMarket: null,
    heldAtMarket: false,
  });
  const rows = [
    ...Array.from({ length: 252 }, (_, i) => row(i)),
    row(900, 'No rent on record for this lease'),
  ];

  it('adds up kept leases exactly and splits them into drafts of at most 200', () => {
    const left = new Set(['lease_0', 'lease_1']);
    const t = keptTotals(rows, left, 'USD');
    expect(t).toEqual({
      leases: 253,
      eligible: 252,
      kept: 250,
      current: 250_025,
      proposed: 253_145,
      delta: 3_120,
      parts: [200, 50],
    });
    expect(changeSentence('Monthly rent', t, (n) => `$${n.toLocaleString('en-US')}`)).toBe(
      'Monthly rent +$3,120 across 250 leases',
    );
    expect(draftsSentence(t.parts)).toBe('Creates 2 drafts (200 + 50 changes)');
    expect(keptLeaseIds(rows, left)).toHaveLength(250);
    expect(keptLeaseIds(rows, left)).not.toContain('lease_900');
  });

  it('describes one draft and none', () => {
    expect(draftsSentence([1])).toBe('Creates 1 draft (1 change)');
    expect(draftsSentence([])).toMatch(/no draft/);
    expect(keptTotals(rows.slice(0, 3), new Set(), 'USD').parts).toEqual([3]);
  });
});
