// A bar chart's scales drawn, hidden from screen readers (every bar names its own value): the grid
// lines and the divider before the marks drawn apart, behind the bars; the axes and their labels in
// front. Columns put values up the left and bar labels along the bottom; rows the other way round.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import type { ChartMark } from './chart-data';
import type { ChartFrame } from './chart-frame';

export function ChartGrid({ frame }: { frame: ChartFrame }) {
  const { columns, value, innerW, innerH, ticks, divider } = frame;
  return (
    <g aria-hidden="true">
      {columns ? (
        <GridRows scale={value} width={innerW} tickValues={ticks} className="chart-grid" />
      ) : (
        <GridColumns scale={value} height={innerH} tickValues={ticks} className="chart-grid" />
      )}
      {divider !== null ? (
        <line className="chart-divider" x1={divider} x2={divider} y1={0} y2={innerH} />
      ) : null}
    </g>
  );
}

export interface ChartAxesProps {
  frame: ChartFrame;
  marks: ChartMark[];
  formatTick: (value: number) => string;
}

export function ChartAxes({ frame, marks, formatTick }: ChartAxesProps) {
  const { columns, band, value, innerH, ticks, labelEvery } = frame;
  return (
    <g aria-hidden="true">
      {columns ? (
        <>
          <AxisLeft
            scale={value}
            tickValues={ticks}
            tickFormat={(v) => formatTick(Number(v))}
            axisClassName="chart-axis"
            tickLabelProps={{ className: 'chart-tick', textAnchor: 'end', dx: -4, dy: 3 }}
            hideTicks
          />
          <AxisBottom
            top={innerH}
            scale={band}
            tickValues={marks.map((m) => m.key)}
            hideTicks
            axisClassName="chart-axis"
            tickComponent={({ x, y, formattedValue }) => {
              const i = marks.findIndex((k) => k.key === formattedValue);
              const m = marks[i];
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
            tickValues={marks.map((m) => m.key)}
            hideTicks
            axisClassName="chart-axis"
            tickFormat={(k) => {
              const label = marks.find((m) => m.key === k)?.label ?? '';
              return label.length > 26 ? `${label.slice(0, 25)}…` : label;
            }}
            tickLabelProps={{ className: 'chart-tick', textAnchor: 'end', dx: -6, dy: 3 }}
          />
          <AxisBottom
            top={innerH}
            scale={value}
            tickValues={ticks}
            tickFormat={(v) => formatTick(Number(v))}
            hideTicks
            axisClassName="chart-axis"
            tickLabelProps={{ className: 'chart-tick', textAnchor: 'middle', dy: 4 }}
          />
        </>
      )}
    </g>
  );
}
