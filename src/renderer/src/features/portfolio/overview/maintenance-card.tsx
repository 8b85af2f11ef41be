// Open maintenance: open requests by priority (most urgent first) and by how long they have been open,
// two small charts in one card. A bar opens the triage view narrowed to those requests.
import type { OpenMaintenance } from '../../../../../shared/portfolio-overview';
import { navigate } from '../../../router/use-route';
import { BarChart } from './bar-chart';
import type { ChartMark, ChartSeries } from './bar-chart';
import { ChartCard } from './chart-card';
import { counted, countText } from './chart-words';

const PRIORITY: ChartSeries[] = [{ key: 'open', label: 'Open requests', colour: 4, pattern: 'solid' }];

export function MaintenanceCard({ maintenance: m }: { maintenance: OpenMaintenance }) {
  const open = m.byAge.reduce((s, b) => s + b.count, 0);
  const byPriority: ChartMark[] = m.byPriority.map((p) => ({
    key: p.priority ?? '\u0000none',
    label: p.label,
    segments: [{ series: 'open', value: p.count }],
    name: `${p.priority === null ? 'No priority' : `${p.label} priority`}: ${counted(p.count, 'open request', 'open requests')}`,
    valueText: countText(p.count),
  }));
  const byAge: ChartMark[] = m.byAge.map((b) => ({
    key: b.key,
    label: b.label,
    segments: [{ series: 'open', value: b.count }],
    name: `Open ${b.label.toLowerCase()}: ${counted(b.count, 'request', 'requests')}`,
    valueText: countText(b.count),
  }));
  const oldest = m.byAge.find((b) => b.key === 'age_90_plus')?.count ?? 0;
  return (
    <ChartCard
      title="Open maintenance"
      wide
      summary={
        <>
          {counted(open, 'open request', 'open requests')}; {countText(oldest)} open for over 90 days.
        </>
      }
      hint="Arrow keys move between bars; Enter opens those open requests in the triage view."
      notes={m.notes}
      missing={m.missing}
      table={{
        head: ['Open requests by', 'Group', 'Requests'],
        numeric: [false, false, true],
        rows: [
          ...m.byPriority.map((p) => ({
            key: `p-${p.priority ?? ''}`,
            cells: ['Priority', p.label, countText(p.count)],
          })),
          ...m.byAge.map((b) => ({ key: `a-${b.key}`, cells: ['Age', b.label, countText(b.count)] })),
        ],
      }}
    >
      {(hintId) => (
        <div className="ov-pair">
          <div>
            <h4>By priority</h4>
            <BarChart
              label="Open requests by priority"
              hintId={hintId}
              marks={byPriority}
              series={PRIORITY}
              layout="columns"
              formatTick={countText}
              onOpen={(mark) => {
                const p = m.byPriority.find((x) => (x.priority ?? '\u0000none') === mark.key)!;
                navigate({
                  view: 'portfolio',
                  tab: 'maintenance',
                  focus: { kind: 'priority', priority: p.priority },
                });
              }}
            />
          </div>
          <div>
            <h4>By age</h4>
            <BarChart
              label="Open requests by age"
              hintId={hintId}
              marks={byAge}
              series={PRIORITY}
              layout="columns"
              formatTick={countText}
              onOpen={(mark) =>
                navigate({
                  view: 'portfolio',
                  tab: 'maintenance',
                  focus: { kind: 'open-age', bucket: m.byAge.find((b) => b.key === mark.key)!.key },
                })
              }
            />
          </div>
        </div>
      )}
    </ChartCard>
  );
}
