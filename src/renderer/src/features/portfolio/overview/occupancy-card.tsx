// Occupancy by property: let, vacant and other units per property as stacked bars, sorted by name or
// by vacancy. A bar opens that property's vacant units on the vacancy board. A large portfolio draws
// its first 30 properties in the chosen order; the data table lists every one.
import { useState } from 'react';
import type { Occupancy, OccupancyRow } from '../../../../../shared/portfolio-overview';
import { navigate } from '../../../router/use-route';
import { BarChart } from './bar-chart';
import type { ChartMark, ChartSeries } from './chart-data';
import { ChartCard } from './chart-card';
import { counted, countText, occupancyName, shareText } from './chart-words';

export const MAX_PROPERTIES_DRAWN = 30;

const SERIES: ChartSeries[] = [
  { key: 'let', label: 'Let', colour: 1, pattern: 'solid' },
  { key: 'vacant', label: 'Vacant', colour: 2, pattern: 'hatch' },
  { key: 'other', label: 'Other (let; status such as notice)', colour: 3, pattern: 'dots' },
];

type Order = 'name' | 'vacancy';
const units = (p: OccupancyRow) => p.let + p.vacant + p.other;
const vacantShare = (p: OccupancyRow) => (units(p) ? p.vacant / units(p) : 0);

export function sortOccupancy(rows: readonly OccupancyRow[], order: Order): OccupancyRow[] {
  if (order === 'name') return [...rows];
  return [...rows].sort(
    (a, b) => vacantShare(b) - vacantShare(a) || b.vacant - a.vacant || a.name.localeCompare(b.name),
  );
}

export function OccupancyCard({ occupancy }: { occupancy: Occupancy }) {
  const [order, setOrder] = useState<Order>('name');
  const rows = sortOccupancy(occupancy.properties, order);
  const drawn = rows.slice(0, MAX_PROPERTIES_DRAWN);
  const all = rows.reduce((s, p) => s + units(p), 0);
  const vacant = rows.reduce((s, p) => s + p.vacant, 0);
  const marks: ChartMark[] = drawn.map((p) => ({
    key: p.propertyId ?? '\u0000none',
    label: p.name,
    segments: SERIES.map((s) => ({ series: s.key, value: p[s.key as 'let' | 'vacant' | 'other'] })),
    name: occupancyName(p),
    valueText: `${countText(p.vacant)} vacant`,
  }));
  return (
    <ChartCard
      title="Occupancy by property"
      wide
      summary={
        <>
          {counted(vacant, 'unit', 'units')} of {countText(all)} vacant
          {all ? ` (${shareText(vacant / all)})` : ''} across {counted(rows.length, 'property', 'properties')}
          .
          {rows.length > drawn.length
            ? ` The chart draws the first ${countText(drawn.length)} in this order; the data table lists all ${countText(rows.length)}.`
            : ''}
        </>
      }
      hint="Arrow keys move between properties; Enter opens the property’s vacant units."
      notes={occupancy.notes}
      missing={occupancy.missing}
      legend={SERIES}
      table={{
        head: ['Property', 'Let', 'Vacant', 'Other', 'Units', 'Vacant share'],
        numeric: [false, true, true, true, true, true],
        rows: rows.map((p) => ({
          key: p.propertyId ?? '\u0000none',
          cells: [
            p.name,
            countText(p.let),
            countText(p.vacant),
            countText(p.other),
            countText(units(p)),
            units(p) ? shareText(vacantShare(p)) : '—',
          ],
        })),
      }}
    >
      {(hintId) => (
        <>
          <div className="ov-sort" role="group" aria-label="Sort properties">
            <span className="muted">Sort:</span>
            {(['name', 'vacancy'] as const).map((o) => (
              <button
                key={o}
                type="button"
                className="btn"
                aria-pressed={order === o}
                onClick={() => setOrder(o)}
              >
                {o === 'name' ? 'By name' : 'Most vacant first'}
              </button>
            ))}
          </div>
          <BarChart
            label="Units per property: let, vacant and other"
            hintId={hintId}
            marks={marks}
            series={SERIES}
            layout="rows"
            formatTick={countText}
            onOpen={(m) => {
              const p = drawn.find((r) => (r.propertyId ?? '\u0000none') === m.key)!;
              navigate({
                view: 'portfolio',
                tab: 'vacancy',
                focus: { kind: 'property', propertyId: p.propertyId },
              });
            }}
          />
        </>
      )}
    </ChartCard>
  );
}
