import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE, formatRoute, parseRoute } from '../../../../src/renderer/src/router/routes';
import type { Route } from '../../../../src/renderer/src/router/routes';

describe('hash routes', () => {
  it('round-trips every view with its filters and record', () => {
    const routes: Route[] = [
      { view: 'collection', collection: 'leases', query: { status: 'active', end_date: '2026-12-31' } },
      { view: 'collection', collection: 'units', recordId: 'unit_ABC:1', query: { property_id: 'p 1&x=2' } },
      { view: 'record', collection: 'properties', id: 'prop_9' },
      { view: 'record', collection: 'tenants', id: 'ten 1/a' },
      { view: 'drafts' },
      { view: 'suggestions', query: { status: 'expired' } },
      { view: 'connections' },
      { view: 'connections', add: true },
      { view: 'today' },
      { view: 'portfolio', tab: 'expirations', focus: { kind: 'ending', days: 60 } },
      { view: 'rent-review' },
      { view: 'rent-review', leases: ['lease_1', 'lease:2'] },
      { view: 'draft', id: 'd-1' },
      { view: 'portfolio', tab: 'overview' },
      { view: 'portfolio', tab: 'offline-copy' },
      { view: 'portfolio', tab: 'expirations', focus: { kind: 'month', month: '2027-03' } },
      { view: 'portfolio', tab: 'expirations', focus: { kind: 'month-to-month' } },
      { view: 'portfolio', tab: 'vacancy', focus: { kind: 'property', propertyId: 'prop_7:a' } },
      { view: 'portfolio', tab: 'rent-roll', focus: { kind: 'property', propertyId: null } },
      { view: 'portfolio', tab: 'rent-roll', focus: { kind: 'rent-gap', from: -250, to: -200 } },
      { view: 'portfolio', tab: 'delinquency', focus: { kind: 'overdue', bucket: 'age_61_90' } },
      { view: 'portfolio', tab: 'maintenance', focus: { kind: 'priority', priority: 'very high' } },
      { view: 'portfolio', tab: 'maintenance', focus: { kind: 'priority', priority: null } },
      { view: 'portfolio', tab: 'maintenance', focus: { kind: 'open-age', bucket: 'age_unknown' } },
      { view: 'portfolio', tab: 'income', period: { kind: 'year', year: 2025 } },
      { view: 'portfolio', tab: 'income', period: { kind: 'quarter', year: 2025, quarter: 3 } },
      { view: 'portfolio', tab: 'income', period: { kind: 'month', year: 2024, month: 12 } },
    ];
    for (const route of routes) expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('keeps the property page’s old address working, as that property’s record page', () => {
    expect(parseRoute('#/property/prop_9')).toEqual({
      view: 'record',
      collection: 'properties',
      id: 'prop_9',
    });
    expect(parseRoute('#/r/invoices/x')).toEqual(DEFAULT_ROUTE);
    expect(parseRoute('#/r/tenants')).toEqual(DEFAULT_ROUTE);
  });

  it('falls back to properties for an unknown or empty hash', () => {
    expect(parseRoute('')).toEqual(DEFAULT_ROUTE);
    expect(parseRoute('#/c/invoices')).toEqual(DEFAULT_ROUTE);
    expect(parseRoute('#/nonsense/1')).toEqual(DEFAULT_ROUTE);
    // Lease IDs that are not IDs are dropped rather than passed on.
    expect(parseRoute('#/rent-review?leases=a%3Cb,ok_1')).toEqual({ view: 'rent-review', leases: ['ok_1'] });
  });

  it('opens the portfolio on its overview, and drops a focus that is malformed or does not fit the view', () => {
    expect(parseRoute('#/portfolio')).toEqual({ view: 'portfolio', tab: 'overview' });
    expect(parseRoute('#/portfolio/ledger')).toEqual({ view: 'portfolio', tab: 'overview' });
    expect(parseRoute('#/portfolio/expirations?month=2027-13')).toEqual({
      view: 'portfolio',
      tab: 'expirations',
    });
    expect(parseRoute('#/portfolio/vacancy?month=2027-03')).toEqual({ view: 'portfolio', tab: 'vacancy' });
    expect(parseRoute('#/portfolio/income?period=2025-Q5')).toEqual({ view: 'portfolio', tab: 'income' });
    expect(parseRoute('#/portfolio/income?period=2025-13')).toEqual({ view: 'portfolio', tab: 'income' });
    expect(parseRoute('#/portfolio/vacancy?period=2025')).toEqual({ view: 'portfolio', tab: 'vacancy' });
    expect(parseRoute('#/portfolio/overview?month=2027-03')).toEqual({ view: 'portfolio', tab: 'overview' });
    expect(parseRoute('#/portfolio/rent-roll?gap_from=5&gap_to=1')).toEqual({
      view: 'portfolio',
      tab: 'rent-roll',
    });
    expect(parseRoute('#/portfolio/vacancy?property=a%3Cb')).toEqual({ view: 'portfolio', tab: 'vacancy' });
  });
});

describe('the offline copy tab under its former name', () => {
  it('reads #/portfolio/sync, the tab’s former name, from old links and bookmarks', () => {
    expect(parseRoute('#/portfolio/sync')).toEqual({ view: 'portfolio', tab: 'offline-copy' }); // former name
  });
});
