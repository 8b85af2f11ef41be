// The rent review's main rules, a percentage or an amount, with the "never above market rent" switch on
// and off: where the raise stops, which leases are left out, and how far the others end above market,
// in currency units and in a contract that keeps rents in cents.
import { describe, expect, it } from 'vitest';
import { computeRentReview, proposedValue, reviewMoney } from '../../../../src/main/drafts/rent-review';
import type { ReviewMoney } from '../../../../src/main/drafts/rent-review';
import { compileContract } from '../../../../src/shared/contract';
import type { RentReviewQuery } from '../../../../src/shared/drafts';
import { loadFixture } from '../../../support/fixture';

type Step = RentReviewQuery['rounding']['step'];

const review = (
  rule: RentReviewQuery['rule'],
  neverAboveMarket: boolean,
  step: Step = 1,
  mode: RentReviewQuery['rounding']['mode'] = 'nearest',
): RentReviewQuery => ({
  leaseFilters: {},
  rentField: 'monthly_rent',
  marketField: 'market_rent',
  rule,
  neverAboveMarket,
  rounding: { step, mode },
});

const acme = compileContract(loadFixture('acme-openapi-3.1.json'));
const usd: ReviewMoney = reviewMoney(acme, review({ kind: 'percent', percent: 3 }, true), 'USD');

const leases = [
  { id: 'below', unit_id: 'u1', tenant_id: 't1', monthly_rent: 1000 },
  { id: 'near', unit_id: 'u2', tenant_id: 't2', monthly_rent: 1490 },
  { id: 'above', unit_id: 'u3', tenant_id: 't3', monthly_rent: 1600 },
  { id: 'nomarket', unit_id: 'u4', tenant_id: null, monthly_rent: 900 },
];
const units = new Map([
  ['u1', { id: 'u1', property_id: 'p1', market_rent: 1100 }],
  ['u2', { id: 'u2', property_id: 'p1', market_rent: 1500 }],
  ['u3', { id: 'u3', property_id: 'p2', market_rent: 1555 }],
  ['u4', { id: 'u4', property_id: 'p2', market_rent: null }],
]);

const outcome = (q: RentReviewQuery, money = usd) =>
  computeRentReview(leases, units, q, 'now', money).rows.map((r) => [
    r.leaseId,
    r.proposed,
    r.skipped,
    r.aboveMarket,
    r.heldAtMarket,
  ]);

describe('raise by a percentage', () => {
  it('with the switch off, raises every rent and says how far each ends above market', () => {
    expect(outcome(review({ kind: 'percent', percent: 3 }, false))).toEqual([
      ['below', 1030, null, null, false],
      ['near', 1535, null, 35, false],
      ['above', 1648, null, 93, false],
      ['nomarket', 927, null, null, false],
    ]);
  });

  it('never above market: stops at the market rent, leaves out rents already above it and unknown ones', () => {
    expect(outcome(review({ kind: 'percent', percent: 3 }, true))).toEqual([
      ['below', 1030, null, null, false],
      ['near', 1500, null, null, true],
      ['above', 1600, 'Already at or above the market rent', null, false],
      ['nomarket', 900, 'The unit has no market rent on record', null, false],
    ]);
  });

  it('rounding up to $25 never carries a rent past the market rent when the switch is on', () => {
    // 1000 × 1.08 = 1080, up to 1100 (= market): kept; 1490 × 1.08 = 1609.2 → 1625, held at 1500.
    expect(outcome(review({ kind: 'percent', percent: 8 }, true, 25, 'up')).slice(0, 2)).toEqual([
      ['below', 1100, null, null, false],
      ['near', 1500, null, null, true],
    ]);
    // Off, rounding decides alone: 1080 → 1100 and 1609.2 → 1625, 125 above the market rent.
    expect(outcome(review({ kind: 'percent', percent: 8 }, false, 25, 'up')).slice(0, 2)).toEqual([
      ['below', 1100, null, null, false],
      ['near', 1625, null, 125, false],
    ]);
  });
});

describe('raise by an amount', () => {
  it('adds the amount in the connection’s currency, with and without the market ceiling', () => {
    expect(outcome(review({ kind: 'flat', amount: 45 }, false)).slice(0, 3)).toEqual([
      ['below', 1045, null, null, false],
      ['near', 1535, null, 35, false],
      ['above', 1645, null, 90, false],
    ]);
    expect(outcome(review({ kind: 'flat', amount: 45 }, true)).slice(0, 3)).toEqual([
      ['below', 1045, null, null, false],
      ['near', 1500, null, null, true],
      ['above', 1600, 'Already at or above the market rent', null, false],
    ]);
  });

  it('a rent that ends exactly on the market rent is neither held nor above it', () => {
    const rows = computeRentReview(
      leases.slice(0, 1),
      units,
      review({ kind: 'flat', amount: 100 }, true),
      'now',
      usd,
    ).rows;
    expect(rows[0]).toMatchObject({ proposed: 1100, aboveMarket: null, heldAtMarket: false });
  });

  it('totals count only the leases that change', () => {
    const r = computeRentReview(leases, units, review({ kind: 'flat', amount: 45 }, true), 'now', usd);
    expect(r.totals).toEqual({ leases: 4, included: 2, current: 2490, proposed: 2545, delta: 55 });
  });
});

describe('a contract that keeps rents and market rents in cents (Lakeside)', () => {
  const lakeside = compileContract(loadFixture('lakeside-openapi-3.1.json'));
  const q = (neverAboveMarket: boolean): RentReviewQuery => ({
    ...review({ kind: 'percent', percent: 3 }, neverAboveMarket, 0.01),
    rentField: 'rent_minor',
    marketField: 'rent_minor',
  });
  const money = reviewMoney(lakeside, q(true), 'GBP');
  const centsLeases = [
    { id: 'l1', unit_id: 'u1', rent_minor: 123456 },
    { id: 'l2', unit_id: 'u2', rent_minor: 99999 },
  ];
  const centsUnits = new Map([
    ['u1', { id: 'u1', rent_minor: 125000 }],
    ['u2', { id: 'u2', rent_minor: 200000 }],
  ]);

  it('reads both amounts as minor units from the contract', () => {
    expect(money).toEqual({ currency: 'GBP', rentUnit: 'minor', marketUnit: 'minor' });
  });

  it('holds £1,234.56 + 3 % at the £1,250.00 market rent and writes integer pence', () => {
    const r = computeRentReview(centsLeases, centsUnits, q(true), 'now', money);
    expect(r.rows.map((x) => [x.current, x.proposed, x.heldAtMarket])).toEqual([
      [1234.56, 1250, true],
      [999.99, 1029.99, false],
    ]);
    expect(r.rows.map((x) => proposedValue(x, money))).toEqual([125000, 102999]);
  });

  it('with the switch off, ends £21.60 above the market rent and says so', () => {
    const r = computeRentReview(centsLeases, centsUnits, q(false), 'now', money);
    expect(r.rows[0]).toMatchObject({ proposed: 1271.6, aboveMarket: 21.6, heldAtMarket: false });
    expect(proposedValue(r.rows[0]!, money)).toBe(127160);
  });
});
