// @vitest-environment happy-dom
// The overview's bar chart as a keyboard and screen-reader user meets it: one tab stop, arrows and
// Home/End between bars, Enter or Space opening a bar, a name per bar, and bars measured from zero.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BarChart } from '../../../src/renderer/src/features/portfolio/overview/bar-chart';
import type { ChartMark } from '../../../src/renderer/src/features/portfolio/overview/bar-chart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const marks: ChartMark[] = [
  { key: 'a', label: 'A', segments: [{ series: 's', value: 40 }], name: 'A: 40 leases', valueText: '40' },
  { key: 'b', label: 'B', segments: [{ series: 's', value: 0 }], name: 'B: no leases', valueText: '0' },
  { key: 'c', label: 'C', segments: [{ series: 's', value: 10 }], name: 'C: 10 leases', valueText: '10' },
];

let container: HTMLDivElement;
let root: Root;
let opened: string[];

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  opened = [];
  act(() =>
    root.render(
      <BarChart
        label="Leases ending per month"
        hintId="hint"
        marks={marks}
        series={[{ key: 's', label: 'Leases', colour: 1, pattern: 'solid' }]}
        layout="columns"
        formatTick={String}
        onOpen={(m) => opened.push(m.key)}
      />,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const bars = () => [...container.querySelectorAll<SVGGElement>('[role="button"]')];
const press = (key: string) =>
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
  });

describe('bar chart', () => {
  it('is one named group whose bars each have a name, with only the first in the tab order', () => {
    const group = container.querySelector('svg')!;
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('aria-label')).toBe('Leases ending per month');
    expect(group.getAttribute('aria-describedby')).toBe('hint');
    expect(bars().map((b) => b.getAttribute('aria-label'))).toEqual([
      'A: 40 leases',
      'B: no leases',
      'C: 10 leases',
    ]);
    expect(bars().map((b) => b.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('moves the tab stop with the arrows, Home and End, and opens the bar with Enter or Space', () => {
    act(() => bars()[0]!.focus());
    press('ArrowRight');
    expect(document.activeElement).toBe(bars()[1]);
    expect(bars().map((b) => b.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    press('End');
    expect(document.activeElement).toBe(bars()[2]);
    press('ArrowRight');
    expect(document.activeElement).toBe(bars()[2]);
    press('Enter');
    press('Home');
    expect(document.activeElement).toBe(bars()[0]);
    press('ArrowLeft');
    expect(document.activeElement).toBe(bars()[0]);
    press(' ');
    expect(opened).toEqual(['c', 'a']);
  });

  it('opens a bar on a click, an empty one too', () => {
    act(() =>
      bars()[1]!
        .querySelector('rect')!
        .dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
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
