// Rent roll: every unit under its property with the running lease's tenant, dates and rent against
// the unit's market rent; units with no running lease are marked vacant. Units are grouped by their
// property's ID (its address beside the name), and the CSV carries the unit's, tenant's and lease's IDs.
import { numberValue, textValue } from '../../shared/record-values';
import type { PortfolioRow } from '../../shared/portfolio';
import { recordNames } from './record-names';
import {
  col,
  dateText,
  dayNumber,
  missingFieldNotes,
  money,
  NO_PROPERTY,
  NO_TENANT,
  runningLeaseByUnit,
} from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';

export function rentRoll(data: PortfolioData, ctx: ViewContext): ViewResult {
  const today = dayNumber(ctx.today)!;
  const { notes, has } = missingFieldNotes(ctx, [
    ['leases', 'monthly_rent', 'rents are left out'],
    ['units', 'market_rent', 'market rents are left out'],
    ['leases', 'start_date', 'a lease counts as running from whenever it began'],
  ]);
  const names = recordNames(data, ctx);
  const running = runningLeaseByUnit(data.leases, today);
  let rentTotal = 0;
  let marketTotal = 0;
  let vacant = 0;
  const rows: PortfolioRow[] = data.units.map((unit) => {
    const propertyId = textValue(unit.property_id);
    const lease = running.get(unit.id);
    const rent = lease && has('leases', 'monthly_rent') ? numberValue(lease.monthly_rent) : null;
    const market = has('units', 'market_rent') ? numberValue(unit.market_rent) : null;
    if (!lease) vacant += 1;
    rentTotal += rent ?? 0;
    marketTotal += market ?? 0;
    const tenantId = lease ? textValue(lease.tenant_id) : null;
    return {
      id: unit.id,
      group: names.of('properties', propertyId, NO_PROPERTY),
      groupKey: propertyId ?? '',
      groupNote: names.note('properties', propertyId),
      opens: { collection: 'units', id: unit.id },
      flag: lease ? null : 'vacant',
      cells: {
        property_id: propertyId,
        unit: names.of('units', unit.id, ''),
        unit_id: unit.id,
        unit_status: textValue(unit.status),
        tenant: lease ? names.of('tenants', tenantId, NO_TENANT) : null,
        tenant_id: tenantId,
        lease_id: lease?.id ?? null,
        lease_number: lease ? names.own('leases', lease) : null,
        lease_start: lease ? dateText(lease.start_date) : null,
        lease_end: lease ? dateText(lease.end_date) : null,
        rent,
        market_rent: market,
        difference: rent !== null && market !== null ? money(rent - market) : null,
      },
    };
  });
  rows.sort(
    (a, b) =>
      a.group.localeCompare(b.group) ||
      a.groupKey.localeCompare(b.groupKey) ||
      String(a.cells.unit).localeCompare(String(b.cells.unit)),
  );
  return {
    view: 'rent-roll',
    title: 'Rent roll',
    groupLabel: 'Property',
    notes,
    columns: [
      col('property_id', 'Property ID', 'id'),
      col('unit', 'Unit', 'text'),
      col('unit_id', 'Unit ID', 'id'),
      col('tenant', 'Tenant', 'text'),
      col('tenant_id', 'Tenant ID', 'id'),
      col('lease_id', 'Lease ID', 'id'),
      col('lease_number', 'Lease number', 'id'),
      // The key figures right after the names, so they are in view at any window width.
      col('rent', 'Rent', 'money'),
      col('difference', 'Rent − market', 'money'),
      col('market_rent', 'Market rent', 'money'),
      col('unit_status', 'Unit status', 'status'),
      col('lease_start', 'Lease start', 'date'),
      col('lease_end', 'Lease end', 'date'),
    ],
    rows,
    summary: [
      { label: 'Units', value: rows.length, kind: 'integer' },
      { label: 'Let', value: rows.length - vacant, kind: 'integer' },
      { label: 'Vacant', value: vacant, kind: 'integer' },
      { label: 'Monthly rent', value: money(rentTotal), kind: 'money' },
      { label: 'Market rent', value: money(marketTotal), kind: 'money' },
    ],
  };
}
