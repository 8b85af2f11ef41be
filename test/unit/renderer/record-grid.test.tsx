// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrayRows } from '../../../src/renderer/src/features/collections/paged-rows';
import { RecordGrid } from '../../../src/renderer/src/features/collections/record-grid';
import { columnsFromFields } from '../../../src/renderer/src/features/collections/columns';
import { giveElementsAViewport } from './grid-viewport';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
giveElementsAViewport();

const columns = columnsFromFields([
  { name: 'name', type: 'string' },
  { name: 'monthly_rent', type: 'number' },
  { name: 'end_date', type: 'date' },
  { name: 'is_active', type: 'boolean' },
]);
const rows = Array.from({ length: 100_000 }, (_, i) => ({
  id: `r${i}`,
  name: `Lease ${i}`,
  monthly_rent: 1000 + i,
  end_date: '2026-12-31',
  is_active: i % 2 === 0,
}));

let container: HTMLDivElement;
afterEach(() => container?.remove());

function renderGrid(props: Partial<Parameters<typeof RecordGrid>[0]> = {}) {
  container = document.createElement('div');
  container.style.height = '600px';
  document.body.append(container);
  const handlers = {
    onSelect: vi.fn(),
    onOpen: vi.fn(),
    onOpenPage: vi.fn(),
    onClose: vi.fn(),
    onNeedMore: vi.fn(),
    onShown: vi.fn(),
  };
  const root = createRoot(container);
  act(() =>
    root.render(
      <RecordGrid
        label="Leases"
        rows={arrayRows(rows)}
        columns={columns}
        selectedIndex={4}
        hasMore={false}
        currency="USD"
        labels={(_c, id) => ({ state: 'loading', id, text: id, title: id })}
        sort={null}
        onSort={vi.fn()}
        {...handlers}
        {...props}
      />,
    ),
  );
  return { handlers, grid: container.querySelector('[role="grid"]') as HTMLElement };
}

describe('record grid', () => {
  it('keeps at most 150 rows in the DOM for 100,000 records, formatted by type', () => {
    const { grid } = renderGrid();
    const rendered = grid.querySelectorAll('[role="row"]');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThanOrEqual(150);
    const header = [...grid.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
    expect(header).toEqual(['Name', 'Monthly rent', 'End date', 'Active']);
    const firstCells = [...rendered[1]!.querySelectorAll('[role="gridcell"]')].map((c) => c.textContent);
    expect(firstCells[0]).toBe('Lease 0');
    expect(firstCells[1]).toMatch(/\$1,000\.00/);
    expect(firstCells[3]).toBe('Yes');
  });

  it('moves with J/K and arrows, opens with Enter and closes with Escape', () => {
    const { grid, handlers } = renderGrid();
    const press = (key: string) =>
      act(() => void grid.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
    press('j');
    press('ArrowDown');
    press('k');
    press('Home');
    press('End');
    expect(handlers.onSelect.mock.calls.map((c) => c[0])).toEqual([5, 5, 3, 0, 99_999]);
    press('Enter');
    expect(handlers.onOpenPage).toHaveBeenCalledWith(4);
    expect(handlers.onOpen).not.toHaveBeenCalled();
    press('Escape');
    expect(handlers.onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for the next page before the user reaches the end', () => {
    const { handlers } = renderGrid({ rows: arrayRows(rows.slice(0, 30)), hasMore: true });
    expect(handlers.onNeedMore).toHaveBeenCalled();
  });

  it('refills the rows already on screen when scrolling instead of building new ones', async () => {
    const { grid } = renderGrid({ selectedIndex: -1 });
    const scrollTo = async (top: number) => {
      grid.scrollTop = top;
      await act(async () => {
        grid.dispatchEvent(new Event('scroll'));
        await new Promise((r) => setTimeout(r, 0));
      });
    };
    await scrollTo(32 * 20);
    const before = [...grid.querySelectorAll('.vgrid-body [role="row"]')];
    await scrollTo(32 * 40);
    const after = [...grid.querySelectorAll('.vgrid-body [role="row"]')];
    const names = after.map((r) => r.querySelector('[role="gridcell"]')!.textContent);
    // The view moved 20 rows: rows further down are shown and those scrolled past are gone...
    expect(names).toContain('Lease 65');
    expect(names).not.toContain('Lease 10');
    // ...yet every row element is one that was there before.
    expect(after.length).toBe(before.length);
    expect(after.every((row) => before.includes(row))).toBe(true);
  });
});
