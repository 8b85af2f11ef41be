// Lease expirations: by default the leases ending within 120 days, in 30-day buckets, soonest first,
// with the unit, tenant and rent against market, so a bulk rent review can be started for the chosen
// ones. A chart mark narrows it to other leases (one month of the ladder, or the month-to-month ones).
import { numberValue, textValue } from '../../shared/record-values';
import type { PortfolioRow } from '../../shared/portfolio';
import type { ServiceRecord } from '../../shared/service';
import { leaseTerm, termRules } from './lease-terms';
import type { LeaseTerm } from './lease-terms';
import { recordNames } from './record-names';
import {
  byId,
  col,
  dateText,
  dayNumber,
  leaseRent,
  marketRent,
  missingFieldNotes,
  money,
  NO_PROPERTY,
  NO_TENANT,
} from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';

export const EXPIRY_BUCKETS = [
  { upTo: 30, label: '0–30 days' },
  { upTo: 60, label: '31–60 days' },
  { upTo: 90, label: '61–90 days' },
  { upTo: 120, label: '91–120 days' },
] as const;

export function expiryBucket(daysLeft: number): string | null {
  if (daysLeft < 0) return null;
  return EXPIRY_BUCKETS.find((b) => daysLeft <= b.upTo)?.label ?? null;
}

/** Which leases the view lists and under which heading; the summary counts each heading. */
export interface ExpirySelection {
  /** What the headings say (the CSV's first column). */
  groupLabel: string;
  groups: readonly string[];
  groupOf: (term: LeaseTerm, today: number) => string | null;
}

export const NEXT_120_DAYS: ExpirySelection = {
  groupLabel: 'Ends within',
  groups: EXPIRY_BUCKETS.map((b) => b.label),
  groupOf: (term, today) => (term.kind === 'ends' ? expiryBucket(term.day - today) : null),
};

/** The leases ending from today to `days` days ahead, under the same headings: Today's figures. */
export const endingWithin = (days: number): ExpirySelection => ({
  groupLabel: 'Ends within',
  groups: EXPIRY_BUCKETS.filter((b) => b.upTo <= days).map((b) => b.label),
  groupOf: (term, today) =>
    term.kind === 'ends' && term.day - today <= days ? expiryBucket(term.day - today) : null,
});

export function expirations(
  data: PortfolioData,
  ctx: ViewContext,
  selection: ExpirySelection = NEXT_120_DAYS,
): ViewResult {
  const today = dayNumber(ctx.today)!;
  const { notes, has } = missingFieldNotes(ctx, [
    ['leases', 'monthly_rent', 'rents are left out'],
    ['units', 'market_rent', 'market rents are left out'],
    ['leases', 'end_date', 'no lease can be said to end'],
  ]);
  const rules = termRules(ctx);
  const units = byId(data.units);
  const names = recordNames(data, ctx);
  const rows: Array<PortfolioRow & { days: number }> = [];
  const add = (lease: ServiceRecord, term: LeaseTerm, group: string) => {
    const unitId = textValue(lease.unit_id);
    const unit = units.get(unitId ?? '');
    const propertyId = unit ? textValue(unit.property_id) : null;
    const tenantId = textValue(lease.tenant_id);
    const rent = leaseRent(lease, has);
    const market = marketRent(unit, has);
    const daysLeft = term.kind === 'ends' ? term.day - today : null;
    rows.push({
      id: lease.id,
      group,
      groupKey: group,
      groupNote: null,
      opens: { collection: 'leases', id: lease.id },
      flag: term.kind === 'month-to-month' ? 'month-to-month' : null,
      days: daysLeft ?? Number.MAX_SAFE_INTEGER,
      cells: {
        lease: names.own('leases', lease),
        lease_id: lease.id,
        property: names.of('properties', propertyId, NO_PROPERTY),
        property_id: propertyId,
        unit: names.of('units', unitId, '—'),
        unit_id: unitId,
        tenant: names.of('tenants', tenantId, NO_TENANT),
        tenant_id: tenantId,
        end_date: dateText(lease.end_date),
        days_left: daysLeft,
        rent,
        market_rent: market,
        difference: rent !== null && market !== null ? money(rent - market) : null,
      },
    });
  };
  for (const lease of data.leases) {
    const term = leaseTerm(lease, today, rules);
    const group = term ? selection.groupOf(term, today) : null;
    if (term && group) add(lease, term, group);
  }
  rows.sort((a, b) => a.days - b.days || a.id.localeCompare(b.id));
  const count = (label: string) => rows.filter((r) => r.group === label).length;
  return {
    view: 'expirations',
    title: 'Lease expirations',
    groupLabel: selection.groupLabel,
    notes,
    columns: [
      col('lease', 'Lease', 'text'),
      col('lease_id', 'Lease ID', 'id'),
      col('property', 'Property', 'text'),
      col('property_id', 'Property ID', 'id'),
      col('unit', 'Unit', 'text'),
      col('unit_id', 'Unit ID', 'id'),
      col('tenant', 'Tenant', 'text'),
      col('tenant_id', 'Tenant ID', 'id'),
      col('end_date', 'Ends', 'date'),
      // The key figures before the rest, so they are in view at any window width.
      col('rent', 'Rent', 'money'),
      col('difference', 'Rent − market', 'money'),
      col('days_left', 'Days left', 'days'),
      col('market_rent', 'Market rent', 'money'),
    ],
    rows: rows.map(({ days: _days, ...row }) => row),
    summary: [
      ...selection.groups.map((label) => ({ label, value: count(label), kind: 'integer' as const })),
      {
        label: 'Monthly rent ending',
        value: money(rows.reduce((sum, r) => sum + (numberValue(r.cells.rent) ?? 0), 0)),
        kind: 'money',
      },
    ],
  };
}
