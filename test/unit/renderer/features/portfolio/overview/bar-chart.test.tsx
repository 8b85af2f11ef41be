// @vitest-environment happy-dom
// The overview's bar chart as a keyboard and screen-reader user meets it: one tab stop, arrows and
// Home/End between bars, Enter or Space opening a bar, a name per bar, and bars measured from zero.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BarChart } from '../../../../../../src/renderer/src/features/portfolio/overview/bar-chart';
import type { ChartMark } from '../../../../../../src/renderer/src/features/portfolio/overview/chart-data';

const marks: ChartMark[] = [
  { key: 'a', label: 'A', segments: [{ series: 's', value: 40 }], name: 'A: 40 leases', valueText: '40' },
  { key: 'b', label: 'B', segments: [{ series: 's', value: 0 }], name: 'B: no leases', valueText: '0' },
  { key: 'c', label: 'C', segments: [{ series: 's', value: 10 }], name: 'C: 10 leases', valueText: '10' },
];

let opened: string[];

beforeEach(() => {
  opened = [];
  render(
    <>
      <p id="hint">Arrows move between months</p>
      <BarChart
        label="Leases ending per month"
        hintId="hint"
        marks={marks}
        series={[{ key: 's', label: 'Leases', colour: 1, pattern: 'solid' }]}
        layout="columns"
        formatTick={String}
        onOpen={(m) => opened.push(m.key)}
      />
    </>,
  );
});
afterEach(cleanup);

const bars = () => screen.getAllByRole('button');
const bar = (name: string) => screen.getByRole('button', { name });
const tabStops = () => bars().map((b) => b.getAttribute('tabindex'));

describe('bar chart', () => {
  it('is one named group whose bars each have a name, with only the first in the tab order', () => {
    const group = screen.getByRole('group', { name: 'Leases ending per month' });
    expect(group.getAttribute('aria-describedby')).toBe('hint');
    expect(bars().map((b) => b.getAttribute('aria-label'))).toEqual([
      'A: 40 leases',
      'B: no leases',
      'C: 10 leases',
    ]);
    expect(tabStops()).toEqual(['0', '-1', '-1']);
  });

  it('moves the tab stop with the arrows, Home and End, and opens the bar with Enter or Space', async () => {
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(bar('A: 40 leases'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(bar('B: no leases'));
    expect(tabStops()).toEqual(['-1', '0', '-1']);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(bar('C: 10 leases'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(bar('C: 10 leases'));
    await user.keyboard('{Enter}');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(bar('A: 40 leases'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(bar('A: 40 leases'));
    await user.keyboard(' ');
    expect(opened).toEqual(['c', 'a']);
  });

  it('opens a bar on a click, an empty one too', async () => {
    const user = userEvent.setup();
    await user.click(bar('B: no leases').querySelector('rect')!);
    expect(opened).toEqual(['b']);
  });

  it('draws bars up from one zero line, their heights in proportion to their values', () => {
    const fill = (i: number) => bars()[i]!.querySelector<SVGRectElement>('.chart-fill')!;
    const bottom = (i: number) => Number(fill(i).getAttribute('y')) + Number(fill(i).getAttribute('height'));
    expect(bottom(0)).toBeCloseTo(bottom(2), 5);
    expect(bottom(1)).toBeCloseTo(bottom(0), 5);
    expect(Number(fill(1).getAttribute('height'))).toBe(0);
    const ratio = Number(fill(0).getAttribute('height')) / Number(fill(2).getAttribute('height'));
    expect(ratio).toBeCloseTo(4, 5);
  });
});
