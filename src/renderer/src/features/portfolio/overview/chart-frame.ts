// Where a bar chart's parts go at the width it is shown: the margins, one band per bar (with a gap
// before the marks drawn apart), the value scale from zero, and which ticks and bar labels are written.
import { scaleBand, scaleLinear } from '@visx/scale';
import type { ChartMark } from './chart-data';
import { markTotal } from './chart-data';

export type ChartLayout = 'columns' | 'rows';

/** The band before the first mark drawn apart; no mark's key can be this. */
const GAP = '\u0000gap';

export function chartFrame(marks: ChartMark[], layout: ChartLayout, width: number) {
  const columns = layout === 'columns';
  const margin = columns
    ? {
        top: 22,
        // Room for a wide last label ("Month-to-month") under a bar drawn apart at the end.
        right: marks.at(-1)?.apart ? 40 : 8,
        bottom: marks.some((m) => m.detail) ? 52 : 34,
        left: 56,
      }
    : { top: 4, right: 64, bottom: 26, left: 180 };
  const height = columns ? 240 : margin.top + margin.bottom + Math.max(marks.length, 1) * 26;
  const innerW = Math.max(width - margin.left - margin.right, 10);
  const innerH = height - margin.top - margin.bottom;
  const firstApart = marks.findIndex((m) => m.apart);
  const keys = marks.flatMap((m, i) => (i === firstApart && i > 0 ? [GAP, m.key] : [m.key]));
  const max = Math.max(1, ...marks.map(markTotal));
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
  // The dashed divider runs through the gap; only columns draw it.
  const divider = columns && firstApart > 0 ? band(GAP)! + band.bandwidth() / 2 : null;
  return { columns, margin, width, height, innerW, innerH, band, value, ticks, labelEvery, divider };
}

export type ChartFrame = ReturnType<typeof chartFrame>;
