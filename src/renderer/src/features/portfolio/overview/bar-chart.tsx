// One accessible bar chart drawn with visx as React SVG. Every bar is a real element with an
// accessible name; the chart is one tab stop (roving focus: arrows move between bars, Home and End
// jump, Enter or Space opens the bar's rows). Bars start at zero; each series has a theme colour and a
// pattern of its own, and values are written on the bars, so nothing rests on colour alone.
import { Group } from '@visx/group';
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ChartAxes, ChartGrid } from './chart-axes';
import { ChartBar, ChartPatterns } from './chart-bar';
import type { ChartMark, ChartSeries } from './chart-data';
import { chartFrame } from './chart-frame';
import type { ChartLayout } from './chart-frame';
import { useWidth } from './use-width';

export interface BarChartProps {
  /** The chart's accessible name. */
  label: string;
  /** An element saying what Enter on a bar opens. */
  hintId: string;
  marks: ChartMark[];
  series: ChartSeries[];
  layout: ChartLayout;
  formatTick: (value: number) => string;
  onOpen: (mark: ChartMark) => void;
  /** Told which bar holds the chart's tab stop (it follows focus). */
  onCurrent?: (mark: ChartMark) => void;
}

export function BarChart(p: BarChartProps) {
  const uid = useId().replace(/:/g, '');
  const [wrap, width] = useWidth<HTMLDivElement>(640);
  const [chosen, setCurrent] = useState(0);
  // The marks can change under the tab stop (a new sort, a smaller copy): keep it on a real bar.
  const current = Math.min(chosen, Math.max(p.marks.length - 1, 0));
  const refs = useRef<Array<SVGGElement | null>>([]);
  const frame = chartFrame(p.marks, p.layout, width);
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
        height={frame.height}
        viewBox={`0 0 ${width} ${frame.height}`}
        role="group"
        aria-label={p.label}
        aria-describedby={p.hintId}
        onKeyDown={onKeyDown}
      >
        <ChartPatterns uid={uid} />
        <Group left={frame.margin.left} top={frame.margin.top}>
          <ChartGrid frame={frame} />
          {p.marks.map((m, i) => (
            <ChartBar
              key={m.key}
              mark={m}
              frame={frame}
              seriesOf={seriesOf}
              uid={uid}
              tabbable={i === current}
              barRef={(el) => {
                refs.current[i] = el;
              }}
              onOpen={() => p.onOpen(m)}
              onFocus={() => {
                setCurrent(i);
                p.onCurrent?.(m);
              }}
            />
          ))}
          <ChartAxes frame={frame} marks={p.marks} formatTick={p.formatTick} />
        </Group>
      </svg>
    </div>
  );
}
