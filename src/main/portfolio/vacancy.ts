// Vacancy board: units with no running lease, how long they have stood empty (from the end of their
// last lease, where one is on record), their market rent and any lease already signed to start; and
// beside them the units becoming vacant: a running lease ending within the window the landlord chose
// (90 days unless chosen) with no lease following it on the unit (a tenant's notice, a lease not
// renewed), with the day it stands empty.
import { followingLease } from '../../shared/lease-running';
import { numberValue, textValue } from '../../shared/record-values';
import type { PortfolioRow } from '../../shared/portfolio';
import { recordNames } from './record-names';
import {
  col,
  dateText,
  dayNumber,
  groupBy,
  missingFieldNotes,
  money,
  NO_PROPERTY,
  runningLeaseByUnit,
} from './view-kit';
import type { PortfolioData, ViewContext, ViewResult } from './view-kit';
import type { ServiceRecord } from '../../shared/service';

const dayText = (day: number) => dateText(new Date(day * 86_400_000).toISOString());

/**
 * The units whose running lease ends within `within` days with no lease after it, and the day each is
 * free; none without a window.
 */
function becomingVacant(
  running: ReadonlyMap<string, ServiceRecord>,
  leasesByUnit: ReadonlyMap<string | null, readonly ServiceRecord[]>,
  today: number,
  within: number | null,
): Map<string, number> {
  const out = new Map<string, number>();
  if (within === null) return out;
  for (const [unitId, lease] of running) {
    const end = dayNumber(lease.end_date);
    if (end === null || end > today + within) continue;
    if (followingLease(lease, leasesByUnit.get(unitId) ?? [])) continue;
    out.set(unitId, end + 1);
  }
  return out;
}

/**
 * The board; with `coming` (days ahead), the units becoming vacant within it too, each under its
 * property's own "becoming vacant" heading so a property's count of vacant units stays what the
 * occupancy chart says.
 */
export function vacancy(data: PortfolioData, ctx: ViewContext, coming: number | null = null): ViewResult {
  const today = dayNumber(ctx.today)!;
  const { notes, has } = missingFieldNotes(ctx, [
    ['units', 'market_rent', 'market rents are left out'],
    ['leases', 'start_date', 'upcoming move-ins are not shown'],
  ]);
  notes.push(
    'Days vacant count from the end date of the unit’s last lease; a unit with no earlier lease on record shows none.',
  );
  const names = recordNames(data, ctx);
  const running = runningLeaseByUnit(data.leases, today);
  const leasesByUnit = groupBy(data.leases, (l) => textValue(l.unit_id));
  const leaving = becomingVacant(running, leasesByUnit, today, coming);
  const rows: Array<PortfolioRow & { days: number }> = [];
  for (const unit of data.units) {
    const freeFrom = leaving.get(unit.id);
    if (running.has(unit.id) && freeFrom === undefined) continue;
    const history = leasesByUnit.get(unit.id) ?? [];
    let lastEnd: number | null = null;
    let nextStart: number | null = null;
    for (const lease of history) {
      const end = dayNumber(lease.end_date);
      if (end !== null && end < today && (lastEnd === null || end > lastEnd)) lastEnd = end;
      const start = has('leases', 'start_date') ? dayNumber(lease.start_date) : null;
      if (start !== null && start > today && (nextStart === null || start < nextStart)) nextStart = start;
    }
    const propertyId = textValue(unit.property_id);
    const days = lastEnd === null ? null : today - lastEnd;
    rows.push({
      id: unit.id,
      group:
        names.of('properties', propertyId, NO_PROPERTY) +
        (freeFrom === undefined ? '' : ' — becoming vacant'),
      groupKey: `${propertyId ?? ''}${freeFrom === undefined ? '' : ':becoming'}`,
      groupNote: names.note('properties', propertyId),
      opens: { collection: 'units', id: unit.id },
      flag: freeFrom === undefined ? 'vacant' : 'becoming vacant',
      days: freeFrom === undefined ? (days ?? -1) : -1,
      cells: {
        property_id: propertyId,
        unit: names.of('units', unit.id, ''),
        unit_id: unit.id,
        unit_status: textValue(unit.status),
        last_lease_end: lastEnd === null ? null : dayText(lastEnd),
        days_vacant: freeFrom === undefined ? days : null,
        vacant_from: freeFrom === undefined ? null : dayText(freeFrom),
        market_rent: has('units', 'market_rent') ? numberValue(unit.market_rent) : null,
        next_move_in: nextStart === null ? null : dayText(nextStart),
      },
    });
  }
  // The units vacant now first, as the board always listed them; those becoming vacant after them.
  const later = (r: PortfolioRow) => (r.flag === 'vacant' ? 0 : 1);
  rows.sort(
    (a, b) =>
      later(a) - later(b) ||
      a.group.localeCompare(b.group) ||
      a.groupKey.localeCompare(b.groupKey) ||
      b.days - a.days ||
      a.id.localeCompare(b.id),
  );
  const vacant = rows.filter((r) => r.flag === 'vacant');
  const market = vacant.reduce((sum, r) => sum + (numberValue(r.cells.market_rent) ?? 0), 0);
  const known = vacant.filter((r) => r.days >= 0);
  return {
    view: 'vacancy',
    title: 'Vacancy board',
    groupLabel: 'Property',
    notes,
    columns: [
      col('property_id', 'Property ID', 'id'),
      col('unit', 'Unit', 'text'),
      col('unit_id', 'Unit ID', 'id'),
      col('market_rent', 'Market rent', 'money'),
      col('days_vacant', 'Days vacant', 'days'),
      col('vacant_from', 'Vacant from', 'date'),
      col('unit_status', 'Unit status', 'status'),
      col('last_lease_end', 'Last lease ended', 'date'),
      col('next_move_in', 'Next lease starts', 'date'),
    ],
    rows: rows.map(({ days: _days, ...row }) => row),
    summary: [
      { label: 'Vacant units', value: vacant.length, kind: 'integer' },
      // Its label says the rule, not a note: a note's line would take a row of the board's view.
      ...(coming !== null
        ? [
            {
              label: `Becoming vacant within ${coming} days, no lease after`,
              value: rows.length - vacant.length,
              kind: 'integer' as const,
            },
          ]
        : []),
      { label: 'Market rent of vacant units', value: money(market), kind: 'money' },
      {
        label: 'Average days vacant',
        value: known.length ? Math.round(known.reduce((s, r) => s + r.days, 0) / known.length) : 0,
        kind: 'days',
      },
    ],
  };
}
