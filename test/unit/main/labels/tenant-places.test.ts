// Where namesakes rent, through the app's real services over a real sandbox: two tenants called Nora
// Okafor, one renting Willow Row · 2 and one in another building (who once rented a third unit), are
// told apart by the unit of their running lease, named "<property> · <unit>" — from the offline copy,
// where search hits carry it and "Nora Okafor willow" finds only the one on Willow Row; without a copy
// from the service, for the first PLACE_READS tenants asked and kept for the next keystrokes; and under
// the Lakeside contract, whose lease dates are called commences and expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { PLACE_READS } from '../../../../src/main/labels/tenant-places';
import type { Sandbox } from '../../../../src/sandbox';
import type { SearchAnswer } from '../../../../src/shared/search';
import type { ServiceRecord } from '../../../../src/shared/service';
import { connectedToLakeside } from '../../../support/lakeside-connected';
import type { LakesideConnected } from '../../../support/lakeside-connected';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { connectedToSandbox } from '../../../support/sandbox-connected';
import type { SandboxConnected } from '../../../support/sandbox-connected';

const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.parse(today) + n * 86_400_000).toISOString().slice(0, 10);

interface Namesakes {
  willow: ServiceRecord;
  elsewhere: ServiceRecord;
  /** Where the one renting elsewhere lives now, as the label rule names it. */
  elsewherePlace: string;
}

/**
 * Two Nora Okafors made at the service: one with a running lease on a new "Willow Row" property's
 * unit 2, one with a running lease on a demo unit and an ended one on another.
 */
function makeNamesakes(
  sandbox: Sandbox,
  units: readonly ServiceRecord[],
  properties: Map<string, ServiceRecord>,
) {
  const make = (collection: 'properties' | 'units' | 'tenants' | 'leases', fields: Record<string, unknown>) =>
    sandbox.control.createRecord(collection, 'org_demo', fields) as ServiceRecord;
  const row = make('properties', {
    name: 'Willow Row',
    type: 'townhouse',
    address_line1: '2 Willow Row',
    city: 'Salem',
    state: 'OR',
    postal_code: '97301',
    year_built: null,
    is_active: true,
  });
  const two = make('units', {
    property_id: row.id,
    unit_number: '2',
    bedrooms: 2,
    bathrooms: 1,
    square_feet: 800,
    market_rent: 1500,
    status: 'occupied',
  });
  const nora = (email: string) =>
    make('tenants', { name: 'Nora Okafor', email, phone: null, status: 'current', is_active: true });
  const lease = (tenant: ServiceRecord, unit: ServiceRecord, start: number, end: number) =>
    make('leases', {
      unit_id: unit.id,
      tenant_id: tenant.id,
      lease_number: `L-${tenant.id}-${start}`,
      start_date: inDays(start),
      end_date: inDays(end),
      monthly_rent: 1500,
      security_deposit: 1500,
      status: end < 0 ? 'ended' : 'active',
    });
  const willow = nora('nora.okafor@example.com');
  const elsewhere = nora('nokafor@example.net');
  // Two demo units of properties whose names hold no "willow".
  const [home, before] = units.filter(
    (u) => !/willow/i.test(String(properties.get(String(u.property_id))?.name)),
  );
  lease(willow, two, -200, 165);
  lease(elsewhere, before!, -900, -200);
  lease(elsewhere, home!, -199, 300);
  const elsewherePlace = `${String(properties.get(String(home!.property_id))!.name)} · ${String(home!.unit_number)}`;
  return { willow, elsewhere, elsewherePlace };
}

async function demoRecords(sandbox: Sandbox, key: string) {
  const units = await cleanListing(sandbox.baseUrl, key, 'units');
  const properties = new Map((await cleanListing(sandbox.baseUrl, key, 'properties')).map((p) => [p.id, p]));
  return { units, properties };
}

describe('where namesakes rent, from the offline copy', () => {
  let fx: OfflineCopyFixture;
  let made: Namesakes;
  const search = (text: string): Promise<SearchAnswer> =>
    fx.services.handlers['search.query']({ text, limit: 50 });
  const tenantHits = (answer: SearchAnswer) =>
    answer.groups.find((g) => g.collection === 'tenants')?.hits ?? [];

  beforeAll(async () => {
    fx = await offlineCopyFixture({ seed: 1 });
    const { units, properties } = await demoRecords(fx.sandbox, fx.key);
    made = makeNamesakes(fx.sandbox, units, properties);
    await offlineCopyToEnd(fx.services);
  });
  afterAll(async () => {
    await fx.close();
  });

  it('gives each Nora Okafor found the unit of her running lease, not the one she left', async () => {
    const hits = tenantHits(await search('Nora Okafor'));
    const place = (id: string) => hits.find((h) => h.id === id)?.place;
    expect(place(made.willow.id)).toBe('Willow Row · 2');
    expect(place(made.elsewhere.id)).toBe(made.elsewherePlace);
    // Other kinds carry no place.
    const units = (await search('Willow Row')).groups.find((g) => g.collection === 'units')?.hits ?? [];
    expect(units.length).toBeGreaterThan(0);
    expect(units.every((h) => h.place === null)).toBe(true);
  });

  it('narrows to the one renting on Willow Row when the place is typed after the name', async () => {
    const ids = tenantHits(await search('Nora Okafor willow')).map((h) => h.id);
    expect(ids).toContain(made.willow.id);
    expect(ids).not.toContain(made.elsewhere.id);
  });

  it('answers the picker from the copy without asking the service', async () => {
    fx.sandbox.control.resetRequestCount();
    const answer = await fx.services.handlers['labels.places']({
      tenants: [made.willow.id, made.elsewhere.id],
    });
    expect(answer.places).toEqual({
      [made.willow.id]: 'Willow Row · 2',
      [made.elsewhere.id]: made.elsewherePlace,
    });
    expect(fx.sandbox.control.requestCount()).toBe(0);
  });
});

describe('where namesakes rent, without an offline copy', () => {
  let connected: SandboxConnected;
  let sandbox: Sandbox;
  let services: AppServices;
  let made: Namesakes;
  let others: string[];

  beforeAll(async () => {
    connected = await connectedToSandbox('propdesk-places-');
    ({ sandbox, services } = connected);
    const { units, properties } = await demoRecords(sandbox, connected.key);
    made = makeNamesakes(sandbox, units, properties);
    others = (await cleanListing(sandbox.baseUrl, connected.key, 'tenants'))
      .slice(0, PLACE_READS + 5)
      .map((t) => t.id);
  });
  afterAll(async () => {
    await connected.close();
  });

  it('reads each namesake’s leases from the service and names the unit of the running one', async () => {
    const answer = await services.handlers['labels.places']({ tenants: [made.willow.id, made.elsewhere.id] });
    expect(answer.places).toEqual({
      [made.willow.id]: 'Willow Row · 2',
      [made.elsewhere.id]: made.elsewherePlace,
    });
  });

  it('reads the leases of the first tenants asked only, and not again for the next keystroke', async () => {
    sandbox.control.resetRequestCount();
    const asked = [made.willow.id, ...others];
    const first = await services.handlers['labels.places']({ tenants: asked });
    const spent = sandbox.control.requestCount();
    // One listing per tenant read, then at most a unit and a property each named.
    expect(spent).toBeLessThanOrEqual(PLACE_READS * 3);
    expect(Object.keys(first.places).every((id) => asked.indexOf(id) < PLACE_READS)).toBe(true);
    expect(first.places[made.willow.id]).toBe('Willow Row · 2');
    sandbox.control.resetRequestCount();
    const again = await services.handlers['labels.places']({ tenants: asked.slice(0, 10) });
    expect(sandbox.control.requestCount()).toBe(0);
    expect(again.places[made.willow.id]).toBe('Willow Row · 2');
  });
});

describe('where namesakes rent, under the Lakeside contract', () => {
  let lakeside: LakesideConnected;
  let made: Namesakes;

  beforeAll(async () => {
    lakeside = await connectedToLakeside('propdesk-places-lakeside-', false);
    const { sandbox } = lakeside.lakeside;
    const key = sandbox.keys.find((k) => k.name === 'full')!.key;
    const { units, properties } = await demoRecords(sandbox, key);
    made = makeNamesakes(sandbox, units, properties);
  });
  afterAll(async () => {
    await lakeside.close();
  });

  it('finds the running lease by commences and expires, and names the flat by Lakeside’s fields', async () => {
    const answer = await lakeside.services.handlers['labels.places']({
      tenants: [made.willow.id, made.elsewhere.id],
    });
    expect(answer.places).toEqual({
      [made.willow.id]: 'Willow Row · 2',
      [made.elsewhere.id]: made.elsewherePlace,
    });
  });
});
