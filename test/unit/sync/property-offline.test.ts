// The property page with the service stopped: the same property, units, maintenance requests and
// documents as the service gave, read from the offline copy and marked with its as-of time; a property
// the copy does not have is said so plainly. Built from the app's real parts over a real sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyHandlers } from '../../../src/main/handlers/property-handlers';
import { createOfflineFallback } from '../../../src/main/sync/offline-fallback';
import { OfflineReader } from '../../../src/main/sync/offline-reader';
import { syncFixture, syncToEnd } from './sync-fixture';
import type { SyncFixture } from './sync-fixture';

let fx: SyncFixture;
let overview: ReturnType<typeof createPropertyHandlers>['properties.overview'];

beforeAll(async () => {
  fx = await syncFixture({ seed: 12 });
  const { services } = fx;
  overview = createPropertyHandlers(
    createOfflineFallback({
      reader: new OfflineReader(services.store.snapshots),
      activeId: () => services.connections.active().id,
      client: () => services.connections.client(),
      isOnline: () => services.connectivity.status().online,
    }),
  )['properties.overview'];
  await syncToEnd(services);
}, 60_000);

afterAll(async () => {
  await fx.close();
});

describe('property page offline', () => {
  it('shows what the service showed, from the copy and marked with its age, once the service is gone', async () => {
    const properties = fx.services.store.snapshots.records(fx.connectionId, 'properties');
    // A property with units, maintenance and documents of its own and of its units' leases.
    const live = [];
    for (const property of properties.slice(0, 3)) live.push(await overview({ id: property.id }));
    expect(live.every((o) => o.offline === undefined)).toBe(true);
    expect(live.some((o) => o.units.length > 0 && o.documents.some((d) => d.ownerType === 'lease'))).toBe(
      true,
    );

    await fx.sandbox.close();
    const asOf = fx.services.sync
      .status()
      .collections.map((c) => c.asOf!)
      .sort()[0];
    for (const [index, property] of properties.slice(0, 3).entries()) {
      const offline = await overview({ id: property.id });
      expect(offline.offline).toEqual({ asOf });
      const { offline: _mark, ...rest } = offline;
      expect(rest).toEqual(live[index]);
    }
    expect(fx.services.connectivity.status().online).toBe(false);
    await expect(overview({ id: 'prop_notthere' })).rejects.toThrow(/not in the offline copy/);
  });
});
