// The overview's occupancy by property: let, vacant and other units per property. Let and vacant
// follow the leases exactly as the rent roll and the vacancy board do (a running lease or none), so a
// property's vacant count is the vacancy board's; "other" are let units whose own status says they are
// not simply occupied (notice given, for one).
import { textValue } from '../../shared/record-values';
import type { Occupancy, OccupancyRow } from '../../shared/portfolio-overview';
import { recordNames } from './record-names';
import { dayNumber, missingFieldNotes, NO_PROPERTY, runningLeaseByUnit } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';

/** Unit statuses that read as plainly occupied; any other status on a let unit counts as "other". */
export const OCCUPIED_STATUS = /^(occupied|let|leased|rented|active|current)$/i;

type ChartFigures = Omit<Occupancy, 'missing'>;

export function occupancy(data: PortfolioData, ctx: ViewContext): ChartFigures {
  const today = dayNumber(ctx.today)!;
  const { notes, has } = missingFieldNotes(ctx, [
    ['units', 'status', 'every let unit counts as let (none as other)'],
  ]);
  notes.push(
    'Let and vacant follow the leases, as in the rent roll and the vacancy board; other: let units whose own status is not an occupied one (for example notice given).',
  );
  const statusKnown = has('units', 'status');
  const running = runningLeaseByUnit(data.leases, today);
  const rows = new Map<string, OccupancyRow>();
  const names = recordNames(data, ctx);
  for (const p of data.properties)
    rows.set(p.id, {
      propertyId: p.id,
      name: names.of('properties', p.id, NO_PROPERTY),
      let: 0,
      vacant: 0,
      other: 0,
    });
  for (const unit of data.units) {
    const propertyId = textValue(unit.property_id);
    const key = propertyId ?? '';
    let row = rows.get(key);
    if (!row) {
      row = {
        propertyId,
        name: names.of('properties', propertyId, NO_PROPERTY),
        let: 0,
        vacant: 0,
        other: 0,
      };
      rows.set(key, row);
    }
    const status = statusKnown ? textValue(unit.status) : null;
    if (!running.has(unit.id)) row.vacant += 1;
    else if (status !== null && !OCCUPIED_STATUS.test(status)) row.other += 1;
    else row.let += 1;
  }
  const properties = [...rows.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || (a.propertyId ?? '').localeCompare(b.propertyId ?? ''),
  );
  return { notes, properties };
}
