// A tenant found by the place they rent: in the demo organisation, where three tenants are called Sofia
// Walsh, "walsh maple" finds the Sofia Walsh whose lease is at Maple Court and not the others, and a
// renamed property is followed at once (the words are joined when the search runs). Main's real
// services over the demo service; who rents where is read from the service with plain fetch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../../src/shared/search';
import type { ServiceRecord } from '../../../../src/shared/service';
import { cleanListing, offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
let walshes: ServiceRecord[];
let leases: ServiceRecord[];
let units: Map<string, ServiceRecord>;
let properties: Map<string, ServiceRecord>;

const search = (text: string): Promise<SearchAnswer> =>
  fx.services.handlers['search.query']({ text, limit: 50 });
const tenantsIn = (answer: SearchAnswer) =>
  answer.groups.find((g) => g.collection === 'tenants')?.hits.map((h) => h.id) ?? [];

/** The properties a tenant's leases are at. */
const placesOf = (tenant: ServiceRecord) =>
  leases
    .filter((l) => l.tenant_id === tenant.id)
    .map((l) => properties.get(String(units.get(String(l.unit_id))?.property_id))!)
    .filter(Boolean);

/** Whether a word of a property's text (name, street, city …) starts with the typed word. */
const holds = (property: ServiceRecord, word: string) =>
  Object.entries(property).some(
    ([field, value]) =>
      field !== 'id' &&
      typeof value === 'string' &&
      value
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .some((w) => w.startsWith(word)),
  );

async function approveRename(propertyId: string, name: string): Promise<void> {
  const res = await fetch(`${fx.sandbox.baseUrl}/api/v1/proposals`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${fx.key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `rename-${Math.random()}`,
    },
    body: JSON.stringify({
      changes: [{ operation: 'update', resourceType: 'property', resourceId: propertyId, fields: { name } }],
    }),
  });
  const body = (await res.json()) as { data: { proposals: Array<{ id: string }> } };
  expect(fx.sandbox.control.approve(body.data.proposals[0]!.id, 'admin').ok).toBe(true);
}

beforeAll(async () => {
  // Seed 1 is the demo organisation's.
  fx = await offlineCopyFixture({ seed: 1 });
  const read = (c: 'tenants' | 'leases' | 'units' | 'properties') =>
    cleanListing(fx.sandbox.baseUrl, fx.key, c);
  walshes = (await read('tenants')).filter((t) => t.name === 'Sofia Walsh');
  leases = await read('leases');
  units = new Map((await read('units')).map((u) => [u.id, u]));
  properties = new Map((await read('properties')).map((p) => [p.id, p]));
  await offlineCopyToEnd(fx.services);
});

afterAll(async () => {
  await fx.close();
});

describe('a tenant found by the property of their lease', () => {
  it('finds each Sofia Walsh by her surname and her property’s first word, and no Sofia Walsh who lives elsewhere', async () => {
    const housed = walshes.filter((t) => placesOf(t).length > 0);
    expect(walshes).toHaveLength(3);
    expect(housed.length).toBeGreaterThan(1);
    for (const walsh of housed) {
      const word = String(placesOf(walsh)[0]!.name).split(' ')[0]!.toLowerCase();
      for (const text of [`walsh ${word}`, `${word} sofia walsh`]) {
        const found = tenantsIn(await search(text));
        expect(found, text).toContain(walsh.id);
        for (const other of walshes)
          if (!placesOf(other).some((p) => holds(p, word))) expect(found, text).not.toContain(other.id);
      }
    }
  });

  it('follows a renamed property: the new name finds her, the old one no longer does', async () => {
    const walsh = walshes.find((t) => placesOf(t).length > 0)!;
    const place = placesOf(walsh)[0]!;
    await approveRename(place.id, 'Quenby Wharf');
    await offlineCopyToEnd(fx.services);
    expect(tenantsIn(await search('walsh quenby'))).toContain(walsh.id);
    // A name no record holds but this property, renamed again: only the name it has now finds her.
    await approveRename(place.id, 'Ostrava Mews');
    await offlineCopyToEnd(fx.services);
    expect(tenantsIn(await search('walsh ostrava'))).toContain(walsh.id);
    expect(tenantsIn(await search('walsh quenby'))).toEqual([]);
  });
});
