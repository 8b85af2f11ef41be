// Record pages with a complete copy and with the service stopped: the same record, related lists and
// documents as the service gives, read from the offline copy and marked with its as-of time (first,
// while the service is there; offline, once it is gone); a record the copy does not have is said so
// plainly. Built from the app's real parts over a real sandbox.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HandlerTable } from '../../../../src/main/ipc/dispatch';
import { relatedRecords } from '../../../../src/main/records/related-records';
import type { Collection } from '../../../../src/shared/service';
import { offlineCopyFixture, offlineCopyToEnd } from '../../../support/offline-copy-fixture';
import type { OfflineCopyFixture } from '../../../support/offline-copy-fixture';
import { patiently } from '../../../support/patience';

let fx: OfflineCopyFixture;
let related: HandlerTable['records.related'];

beforeAll(async () => {
  fx = await offlineCopyFixture({ seed: 12 });
  const { services } = fx;
  related = services.handlers['records.related'];
  await offlineCopyToEnd(services);
});

afterAll(async () => {
  await fx.close();
});

/** The collections each page reads. */
const reads: Record<string, Collection[]> = {
  properties: ['properties', 'units', 'maintenance_requests', 'leases', 'documents'],
  tenants: ['tenants', 'leases', 'payments', 'documents'],
  units: ['units', 'leases', 'maintenance_requests', 'documents'],
  leases: ['leases', 'payments', 'documents'],
};

describe('record pages offline', () => {
  it('show what the service showed, from the copy and marked with its age, once the service is gone', async () => {
    const pick = (collection: 'properties' | 'tenants' | 'units' | 'leases') =>
      fx.services.store.offlineCopies
        .records(fx.connectionId, collection)
        .slice(0, 3)
        .map((r) => ({ collection, id: r.id }));
    const pages = [...pick('properties'), ...pick('tenants'), ...pick('units'), ...pick('leases')];
    const live = [];
    for (const page of pages)
      live.push(await relatedRecords(fx.services.clients.client(), page.collection, page.id));
    // With the service there, the complete copy answers first, the same as the service.
    const copied = new Map(fx.services.offlineCopy.status().collections.map((c) => [c.collection, c.asOf!]));
    const asOfOf = (collection: Collection) => reads[collection]!.map((c) => copied.get(c)!).sort()[0];
    for (const [index, page] of pages.entries()) {
      const { offline, ...rest } = await related(page);
      expect(offline).toEqual({ asOf: asOfOf(page.collection), first: true });
      expect(rest).toEqual(live[index]);
    }
    // A property with units, and documents of its units' leases among its own.
    expect(
      live.some(
        (o) =>
          o.collection === 'properties' &&
          o.lists[0]!.total > 0 &&
          o.documents!.some((d) => d.ownerType === 'lease'),
      ),
    ).toBe(true);
    expect(live.some((o) => o.collection === 'tenants' && o.lists.some((l) => l.total > 0))).toBe(true);

    await fx.sandbox.close();
    // Checking those pages with the service tells the app it is gone; then the copy answers offline.
    await vi.waitFor(() => expect(fx.services.connectivity.status().online).toBe(false), patiently);
    // Each page is as old as the oldest copy it read.
    for (const [index, page] of pages.entries()) {
      const offline = await related(page);
      expect(offline.offline).toEqual({ asOf: asOfOf(page.collection) });
      const { offline: _mark, ...rest } = offline;
      expect(rest).toEqual(live[index]);
    }
    expect(fx.services.connectivity.status().online).toBe(false);
    await expect(related({ collection: 'properties', id: 'prop_notthere' })).rejects.toThrow(
      /not in the offline copy/,
    );
  });
});
