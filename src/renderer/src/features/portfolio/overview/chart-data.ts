// What a bar chart shows: its series (each with a colour and a pattern of its own, so nothing rests
// on colour alone) and its marks (one bar each, stacked from its segments), as the cards describe them.
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

/** The bar's whole length: its segments added up. */
export const markTotal = (m: ChartMark) => m.segments.reduce((s, x) => s + x.value, 0);
