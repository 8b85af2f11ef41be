// One bar of a bar chart, as a button: the whole band answers a click, its segments are stacked in
// series order (each in its series' colour, patterned unless solid, hatched where the mark stands
// out), a ring shows focus, and its value is written at its end. Also the patterns the segments use.
import { Bar } from '@visx/shape';
import type { ChartMark, ChartSeries } from './chart-data';
import { markTotal } from './chart-data';
import type { ChartFrame } from './chart-frame';

/** The hatch and dot patterns, named after the chart (uid) so two charts on a page keep their own. */
export function ChartPatterns({ uid }: { uid: string }) {
  return (
    <defs>
      <pattern
        id={`${uid}-hatch`}
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <line x1="0" y1="0" x2="0" y2="6" className="chart-pattern-line" strokeWidth="2.5" />
      </pattern>
      <pattern id={`${uid}-dots`} width="5" height="5" patternUnits="userSpaceOnUse">
        <circle cx="2.5" cy="2.5" r="1.2" className="chart-pattern-dot" />
      </pattern>
    </defs>
  );
}

export interface ChartBarProps {
  mark: ChartMark;
  frame: ChartFrame;
  seriesOf: ReadonlyMap<string, ChartSeries>;
  /** The chart's pattern names (ChartPatterns). */
  uid: string;
  /** Holds the chart's one tab stop. */
  tabbable: boolean;
  barRef: (el: SVGGElement | null) => void;
  onOpen: () => void;
  onFocus: () => void;
}

export function ChartBar({
  mark: m,
  frame,
  seriesOf,
  uid,
  tabbable,
  barRef,
  onOpen,
  onFocus,
}: ChartBarProps) {
  const { columns, band, value, innerW, innerH } = frame;
  const at = band(m.key) ?? 0;
  const bw = band.bandwidth();
  const end = value(markTotal(m));
  // Each segment starts where the ones before it end.
  const spans = m.segments.map((s, i) => {
    const from = m.segments.slice(0, i).reduce((sum, x) => sum + x.value, 0);
    return { series: s.series, from, to: from + s.value };
  });
  return (
    <g
      ref={barRef}
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={m.name}
      className={`chart-mark${m.emphasis ? ' chart-emph' : ''}`}
      onClick={onOpen}
      onFocus={onFocus}
    >
      {/* The whole band answers a click, so an empty or thin bar can be opened too. */}
      <rect
        className="chart-hit"
        {...(columns
          ? { x: at, y: 0, width: bw, height: innerH }
          : { x: 0, y: at, width: innerW, height: bw })}
      />
      {spans.map((s) => {
        const series = seriesOf.get(s.series)!;
        const a = value(s.from);
        const b = value(s.to);
        const box = columns
          ? { x: at, y: b, width: bw, height: Math.max(a - b, 0) }
          : { x: a, y: at, width: Math.max(b - a, 0), height: bw };
        return (
          <g key={s.series}>
            <Bar {...box} className={`chart-fill chart-c${series.colour}`} />
            {series.pattern !== 'solid' || m.emphasis ? (
              <Bar {...box} fill={`url(#${uid}-${m.emphasis ? 'hatch' : series.pattern})`} />
            ) : null}
          </g>
        );
      })}
      <rect
        className="chart-ring"
        {...(columns
          ? { x: at - 2, y: end - 2, width: bw + 4, height: innerH - end + 4 }
          : { x: -2, y: at - 2, width: end + 4, height: bw + 4 })}
        rx="3"
      />
      <text
        className="chart-value"
        {...(columns
          ? { x: at + bw / 2, y: end - 5, textAnchor: 'middle' }
          : { x: end + 5, y: at + bw / 2, dominantBaseline: 'central' })}
      >
        {m.emphasis ? '▲ ' : ''}
        {m.valueText}
      </text>
    </g>
  );
}
