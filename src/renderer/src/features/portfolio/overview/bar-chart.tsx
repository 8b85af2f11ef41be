// One accessible bar chart drawn with visx as React SVG. Every bar is a real element with an
// accessible name; the chart is one tab stop (roving focus: arrows move between bars, Home and End
// jump, Enter or Space opens the bar's rows). Bars start at zero; each series has a theme colour and a
// pattern of its own, and values are written on the bars, so nothing rests on colour alone.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useWidth } from './use-width';

export type ChartPattern = 'solid' | 'hatch' | 'dots';

export interface ChartSeries {
  key: string;
  label: string;
  /** Which of the theme's chart colours (1–4). */
  colour: 1 | 2 | 3 | 4;
  pattern: ChartPattern;
}

export interface ChartMark {
  key: string;
  /** The axis label. */
  label: string;
  /** A second, smaller axis line (columns only). */
  detail?: string;
  /** Stacked in series order; one for a plain bar. */
  segments: Array<{ series: string; value: number }>;
  /** What a screen reader says for the bar. */
  name: string;
  /** Written at the end of the bar. */
  valueText: string;
  /** Drawn to stand out (outlined, hatched in the alert colour, marked ▲). */
  emphasis?: boolean;
  /** Drawn after a dashed divider, apart from the marks before it. */
  apart?: boolean;
}

export interface BarChartProps {
  /** The chart's accessible name. */
  label: string;
  /** An element saying what Enter on a bar opens. */
  hintId: string;
  marks: ChartMark[];
  series: ChartSeries[];
  layout: 'columns' | 'rows';
  formatTick: (value: number) => string;
  onOpen: (mark: ChartMark) => void;
  /** Told which bar holds the chart's tab stop (it follows focus). */
  onCurrent?: (mark: ChartMark) => void;
}

const GAP = '\u0000gap';
const total = (m: ChartMark) => m.segments.reduce((s, x) => s + x.value, 0);

export function BarChart(p: BarChartProps) {
  const uid = useId().replace(/:/g, '');
  const [wrap, width] = useWidth<HTMLDivElement>(640);
  const [chosen, setCurrent] = useState(0);
  // The marks can change under the tab stop (a new sort, a smaller copy): keep it on a real bar.
  const current = Math.min(chosen, Math.max(p.marks.length - 1, 0));
  const refs = useRef<Array<SVGGElement | null>>([]);
  const columns = p.layout === 'columns';
  const margin = columns
    ? {
        top: 22,
        // Room for a wide last label ("Month-to-month") under a bar drawn apart at the end.
        right: p.marks.at(-1)?.apart ? 40 : 8,
        bottom: p.marks.some((m) => m.detail) ? 52 : 34,
        left: 56,
      }
    : { top: 4, right: 64, bottom: 26, left: 180 };
  const height = columns ? 240 : margin.top + margin.bottom + Math.max(p.marks.length, 1) * 26;
  const innerW = Math.max(width - margin.left - margin.right, 10);
  const innerH = height - margin.top - margin.bottom;
  const firstApart = p.marks.findIndex((m) => m.apart);
  const keys = p.marks.flatMap((m, i) => (i === firstApart && i > 0 ? [GAP, m.key] : [m.key]));
  const max = Math.max(1, ...p.marks.map(total));
  const band = scaleBand<string>({
    domain: keys,
    range: columns ? [0, innerW] : [0, innerH],
    padding: columns ? 0.2 : 0.25,
  });
  const value = scaleLinear<number>({
    domain: [0, max],
    range: columns ? [innerH, 0] : [0, innerW],
    nice: true,
    zero: true,
  });
  // Whole numbers only: there is no half a lease (and no chart here needs fractions of a dollar).
  const ticks = value.ticks(columns ? 4 : 5).filter((t) => Number.isInteger(t));
  // Where bars are too narrow for every label, every second (third …) one is written.
  const labelEvery = columns ? Math.max(1, Math.ceil(30 / band.step())) : 1;
  const seriesOf = new Map(p.series.map((s) => [s.key, s]));
  const mark = (i: number) => p.marks[i]!;

  const move = (to: number) => {
    const next = Math.max(0, Math.min(p.marks.length - 1, to));
    setCurrent(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const keysMove: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (e.key in keysMove) move(current + keysMove[e.key]!);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(p.marks.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') p.onOpen(mark(current));
    else return;
    e.preventDefault();
  };

  return (
    <div ref={wrap} className="chart">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={p.label}
        aria-describedby={p.hintId}
        onKeyDown={onKeyDown}
      >
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
        <Group left={margin.left} top={margin.top}>
          <g aria-hidden="true">
            {columns ? (
              <GridRows scale={value} width={innerW} tickValues={ticks} className="chart-grid" />
            ) : (
              <GridColumns scale={value} height={innerH} tickValues={ticks} className="chart-grid" />
            )}
            {firstApart > 0 ? (
              columns ? (
                <line
                  className="chart-divider"
                  x1={band(GAP)! + band.bandwidth() / 2}
                  x2={band(GAP)! + band.bandwidth() / 2}
                  y1={0}
                  y2={innerH}
                />
              ) : null
            ) : null}
          </g>
          {p.marks.map((m, i) => {
            const at = band(m.key) ?? 0;
            const bw = band.bandwidth();
            let offset = 0;
            const sum = total(m);
            const end = value(sum);
            return (
              <g
                key={m.key}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                role="button"
                tabIndex={i === current ? 0 : -1}
                aria-label={m.name}
                className={`chart-mark${m.emphasis ? ' chart-emph' : ''}`}
                onClick={() => p.onOpen(m)}
                onFocus={() => {
                  setCurrent(i);
                  p.onCurrent?.(m);
                }}
              >
                {/* The whole band answers a click, so an empty or thin bar can be opened too. */}
                <rect
                  className="chart-hit"
                  {...(columns
                    ? { x: at, y: 0, width: bw, height: innerH }
                    : { x: 0, y: at, width: innerW, height: bw })}
                />
                {m.segments.map((s) => {
                  const series = seriesOf.get(s.series)!;
                  const from = offset;
                  offset += s.value;
                  const a = value(from);
                  const b = value(offset);
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
          })}
          <g aria-hidden="true">
            {columns ? (
              <>
                <AxisLeft
                  scale={value}
                  tickValues={ticks}
                  tickFormat={(v) => p.formatTick(Number(v))}
                  axisClassName="chart-axis"
                  tickLabelProps={{ className: 'chart-tick', textAnchor: 'end', dx: -4, dy: 3 }}
                  hideTicks
                />
                <AxisBottom
                  top={innerH}
                  scale={band}
                  tickValues={p.marks.map((m) => m.key)}
                  hideTicks
                  axisClassName="chart-axis"
                  tickComponent={({ x, y, formattedValue }) => {
                    const i = p.marks.findIndex((k) => k.key === formattedValue);
                    const m = p.marks[i];
                    if (!m || (i % labelEvery !== 0 && !m.apart)) return null;
                    return (
                      <text x={x} y={y + 4} textAnchor="middle" className="chart-tick">
                        <tspan x={x} dy="0.71em">
                          {m.label}
                        </tspan>
                        {m.detail ? (
                          <tspan x={x} dy="1.25em" className="chart-tick-detail">
                            {m.detail}
                          </tspan>
                        ) : null}
                      </text>
                    );
                  }}
                />
              </>
            ) : (
              <>
                <AxisLeft
                  scale={band}
                  tickValues={p.marks.map((m) => m.key)}
                  hideTicks
                  axisClassName="chart-axis"
                  tickFormat={(k) => {
                    const label = p.marks.find((m) => m.key === k)?.label ?? '';
                    return label.length > 26 ? `${label.slice(0, 25)}…` : label;
                  }}
                  tickLabelProps={{ className: 'chart-tick', textAnchor: 'end', dx: -6, dy: 3 }}
                />
                <AxisBottom
                  top={innerH}
                  scale={value}
                  tickValues={ticks}
                  tickFormat={(v) => p.formatTick(Number(v))}
                  hideTicks
                  axisClassName="chart-axis"
                  tickLabelProps={{ className: 'chart-tick', textAnchor: 'middle', dy: 4 }}
                />
              </>
            )}
          </g>
        </Group>
      </svg>
    </div>
  );
}
