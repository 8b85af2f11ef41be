// @vitest-environment happy-dom
// The grid's rows drawn outside React: what a user sees (text, order, selection) and that scrolling
// refills the elements already there instead of building new ones.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GridPainter } from '../../../../../src/renderer/src/features/collections/grid-painter';
import { columnsFromFields } from '../../../../../src/renderer/src/features/collections/columns';
import type { RowSource } from '../../../../../src/renderer/src/features/collections/paged-rows';

const columns = columnsFromFields([
  { name: 'name', type: 'string' },
  { name: 'monthly_rent', type: 'number' },
]);

/** Rows `Lease 0`…, counting how often each is read. */
function source(length: number, prefix = 'Lease', previous?: RowSource): RowSource & { reads: number } {
  const rows = {
    length,
    reads: 0,
    get(i: number) {
      if (i < 0 || i >= length) return undefined;
      rows.reads += 1;
      return { id: `${prefix}-${i}`, name: `${prefix} ${i}`, monthly_rent: 1000 + i };
    },
    continues: (p: RowSource) => p === previous,
  };
  return rows;
}

let body: HTMLDivElement;
let painter: GridPainter;
beforeEach(() => {
  body = document.createElement('div');
  document.body.append(body);
  painter = new GridPainter('USD');
  painter.mount(body);
  painter.setColumns(columns);
});
afterEach(() => body.remove());

const rowEls = () => [...body.querySelectorAll<HTMLElement>('[role="row"]')];
const shown = () => rowEls().filter((r) => !r.hidden);
const names = (rows = shown()) => rows.map((r) => r.querySelector('[role="gridcell"]')!.textContent);

describe('grid painter', () => {
  it('draws the rows in view with their text, place and position in the list', () => {
    painter.setRows(source(1000));
    painter.paint(0, 9, true);
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `Lease ${i}`));
    const third = shown()[2]!;
    expect(third.id).toBe('row-Lease-2');
    expect(third.getAttribute('aria-rowindex')).toBe('4');
    expect(third.style.transform).toBe('translateY(64px)');
    expect(third.querySelectorAll('[role="gridcell"]')[1]!.textContent).toMatch(/\$1,002\.00/);
  });

  it('refills the same elements and text nodes while scrolling, and reads only new rows', () => {
    const rows = source(1000);
    painter.setRows(rows);
    painter.paint(0, 29, true);
    const before = rowEls();
    const textOf25 = before
      .find((r) => r.id === 'row-Lease-25')!
      .querySelector('[role="gridcell"]')!.firstChild;
    rows.reads = 0;
    painter.paint(20, 49, false);
    // Twenty rows came into view and only they were read; no element was made or removed.
    expect(rows.reads).toBe(20);
    expect(rowEls()).toHaveLength(before.length);
    expect(rowEls().every((r) => before.includes(r))).toBe(true);
    const row25 = rowEls().find((r) => r.id === 'row-Lease-25')!;
    expect(row25.querySelector('[role="gridcell"]')!.firstChild).toBe(textOf25);
    expect(names().sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Lease ${i + 20}`).sort());
  });

  it('puts rows in screen order once the view is at rest, for screen readers', () => {
    painter.setRows(source(1000));
    painter.paint(0, 29, true);
    painter.paint(17, 46, false);
    painter.paint(17, 46, true);
    expect(names()).toEqual(Array.from({ length: 30 }, (_, i) => `Lease ${i + 17}`));
    expect(shown().map((r) => Number(r.getAttribute('aria-rowindex')))).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 19),
    );
  });

  it('hides elements left over when fewer rows are in view, and never shows a stale row', () => {
    painter.setRows(source(1000));
    painter.paint(100, 139, true);
    painter.paint(0, 19, true);
    expect(names()).toEqual(Array.from({ length: 20 }, (_, i) => `Lease ${i}`));
    expect(rowEls().length).toBeLessThanOrEqual(40);
    painter.paint(0, -1, true);
    expect(shown()).toHaveLength(0);
  });

  it('marks the selected row, and only that one', () => {
    painter.setRows(source(1000));
    painter.setSelected(3);
    painter.paint(0, 9, true);
    const selected = () => shown().filter((r) => r.getAttribute('aria-selected') === 'true');
    expect(names(selected())).toEqual(['Lease 3']);
    painter.setSelected(4);
    painter.paint(0, 9, true);
    expect(names(selected())).toEqual(['Lease 4']);
    painter.setSelected(-1);
    painter.paint(0, 9, true);
    expect(selected()).toHaveLength(0);
  });

  it('keeps rows drawn when more pages arrive, and redraws them for another list', () => {
    const first = source(100);
    painter.setRows(first);
    painter.paint(0, 9, true);
    const more = source(200, 'Lease', first);
    painter.setRows(more);
    painter.paint(0, 9, true);
    expect(more.reads).toBe(0);
    painter.setRows(source(50, 'Tenant'));
    painter.paint(0, 9, true);
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `Tenant ${i}`));
  });

  it('rebuilds the cells only when the columns shown change', () => {
    painter.setRows(source(100));
    painter.paint(0, 4, true);
    const before = rowEls();
    painter.setColumns(columnsFromFields([...columns]));
    painter.paint(0, 4, true);
    expect(rowEls()).toEqual(before);
    painter.setColumns(columns.slice(1));
    painter.paint(0, 4, true);
    expect(rowEls().some((r) => before.includes(r))).toBe(false);
    expect(shown()[0]!.querySelectorAll('[role="gridcell"]')).toHaveLength(1);
  });

  it('tells which row a click inside a cell belongs to', () => {
    painter.setRows(source(100));
    painter.paint(10, 19, true);
    const cell = shown()[3]!.querySelector('[role="gridcell"]')!;
    expect(painter.indexAt(cell)).toBe(13);
    expect(painter.indexAt(body)).toBe(-1);
    expect(painter.indexAt(null)).toBe(-1);
  });

  it('shows money in the connection’s currency, whole minor units as currency units', () => {
    const cents = columnsFromFields([{ name: 'rent_minor', type: 'integer' }]);
    // Shown in pounds or euros, so the heading says "Rent", not "Rent (minor units)".
    expect(cents[0]!.label).toBe('Rent');
    const gbp = (n: number) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' }).format(n);
    const eur = (n: number) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(n);
    const gbpPainter = new GridPainter('GBP');
    gbpPainter.mount(body);
    gbpPainter.setColumns(cents);
    gbpPainter.setRows({ length: 1, get: () => ({ id: 't1', rent_minor: 125_050 }) });
    gbpPainter.paint(0, 0, true);
    expect(names()).toEqual([gbp(1250.5)]);
    gbpPainter.setCurrency('EUR');
    gbpPainter.paint(0, 0, true);
    expect(names()).toEqual([eur(1250.5)]);
  });

  it('shows a reference by its label, the ID muted while the label loads and on hover', () => {
    const refs = columnsFromFields([{ name: 'unit_id', type: 'string' }]);
    painter.setColumns(refs);
    painter.setRows({ length: 2, get: (i) => ({ id: `l${i}`, unit_id: `unit_${i}` }) });
    painter.setLabels((_c, id) =>
      id === 'unit_0'
        ? { state: 'named', id, text: 'Cedar Commons · 1B', title: id }
        : { state: 'loading', id, text: id, title: id },
    );
    painter.paint(0, 1, true);
    const cells = shown().map((r) => r.querySelector<HTMLElement>('[role="gridcell"]')!);
    expect(cells.map((c) => c.textContent)).toEqual(['Cedar Commons · 1B', 'unit_1']);
    expect(cells.map((c) => c.title)).toEqual(['unit_0', 'unit_1']);
    expect(cells[1]!.className).toContain('muted');
    expect(cells[0]!.className).not.toContain('muted');
  });
});
