// The sum under a filtered payments list over every payment the filters match: from the complete
// offline copy (count, total in currency units, the copy's time), equal to what the service's own
// listing with those filters adds up to; nothing without a copy, so the screen sums what it loaded;
// bad input refused with a clear message. Through the app's real composition and dispatcher over the
// demo service, and under another contract (Lakeside's amounts in pence) over a real SQLite copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractService } from '../../../../src/main/contract/contract-service';
import { WholeSums } from '../../../../src/main/offline-copy/whole-sums';
import { ownFilterTerms } from '../../../../src/main/offline-copy/own-filter-terms';
import type { WholeSum } from '../../../../src/shared/list-sum';
import type { ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { tempStore } from '../../../support/temp-store';
import { windowCalls } from '../../../support/test-services';
import type { WindowAnswer } from '../../../support/test-services';
import { contractFixture, LAKESIDE, storeCopy } from '../contract-copy';

let fx: OfflineCopyFixture;
let call: <T = Record<string, unknown>>(channel: string, args?: unknown) => Promise<WindowAnswer<T>>;
let payments: ServiceRecord[];

const sum = async (filters: Record<string, string>) => {
  const answer = await call<{ sum: WholeSum | null }>('collections.sum', { collection: 'payments', filters });
  expect(answer.error).toBeUndefined();
  return answer.data!.sum;
};

/** What the service's own listing with these filters holds: how many, and their amounts in cents. */
const serviceSum = async (filters: Record<string, string>) => {
  const listed = await cleanListing(fx.sandbox.baseUrl, fx.key, 'payments', filters);
  const cents = listed.reduce((total, p) => total + Math.round(Number(p.amount) * 100), 0);
  return { count: listed.length, total: cents / 100 };
};

beforeAll(async () => {
  // Seed 1 is the demo organisation's.
  fx = await offlineCopyFixture({ seed: 1 });
  call = windowCalls(fx.services);
  await call('connections.update', { id: fx.connectionId, currency: 'USD' });
  payments = await cleanListing(fx.sandbox.baseUrl, fx.key, 'payments');
});

afterAll(async () => {
  await fx.close();
});

describe('the sum of every payment a filtered list matches', () => {
  it('has no answer without an offline copy: the screen adds up what it has loaded', async () => {
    expect(await sum({ status: 'unpaid' })).toBeNull();
  });

  it('counts and adds up the whole filter from the copy, as the service’s own listing does', async () => {
    await offlineCopyToEnd(fx.services);
    const asOf = fx.services.offlineCopy.status().collections.find((c) => c.collection === 'payments')!.asOf;
    const tenant = String(payments.find((p) => p.status === 'unpaid')!.tenant_id);
    const lease = String(payments.find((p) => p.status === 'late')!.lease_id);
    const cases: Array<Record<string, string>> = [
      { status: 'unpaid' },
      // More than a page of the list: the sum covers the pages not loaded.
      { status: 'paid' },
      { tenant_id: tenant },
      { tenant_id: tenant, status: 'unpaid' },
      { lease_id: lease },
      { due_date: '2026-01-31', status: 'late' },
      { tenant_id: 'no-such-tenant' },
    ];
    for (const filters of cases) {
      const expected = await serviceSum(filters);
      expect(await sum(filters), JSON.stringify(filters)).toEqual({ ...expected, asOf });
    }
    expect((await serviceSum({ status: 'paid' })).count).toBeGreaterThan(100);
  });

  it('refuses bad input with a clear message and answers as before', async () => {
    const before = await sum({ status: 'unpaid' });
    const refused = [
      { collection: 'tenants', filters: {} },
      { collection: 'payments', filters: { colour: 'red' } },
      { collection: 'payments', filters: { status: 'x'.repeat(500) } },
      { collection: 'payments', filters: {}, onOrAfter: { due_date: '2026-01-01' } },
      { collection: 'payments', filters: {}, cursor: 'abc' },
      { collection: 'payments', filters: { due_date: 'tomorrow' } },
      'payments',
    ];
    for (const args of refused) {
      const answer = await call('collections.sum', args);
      expect(answer.ok, JSON.stringify(args)).toBe(false);
      expect(answer.error!.message.length).toBeGreaterThan(10);
    }
    const date = await call('collections.sum', { collection: 'payments', filters: { due_date: 'tomorrow' } });
    expect(date.error!.message).toMatch(/YYYY-MM-DD/);
    expect(await sum({ status: 'unpaid' })).toEqual(before);
  });
});

describe('under another contract', () => {
  it('adds up Lakeside’s amounts kept in pence, in pounds, over the whole filter', () => {
    const temp = tempStore('whole-sum');
    try {
      const { store } = temp;
      const charges: ServiceRecord[] = [
        ...LAKESIDE.payments!,
        { id: 'chg_2', lease_id: 'tn_1', amount: 99, due_on: '2026-04-01', state: 'due' },
        { id: 'chg_3', lease_id: 'tn_2', amount: 150000, due_on: '2026-03-01', state: 'settled' },
        { id: 'chg_4', lease_id: 'tn_1', amount: null, due_on: '2026-05-01', state: 'due' },
      ];
      const asOf = '2026-05-02T08:00:00.000Z';
      storeCopy(
        store,
        'c1',
        contractFixture('lakeside-openapi-3.1.json'),
        { ...LAKESIDE, payments: charges },
        asOf,
      );
      const contracts = new ContractService(store.contracts);
      const sums = new WholeSums({
        repo: store.offlineCopies,
        activeId: () => 'c1',
        contract: (id) => contracts.compiledCached(id),
        currency: () => 'GBP',
        ownTerms: ownFilterTerms({
          repo: store.offlineCopies,
          contract: (id) => contracts.compiledCached(id),
        }),
      });
      // 1,250.50 + 0.99, and a charge with no amount still counted.
      expect(sums.of({ collection: 'payments', filters: { lease_id: 'tn_1' } })).toEqual({
        sum: { count: 3, total: 1251.49, asOf },
      });
      expect(sums.of({ collection: 'payments', filters: {} }).sum).toMatchObject({
        count: 4,
        total: 2751.49,
      });
      expect(sums.of({ collection: 'payments', filters: { lease_id: 'tn_9' } }).sum).toMatchObject({
        count: 0,
        total: 0,
      });
      // Amounts past what is counted exactly (1e308, or pence beyond 2^53 in all) give no wrong total.
      const huge: ServiceRecord[] = [
        { id: 'chg_5', lease_id: 'tn_5', amount: 1e308, due_on: '2026-04-01', state: 'due' },
        { id: 'chg_6', lease_id: 'tn_6', amount: 2 ** 53 - 1, due_on: '2026-04-01', state: 'due' },
        { id: 'chg_7', lease_id: 'tn_6', amount: 2, due_on: '2026-04-01', state: 'due' },
      ];
      storeCopy(store, 'c1', contractFixture('lakeside-openapi-3.1.json'), { payments: huge }, asOf);
      for (const lease of ['tn_5', 'tn_6'])
        expect(() => sums.of({ collection: 'payments', filters: { lease_id: lease } }), lease).toThrow(
          /payments these filters match hold amounts too large to add up exactly/,
        );
    } finally {
      temp.close();
    }
  });
});
