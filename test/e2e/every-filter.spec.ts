// Every documented filter of every collection, set through the route as a bookmark or reload would:
// the list shows exactly the records the service returns for that filter.
import { test, expect } from './harness/app-fixture';
import { loadedCount } from './harness/list-status';
import { COLLECTIONS, COLLECTION_FILTERS } from '../../src/shared/service';
import type { Collection, FilterKind } from '../../src/shared/service';
import type { ServiceClient } from '../../src/main/connections/types';
import { readAll } from '../../src/main/api/read-listing';
import { COLLECTION_LABELS } from '../../src/shared/labels';

const ENTITY_COLLECTION: Record<string, Collection> = {
  property: 'properties',
  unit: 'units',
  lease: 'leases',
  tenant: 'tenants',
};

/** A value for the filter that really occurs in the data, so the filtered list is not trivially empty. */
async function sampleValue(
  client: ServiceClient,
  collection: Collection,
  name: string,
  kind: FilterKind,
): Promise<string> {
  const [record] = (await client.list(collection, { limit: 1 })).data;
  if (kind.kind === 'boolean') return 'true';
  if (kind.kind === 'date') return new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  if (kind.kind === 'id' && kind.target !== 'any') return String(record![name]);
  if (name === 'entity_id') return String(record!.entity_id);
  return String(record![name]);
}

test('every filter of every collection shows exactly what the service returns', async ({ app }) => {
  const { page } = app;
  await app.open();
  const client = await app.demoClient();
  let checked = 0;
  for (const collection of COLLECTIONS) {
    for (const [name, kind] of Object.entries(COLLECTION_FILTERS[collection]) as Array<
      [string, FilterKind]
    >) {
      const value = await sampleValue(client, collection, name, kind);
      const filters: Record<string, string> = { [name]: value };
      // A document's owner only makes sense with its type.
      if (name === 'entity_id') {
        const [doc] = (await client.list('documents', { limit: 1 })).data;
        filters.entity_type = String(doc!.entity_type);
        expect(ENTITY_COLLECTION[filters.entity_type]).toBeDefined();
      }
      const expected = (await readAll(client, collection, filters)).length;
      await app.open(`#/c/${collection}?${new URLSearchParams(filters).toString()}`);
      const label = COLLECTION_LABELS[collection];
      if (expected === 0) {
        await expect(page.getByRole('heading', { name: `No ${label.toLowerCase()} found` })).toBeVisible();
      } else {
        expect(await loadedCount(page, label), `${collection} ${name}=${value}`).toBe(expected);
      }
      checked += 1;
    }
  }
  expect(checked).toBe(Object.values(COLLECTION_FILTERS).reduce((n, f) => n + Object.keys(f).length, 0));
});
