import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE, formatRoute, parseRoute } from '../../../src/renderer/src/router/routes';
import type { Route } from '../../../src/renderer/src/router/routes';

describe('hash routes', () => {
  it('round-trips every view with its filters and record', () => {
    const routes: Route[] = [
      { view: 'collection', collection: 'leases', query: { status: 'active', end_date: '2026-12-31' } },
      { view: 'collection', collection: 'units', recordId: 'unit_ABC:1', query: { property_id: 'p 1&x=2' } },
      { view: 'property', id: 'prop_9' },
      { view: 'drafts' },
      { view: 'suggestions', query: { status: 'expired' } },
      { view: 'connections' },
      { view: 'rent-review' },
      { view: 'rent-review', leases: ['lease_1', 'lease:2'] },
      { view: 'draft', id: 'd-1' },
    ];
    for (const route of routes) expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('falls back to properties for an unknown or empty hash', () => {
    expect(parseRoute('')).toEqual(DEFAULT_ROUTE);
    expect(parseRoute('#/c/invoices')).toEqual(DEFAULT_ROUTE);
    expect(parseRoute('#/nonsense/1')).toEqual(DEFAULT_ROUTE);
    // Lease IDs that are not IDs are dropped rather than passed on.
    expect(parseRoute('#/rent-review?leases=a%3Cb,ok_1')).toEqual({ view: 'rent-review', leases: ['ok_1'] });
  });
});
