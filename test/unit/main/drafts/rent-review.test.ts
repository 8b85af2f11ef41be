// Bulk rent review: the rules and rounding on hand-made leases, then a whole review against a sandbox
// over HTTP, split into drafts of at most 200 changes that are labelled as parts of one review.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import {
  computeRentReview,
  proposedValue,
  reviewMoney,
  roundToStep,
} from '../../../../src/main/drafts/rent-review';
import type { ReviewMoney } from '../../../../src/main/drafts/rent-review';
import { compileContract } from '../../../../src/shared/contract';
import { loadFixture } from '../../../support/fixture';
import type { RentReviewQuery } from '../../../../src/shared/drafts';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices } from '../../../support/test-services';

const query = (
  rule: RentReviewQuery['rule'],
  step = 1,
  mode: 'nearest' | 'up' | 'down' = 'nearest',
): RentReviewQuery => ({
  leaseFilters: {},
  rentField: 'rent',
  marketField: 'market',
  rule,
  neverAboveMarket: false,
  rounding: { step: step as RentReviewQuery['rounding']['step'], mode },
});

const usd: ReviewMoney = { currency: 'USD', rentUnit: 'major', marketUnit: 'major' };

describe('rent review rules', () => {
  const leases = [
    { id: 'l1', unit_id: 'u1', rent: 1000 },
    { id: 'l2', unit_id: 'u2', rent: 1500 },
    { id: 'l3', unit_id: 'u3' },
    { id: 'l4', unit_id: 'missing', rent: 800 },
  ];
  const units = new Map([
    ['u1', { id: 'u1', property_id: 'p1', market: 1100 }],
    ['u2', { id: 'u2', property_id: 'p1', market: 1400 }],
    ['u3', { id: 'u3', property_id: 'p2', market: 900 }],
  ]);

  it('rounds integer minor units to a step, up, down or to the nearest', () => {
    expect(roundToStep(103333.5, 1, 'nearest')).toBe(103334);
    expect(roundToStep(103100, 2500, 'up')).toBe(105000);
    expect(roundToStep(104900, 2500, 'down')).toBe(102500);
    // Float noise on a step stays on the step rather than being pushed past it.
    expect(roundToStep(105000.00000000001, 500, 'up')).toBe(105000);
    expect(roundToStep(30.000000000000004, 1, 'up')).toBe(30);
  });

  it('applies a percentage with rounding and totals only the leases that change', () => {
    const r = computeRentReview(leases, units, query({ kind: 'percent', percent: 3.5 }, 5, 'up'), 'now', usd);
    expect(r.rows.map((x) => [x.leaseId, x.proposed, x.skipped])).toEqual([
      ['l1', 1035, null],
      ['l2', 1555, null],
      ['l3', 0, 'No rent on record for this lease'],
      ['l4', 830, null],
    ]);
    expect(r.totals).toEqual({ leases: 4, included: 3, current: 3300, proposed: 3420, delta: 120 });
    expect(r.rows[0]).toMatchObject({ propertyId: 'p1', market: 1100 });
  });

  it('raises to the market rent only where it is higher, capped, and never below zero', () => {
    const market = computeRentReview(leases, units, query({ kind: 'market', capPercent: 5 }), 'now', usd);
    expect(market.rows.map((x) => [x.leaseId, x.proposed, x.skipped])).toEqual([
      ['l1', 1050, null],
      ['l2', 1500, 'Already at or above the market rent'],
      ['l3', 0, 'No rent on record for this lease'],
      ['l4', 800, 'The unit has no market rent on record'],
    ]);
    const cut = computeRentReview(leases, units, query({ kind: 'flat', amount: -1200 }), 'now', usd);
    expect(cut.rows.find((x) => x.leaseId === 'l4')?.skipped).toBe('The new rent would be below zero');
  });
});

describe('rent review on a contract that keeps rents in cents', () => {
  const lakeside = compileContract(loadFixture('lakeside-openapi-3.1.json'));
  const q = (rule: RentReviewQuery['rule'], step = 0.01): RentReviewQuery => ({
    leaseFilters: {},
    rentField: 'rent_minor',
    marketField: 'rent_minor',
    rule,
    neverAboveMarket: false,
    rounding: { step: step as RentReviewQuery['rounding']['step'], mode: 'nearest' },
  });

  it('reads the units from the contract', () => {
    expect(reviewMoney(lakeside, q({ kind: 'percent', percent: 3 }), 'USD')).toEqual({
      currency: 'USD',
      rentUnit: 'minor',
      marketUnit: 'minor',
    });
  });

  it('a +3 % review of $1,234.56 kept as 123456 cents proposes $1,271.60, written as the integer 127160', () => {
    const money = reviewMoney(lakeside, q({ kind: 'percent', percent: 3 }), 'USD');
    const leases = [
      { id: 'l1', unit_id: 'u1', rent_minor: 123456 },
      { id: 'l2', unit_id: 'u1', rent_minor: 99999 },
      { id: 'l3', unit_id: 'u1', rent_minor: 1 },
    ];
    const r = computeRentReview(leases, new Map(), q({ kind: 'percent', percent: 3 }), 'now', money);
    expect(r.currency).toBe('USD');
    expect(r.rows.map((x) => [x.current, x.proposed, x.skipped])).toEqual([
      [1234.56, 1271.6, null],
      [999.99, 1029.99, null],
      [0.01, 0.01, 'No change after rounding'],
    ]);
    const written = r.rows.slice(0, 2).map((row) => proposedValue(row, money));
    expect(written).toEqual([127160, 102999]);
    expect(written.every(Number.isInteger)).toBe(true);
    expect(r.totals).toEqual({ leases: 3, included: 2, current: 2234.55, proposed: 2301.59, delta: 67.04 });
  });

  it('rounds in currency units: to the nearest $5 of a cents rent, and a flat amount in dollars', () => {
    const money = reviewMoney(lakeside, q({ kind: 'flat', amount: 12.5 }), 'USD');
    const leases = [{ id: 'l1', unit_id: 'u1', rent_minor: 100000 }];
    const flat = computeRentReview(leases, new Map(), q({ kind: 'flat', amount: 12.5 }), 'now', money);
    expect(proposedValue(flat.rows[0]!, money)).toBe(101250);
    const fives = computeRentReview(leases, new Map(), q({ kind: 'percent', percent: 3 }, 5), 'now', money);
    expect(fives.rows[0]!.proposed).toBe(1030);
    expect(proposedValue(fives.rows[0]!, money)).toBe(103000);
  });

  it('keeps yen whole: a minor unit of JPY is one yen', () => {
    const money: ReviewMoney = { currency: 'JPY', rentUnit: 'minor', marketUnit: 'minor' };
    const r = computeRentReview(
      [{ id: 'l1', unit_id: 'u1', rent_minor: 85000 }],
      new Map(),
      q({ kind: 'percent', percent: 2.5 }, 1),
      'now',
      money,
    );
    expect(r.rows[0]).toMatchObject({ current: 85000, proposed: 87125 });
    expect(proposedValue(r.rows[0]!, money)).toBe(87125);
  });

  it('compares with a market rent kept in the other unit', () => {
    const money: ReviewMoney = { currency: 'USD', rentUnit: 'minor', marketUnit: 'major' };
    const r = computeRentReview(
      [{ id: 'l1', unit_id: 'u1', rent_minor: 100000 }],
      new Map([['u1', { id: 'u1', market: 1100.5 }]]),
      { ...q({ kind: 'market' }), marketField: 'market' },
      'now',
      money,
    );
    expect(r.rows[0]).toMatchObject({ current: 1000, proposed: 1100.5, market: 1100.5, skipped: null });
    expect(proposedValue(r.rows[0]!, money)).toBe(110050);
  });
});

describe('rent review against the service', () => {
  let sandbox: Sandbox;
  let services: AppServices;
  let dataDir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, recordsScale: 3 });
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-review-'));
    services = createTestServices(dataDir);
    const conn = await services.connections.add({
      name: 'Sandbox',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.keys.find((k) => k.name === 'full')!.key,
    });
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
  });
  afterAll(async () => {
    await services.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('previews every matching lease and splits more than 200 changes into labelled parts', async () => {
    const q: RentReviewQuery = {
      leaseFilters: { status: 'active' },
      rentField: 'monthly_rent',
      marketField: 'market_rent',
      rule: { kind: 'percent', percent: 4 },
      neverAboveMarket: false,
      rounding: { step: 5, mode: 'nearest' },
    };
    const preview = await services.drafts.rentReviewPreview(q);
    const leases = await services.clients
      .client()
      .list('leases', { filters: { status: 'active' }, limit: 100 });
    expect(preview.rows.length).toBeGreaterThan(200);
    expect(preview.rows.length).toBeGreaterThanOrEqual(leases.data.length);
    const included = preview.rows.filter((r) => r.skipped === null);
    expect(preview.drafts).toBe(Math.ceil(included.length / 200));

    const ids = await services.drafts.rentReviewCreate(q, 'Spring review');
    expect(ids).toHaveLength(preview.drafts);
    const drafts = ids.map((id) => services.drafts.detail(id));
    expect(drafts.map((d) => d.changeCount)).toEqual(
      drafts.map((_, i) => (i < drafts.length - 1 ? 200 : included.length - 200 * (drafts.length - 1))),
    );
    expect(drafts[0]!.label).toBe(`Spring review — part 1 of ${drafts.length}`);
    expect(drafts[0]!.reviewGroup).toMatchObject({ part: 1, parts: drafts.length });
    const first = drafts[0]!.changes[0]!;
    const row = included.find((r) => r.leaseId === first.resourceId)!;
    expect(first.fields).toEqual({ monthly_rent: row.proposed });
    expect(first.snapshot?.monthly_rent).toBe(row.current);
    // Every part is a valid batch by the contract.
    expect(drafts.every((d) => d.valid)).toBe(true);
  });

  it('keeps only the leases the user left in', async () => {
    const q: RentReviewQuery = {
      leaseFilters: { status: 'active' },
      rentField: 'monthly_rent',
      rule: { kind: 'flat', amount: 25 },
      neverAboveMarket: false,
      rounding: { step: 1, mode: 'nearest' },
    };
    const preview = await services.drafts.rentReviewPreview(q);
    const keep = preview.rows.slice(0, 3).map((r) => r.leaseId);
    const [id] = await services.drafts.rentReviewCreate(q, 'Three leases', keep);
    const draft = services.drafts.detail(id!);
    expect(draft.label).toBe('Three leases');
    expect(draft.changes.map((c) => c.resourceId)).toEqual(keep);
  });

  it('says plainly when the contract gives leases no unit to review by property or market rent', async () => {
    const connectionId = services.connections.active().id;
    const harbor = readFileSync(
      join(import.meta.dirname, '../../../fixtures/contracts/harbor-openapi-3.0.json'),
      'utf8',
    );
    services.store.contracts.put(connectionId, {
      json: harbor,
      hash: createHash('sha256').update(harbor).digest('hex'),
      fetchedAt: '2026-11-23T00:00:00Z',
    });
    services.contract.forget();
    try {
      await expect(
        services.drafts.rentReviewPreview({
          leaseFilters: {},
          rentField: 'rent_pcm',
          propertyId: 'bld_1',
          rule: { kind: 'flat', amount: 10 },
          neverAboveMarket: false,
          rounding: { step: 1, mode: 'nearest' },
        }),
      ).rejects.toMatchObject({
        code: 'unsupported_by_service',
        message: expect.stringMatching(/no unit_id field/),
      });
    } finally {
      await services.contract.get(connectionId, () => services.clients.client().openapi(), {
        refresh: true,
      });
    }
  });
});
