// Open maintenance: open requests by priority (most urgent first) and by how long they have been open,
// two small charts in one card. A bar opens the triage view narrowed to those requests.
import type { PortfolioFocus } from '../../../../../shared/portfolio-focus';
import type { OpenMaintenance } from '../../../../../shared/portfolio-overview';
import { navigate } from '../../../router/use-route';
import { BarChart } from './bar-chart';
import type { ChartMark, ChartSeries } from './chart-data';
import { ChartCard } from './chart-card';
import { counted, countText } from './chart-words';

/** The key of the bar for requests with no priority (no contract value can contain a NUL). */
const NONE = '\u0000none';
const SERIES: ChartSeries[] = [{ key: 'open', label: 'Open requests', colour: 4, pattern: 'solid' }];

export function MaintenanceCard({ maintenance: m }: { maintenance: OpenMaintenance }) {
  const open = m.byAge.reduce((s, b) => s + b.count, 0);
  const byPriority: ChartMark[] = m.byPriority.map((p) => ({
    key: p.priority ?? NONE,
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
  const charts: Array<{
    title: string;
    label: string;
    marks: ChartMark[];
    focus: (key: string) => PortfolioFocus;
  }> = [
    {
      title: 'By priority',
      label: 'Open requests by priority',
      marks: byPriority,
      focus: (key) => ({
        kind: 'priority',
        priority: m.byPriority.find((p) => (p.priority ?? NONE) === key)!.priority,
      }),
    },
    {
      title: 'By age',
      label: 'Open requests by age',
      marks: byAge,
      focus: (key) => ({ kind: 'open-age', bucket: m.byAge.find((b) => b.key === key)!.key }),
    },
  ];
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
          {charts.map((c) => (
            <div key={c.title}>
              <h4>{c.title}</h4>
              <BarChart
                label={c.label}
                hintId={hintId}
                marks={c.marks}
                series={SERIES}
                layout="columns"
                formatTick={countText}
                onOpen={(mark) =>
                  navigate({ view: 'portfolio', tab: 'maintenance', focus: c.focus(mark.key) })
                }
              />
            </div>
          ))}
        </div>
      )}
    </ChartCard>
  );
}
