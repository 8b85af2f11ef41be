// PropDesk's own filters on Payments (a property, through the payment's lease and unit, and a range of
// the day money was received) over a real offline copy, through the app's dispatcher: every page of the
// list and the whole-filter sum hold exactly the payments this test picks from its own HTTP listings of
// the service; the service's filters still combine with them; without a copy, or with bad input, a
// plain refusal. Under the demo's contract and under Lakeside's (received day "settled_on", amounts in
// pence), so the field names come from the contract, never from the default's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WholeSum } from '../../../../src/shared/list-sum';
import type { ServiceRecord } from '../../../../src/shared/service';
import { connectedToLakeside } from '../../../support/lakeside-connected';
import type { LakesideConnected } from '../../../support/lakeside-connected';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { windowCalls } from '../../../support/test-services';
import type { WindowAnswer } from '../../../support/test-services';

type Call = <T = Record<string, unknown>>(channel: string, args?: unknown) => Promise<WindowAnswer<T>>;
type Own = { property?: string; received_from?: string; received_to?: string };

interface Listed {
  payments: ServiceRecord[];
  leases: ServiceRecord[];
  units: ServiceRecord[];
}

/** Every payment the list shows, page after page, as the screen reads them. */
async function listAll(call: Call, filters: Record<string, string>, own: Own): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const answer = await call<{ data: ServiceRecord[]; hasMore: boolean; nextCursor: string | null }>(
      'collections.list',
      { collection: 'payments', filters, own, limit: 50, ...(cursor ? { cursor } : {}) },
    );
    expect(answer.error).toBeUndefined();
    ids.push(...answer.data!.data.map((p) => p.id));
    if (!answer.data!.hasMore) return ids;
    cursor = answer.data!.nextCursor!;
  }
  throw new Error('the list did not end');
}

async function wholeSum(call: Call, filters: Record<string, string>, own: Own): Promise<WholeSum | null> {
  const answer = await call<{ sum: WholeSum | null }>('collections.sum', {
    collection: 'payments',
    filters,
    own,
  });
  expect(answer.error).toBeUndefined();
  return answer.data!.sum;
}

/** The test's own reading: a payment's property through its lease's unit, its day from `received`. */
function expected(
  listed: Listed,
  fields: { received: string; amount: string; minorUnits: boolean },
  own: Own,
  filters: (p: ServiceRecord) => boolean = () => true,
): { ids: string[]; count: number; total: number } {
  const unitOf = new Map(listed.leases.map((l) => [l.id, String(l.unit_id)]));
  const propertyOf = new Map(listed.units.map((u) => [u.id, String(u.property_id)]));
  const picked = listed.payments.filter((p) => {
    const day = typeof p[fields.received] === 'string' ? String(p[fields.received]).slice(0, 10) : null;
    if ((own.received_from || own.received_to) && day === null) return false;
    if (own.received_from && day! < own.received_from) return false;
    if (own.received_to && day! > own.received_to) return false;
    if (own.property && propertyOf.get(unitOf.get(String(p.lease_id)) ?? '') !== own.property) return false;
    return filters(p);
  });
  const cents = picked.reduce(
    (s, p) => s + (fields.minorUnits ? Number(p[fields.amount]) : Math.round(Number(p[fields.amount]) * 100)),
    0,
  );
  return { ids: picked.map((p) => p.id).sort(), count: picked.length, total: cents / 100 };
}

/** A property with payments, and the range of a year from the listing's received days. */
function aCase(listed: Listed, received: string): { property: string; from: string; to: string } {
  const days = listed.payments
    .map((p) => p[received])
    .filter((d): d is string => typeof d === 'string')
    .sort();
  expect(days.length).toBeGreaterThan(20);
  const unitOf = new Map(listed.leases.map((l) => [l.id, String(l.unit_id)]));
  const lease = listed.payments.find((p) => typeof p[received] === 'string')!.lease_id;
  const property = String(listed.units.find((u) => u.id === unitOf.get(String(lease)))!.property_id);
  return {
    property,
    from: days[Math.floor(days.length / 4)]!.slice(0, 10),
    to: days[Math.floor((days.length * 3) / 4)]!.slice(0, 10),
  };
}

async function checkAgainstOracle(
  call: Call,
  listed: Listed,
  fields: { received: string; amount: string; minorUnits: boolean },
): Promise<void> {
  const { property, from, to } = aCase(listed, fields.received);
  const cases: Array<{ own: Own; filters?: Record<string, string> }> = [
    { own: { property } },
    { own: { received_from: from, received_to: to } },
    { own: { received_from: from } },
    { own: { received_to: to } },
    { own: { property, received_from: from, received_to: to } },
    // With the service's own filter: a status.
    { own: { received_from: from }, filters: { status: 'late' } },
    { own: { property: 'no-such-property' } },
  ];
  let nonEmpty = 0;
  for (const { own, filters = {} } of cases) {
    const want = expected(listed, fields, own, (p) => Object.entries(filters).every(([k, v]) => p[k] === v));
    const label = JSON.stringify({ own, filters });
    expect((await listAll(call, filters, own)).sort(), label).toEqual(want.ids);
    expect(await wholeSum(call, filters, own), label).toMatchObject({ count: want.count, total: want.total });
    if (want.count > 0 && want.count < listed.payments.length) nonEmpty += 1;
  }
  // The cases narrow for real: most pick some payments, never all.
  expect(nonEmpty).toBeGreaterThanOrEqual(5);
}

/** The list's Property column: each payment's property, as the test reads it through lease and unit. */
async function checkPlaces(call: Call, listed: Listed, filters: Record<string, string>): Promise<void> {
  const unitOf = new Map(listed.leases.map((l) => [l.id, String(l.unit_id)]));
  const propertyOf = new Map(listed.units.map((u) => [u.id, String(u.property_id)]));
  const answer = await call<{ data: ServiceRecord[]; properties?: Record<string, string | null> }>(
    'collections.list',
    { collection: 'payments', filters, limit: 100 },
  );
  expect(answer.error).toBeUndefined();
  const { data, properties } = answer.data!;
  expect(data.length).toBeGreaterThan(10);
  const want = Object.fromEntries(
    data.map((p) => [p.id, propertyOf.get(unitOf.get(String(p.lease_id)) ?? '') ?? null]),
  );
  expect(properties).toEqual(want);
  expect(new Set(Object.values(want)).size).toBeGreaterThan(1);
}

describe('Payments by property and received day, on the demo’s contract', () => {
  let fx: OfflineCopyFixture;
  let call: Call;
  let listed: Listed;

  beforeAll(async () => {
    fx = await offlineCopyFixture({ seed: 1 });
    call = windowCalls(fx.services);
    await call('connections.update', { id: fx.connectionId, currency: 'USD' });
    const read = (c: 'payments' | 'leases' | 'units') => cleanListing(fx.sandbox.baseUrl, fx.key, c);
    listed = { payments: await read('payments'), leases: await read('leases'), units: await read('units') };
  });

  afterAll(async () => {
    await fx.close();
  });

  it('says the offline copy is needed when there is none, instead of asking the service', async () => {
    await fx.services.offlineCopy.whenIdle();
    fx.services.store.offlineCopies.forget(fx.connectionId);
    const answer = await call('collections.list', {
      collection: 'payments',
      filters: {},
      own: { received_from: '2025-01-01' },
    });
    expect(answer.ok).toBe(false);
    expect(answer.error!.message).toMatch(/offline copy/);
  });

  it('lists and sums exactly the payments of the property and days chosen', async () => {
    await offlineCopyToEnd(fx.services);
    await checkAgainstOracle(call, listed, { received: 'paid_date', amount: 'amount', minorUnits: false });
  });

  it('says the property of each payment listed, through its lease and unit', async () => {
    await checkPlaces(call, listed, {});
    await checkPlaces(call, listed, { status: 'paid' });
  });

  it('refuses bad input plainly and answers as before', async () => {
    const before = await wholeSum(call, {}, { received_from: '2025-01-01' });
    const refused: unknown[] = [
      { collection: 'payments', filters: {}, own: { received_from: 'last year' } },
      { collection: 'payments', filters: {}, own: { received_to: '2025-02-30' } },
      { collection: 'payments', filters: {}, own: { colour: 'red' } },
      { collection: 'payments', filters: {}, own: { property: 'a b' } },
      {
        collection: 'payments',
        filters: {},
        own: { received_from: '2025-12-31', received_to: '2025-01-01' },
      },
      { collection: 'units', filters: {}, own: { property: 'p1' } },
    ];
    for (const args of refused) {
      for (const channel of ['collections.list', 'collections.sum']) {
        const answer = await call(channel, args);
        expect(answer.ok, `${channel} ${JSON.stringify(args)}`).toBe(false);
        expect(answer.error!.message.length).toBeGreaterThan(10);
      }
    }
    const swapped = await call('collections.list', {
      collection: 'payments',
      filters: {},
      own: { received_from: '2025-12-31', received_to: '2025-01-01' },
    });
    expect(swapped.error!.message).toMatch(/Swap them/);
    expect(await wholeSum(call, {}, { received_from: '2025-01-01' })).toEqual(before);
  });
});

describe('on Lakeside’s contract: settled_on, amounts in pence', () => {
  let lake: LakesideConnected;
  let call: Call;
  let listed: Listed;

  beforeAll(async () => {
    lake = await connectedToLakeside('propdesk-own-filters-');
    expect((await lake.services.offlineCopy.whenIdle()).state).toBe('done');
    call = windowCalls(lake.services);
    const read = (c: 'payments' | 'leases' | 'units') =>
      cleanListing(lake.lakeside.baseUrl, lake.lakeside.apiKey, c);
    listed = { payments: await read('payments'), leases: await read('leases'), units: await read('units') };
    expect(listed.payments[0]).toHaveProperty('settled_on');
    expect(listed.payments[0]).not.toHaveProperty('paid_date');
  });

  afterAll(async () => {
    await lake.close();
  });

  it('lists and sums exactly the payments of the property and days chosen', async () => {
    await checkAgainstOracle(call, listed, { received: 'settled_on', amount: 'amount', minorUnits: true });
  });

  it('says the property of each payment listed, through its lease and unit', async () => {
    await checkPlaces(call, listed, {});
  });
});
