// Lease expirations: leases ending within 120 days, in 30-day buckets, soonest first, with the unit,
// tenant and rent against market, so a bulk rent review can be started for the chosen ones.
import type { PortfolioRow } from '../../shared/portfolio';
import {
  byId,
  col,
  dateText,
  dayNumber,
  missingFieldNotes,
  money,
  num,
  propertyLabel,
  str,
  tenantLabel,
  unitLabel,
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

export function expirations(data: PortfolioData, ctx: ViewContext): ViewResult {
  const today = dayNumber(ctx.today)!;
  const { notes, has } = missingFieldNotes(ctx, [
    ['leases', 'monthly_rent', 'rents are left out'],
    ['units', 'market_rent', 'market rents are left out'],
  ]);
  const units = byId(data.units);
  const properties = byId(data.properties);
  const tenants = byId(data.tenants);
  const rows: Array<PortfolioRow & { days: number }> = [];
  for (const lease of data.leases) {
    const end = dayNumber(lease.end_date);
    if (end === null) continue;
    const bucket = expiryBucket(end - today);
    if (!bucket) continue;
    const unitId = str(lease.unit_id);
    const unit = units.get(unitId ?? '');
    const propertyId = unit ? str(unit.property_id) : null;
    const tenantId = str(lease.tenant_id);
    const rent = has('leases', 'monthly_rent') ? num(lease.monthly_rent) : null;
    const market = unit && has('units', 'market_rent') ? num(unit.market_rent) : null;
    rows.push({
      id: lease.id,
      group: bucket,
      flag: null,
      days: end - today,
      cells: {
        lease: str(lease.lease_number) ?? lease.id,
        property: propertyLabel(properties.get(propertyId ?? ''), propertyId),
        unit: unitLabel(unit, unitId),
        tenant: tenantLabel(tenants.get(tenantId ?? ''), tenantId),
        end_date: dateText(lease.end_date),
        days_left: end - today,
        rent,
        market_rent: market,
        difference: rent !== null && market !== null ? money(rent - market) : null,
      },
    });
  }
  rows.sort((a, b) => a.days - b.days || a.id.localeCompare(b.id));
  const count = (label: string) => rows.filter((r) => r.group === label).length;
  return {
    view: 'expirations',
    title: 'Lease expirations',
    groupLabel: 'Ends within',
    notes,
    columns: [
      col('lease', 'Lease', 'text'),
      col('property', 'Property', 'text'),
      col('unit', 'Unit', 'text'),
      col('tenant', 'Tenant', 'text'),
      col('end_date', 'Ends', 'date'),
      col('days_left', 'Days left', 'days'),
      col('rent', 'Rent', 'money'),
      col('market_rent', 'Market rent', 'money'),
      col('difference', 'Rent − market', 'money'),
    ],
    rows: rows.map(({ days: _days, ...row }) => row),
    summary: [
      ...EXPIRY_BUCKETS.map((b) => ({ label: b.label, value: count(b.label), kind: 'integer' as const })),
      {
        label: 'Monthly rent ending',
        value: money(rows.reduce((sum, r) => sum + (num(r.cells.rent) ?? 0), 0)),
        kind: 'money',
      },
    ],
  };
}
