// Records typed whole come first, and none is lost to a cut: in the demo organisation, a unit typed as
// its property and its label ("Maple Court 12C", or the property's first word) is the first hit, vacant
// or let, also a unit far down a large property's list; a lease number typed whole is the first hit,
// before documents and tenants whose words begin alike; a property's exact name comes before its
// namesakes, in search everything and in the record picker. Main's real services over the demo
// service, records chosen by rule from its data.
// On the code before, each failed: a unit past a property's 25th was not found at all, a lease number
// came after a document named after it, and "Fernwood" after documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_HITS } from '../../../../src/shared/search';
import type { SearchAnswer } from '../../../../src/shared/search';
import type { Collection, ServiceRecord } from '../../../../src/shared/service';
import { offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';

let fx: OfflineCopyFixture;
const copy = (c: Collection) => fx.services.store.offlineCopies.records(fx.connectionId, c);
const first = async (text: string) => {
  const answer: SearchAnswer = await fx.services.handlers['search.query']({ text });
  const group = answer.groups[0];
  return group ? { collection: group.collection, id: group.hits[0]?.id } : undefined;
};

/**
 * Chosen by rule: every property whose whole name begins other properties' names ("Fernwood" and
 * "Fernwood 2"), with those namesakes' IDs.
 */
function withNamesakes(): Array<{ property: ServiceRecord; namesakes: string[] }> {
  const properties = copy('properties');
  return properties
    .map((property) => ({
      property,
      namesakes: properties
        .filter((p) => String(p.name).startsWith(`${String(property.name)} `))
        .map((p) => p.id),
    }))
    .filter(({ namesakes }) => namesakes.length > 0);
}

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 1 });
  await offlineCopyToEnd(fx.services);
}, 120_000);

afterAll(async () => {
  await fx.close();
});

describe('what is typed whole comes first', () => {
  it('opens a unit first by its property and label, vacant units and units past the 25th of a property too', async () => {
    const properties = new Map(copy('properties').map((p) => [p.id, String(p.name)]));
    const units = copy('units').filter((u) => typeof u.unit_number === 'string');
    const byProperty = new Map<string, ServiceRecord[]>();
    for (const u of units)
      byProperty.set(String(u.property_id), [...(byProperty.get(String(u.property_id)) ?? []), u]);
    // Chosen by rule: the last unit of each of the four largest properties, and the first four vacant.
    const largest = [...byProperty.values()].sort((a, b) => b.length - a.length).slice(0, 4);
    expect(largest[0]!.length).toBeGreaterThan(25);
    const chosen = [
      ...largest.map((list) => list.at(-1)!),
      ...units.filter((u) => u.status === 'vacant').slice(0, 4),
    ];
    expect(chosen).toHaveLength(8);
    for (const unit of chosen) {
      const name = properties.get(String(unit.property_id))!;
      const text = `${name} ${String(unit.unit_number)}`;
      expect(await first(text), text).toEqual({ collection: 'units', id: unit.id });
    }
    // A property's first word alone, where no other property begins with it.
    const unique = chosen.filter((u) => {
      const word = properties.get(String(u.property_id))!.split(' ')[0]!.toLowerCase();
      return [...properties.values()].filter((n) => n.toLowerCase().startsWith(word)).length === 1;
    });
    expect(unique.length).toBeGreaterThan(0);
    for (const unit of unique) {
      const text = `${properties.get(String(unit.property_id))!.split(' ')[0]} ${String(unit.unit_number)}`;
      expect(await first(text), text).toEqual({ collection: 'units', id: unit.id });
    }
  });

  it('opens a lease first by its number, before the documents and people whose words begin alike', async () => {
    const leases = copy('leases').filter((l) => typeof l.lease_number === 'string');
    // Every 40th lease, so numbers of every length are tried.
    const chosen = leases.filter((_, i) => i % 40 === 0).slice(0, 8);
    expect(chosen.length).toBe(8);
    for (const lease of chosen)
      expect(await first(String(lease.lease_number)), String(lease.lease_number)).toEqual({
        collection: 'leases',
        id: lease.id,
      });
  });

  it('puts a property named exactly as typed before its namesakes ("Fernwood" before "Fernwood 2")', async () => {
    const exact = withNamesakes();
    expect(exact.length).toBeGreaterThan(0);
    for (const { property } of exact)
      for (const text of [String(property.name), String(property.name).toLowerCase()])
        expect(await first(text), text).toEqual({ collection: 'properties', id: property.id });
  });

  it('offers the property named exactly as typed first in the record picker, its namesakes offered after it', async () => {
    const exact = withNamesakes();
    expect(exact.length).toBeGreaterThan(0);
    for (const { property, namesakes } of exact) {
      const text = String(property.name);
      // The picker asks for as many hits as it shows and offers its collection's group in that order.
      const answer: SearchAnswer = await fx.services.handlers['search.query']({
        text,
        limit: SEARCH_MAX_HITS,
      });
      const offered = answer.groups.find((g) => g.collection === 'properties')!.hits.map((h) => h.id);
      expect(offered[0], text).toBe(property.id);
      expect(offered, text).toEqual(expect.arrayContaining(namesakes));
    }
  });
});
