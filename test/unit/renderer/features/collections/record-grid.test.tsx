// @vitest-environment happy-dom
// The record grid as a user meets it: a virtualized list of many records formatted by type, moved
// through with the keyboard, asking for more before the end and reusing its rows when scrolled.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrayRows } from '../../../../../src/renderer/src/features/collections/paged-rows';
import { RecordGrid } from '../../../../../src/renderer/src/features/collections/record-grid';
import { columnsFromFields } from '../../../../../src/renderer/src/features/collections/columns';
import { giveElementsAViewport } from './grid-viewport';

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

afterEach(cleanup);

function renderGrid(props: Partial<Parameters<typeof RecordGrid>[0]> = {}) {
  const handlers = {
    onSelect: vi.fn(),
    onOpen: vi.fn(),
    onOpenPage: vi.fn(),
    onClose: vi.fn(),
    onNeedMore: vi.fn(),
    onShown: vi.fn(),
  };
  render(
    <div style={{ height: 600 }}>
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
      />
    </div>,
  );
  return { handlers, grid: screen.getByRole('grid', { name: 'Leases' }) };
}

const bodyRows = (grid: HTMLElement) => within(within(grid).getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('record grid', () => {
  it('keeps at most 150 rows in the DOM for 100,000 records, formatted by type', () => {
    const { grid } = renderGrid();
    const rendered = within(grid).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThanOrEqual(150);
    const header = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Name', 'Monthly rent', 'End date', 'Active']);
    const firstCells = within(rendered[1]!)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(firstCells[0]).toBe('Lease 0');
    expect(firstCells[1]).toMatch(/\$1,000\.00/);
    expect(firstCells[3]).toBe('Yes');
  });

  it('moves with J/K and arrows, opens the record’s page with Enter and closes the details with Escape', async () => {
    const user = userEvent.setup();
    const { grid, handlers } = renderGrid();
    await user.tab();
    expect(document.activeElement).toBe(grid);
    await user.keyboard('j{ArrowDown}k{Home}{End}');
    expect(handlers.onSelect.mock.calls.map((c) => c[0])).toEqual([5, 5, 3, 0, 99_999]);
    await user.keyboard('{Enter}');
    expect(handlers.onOpenPage).toHaveBeenCalledWith(4);
    expect(handlers.onOpen).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(handlers.onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for the next page before the user reaches the end', () => {
    const { handlers } = renderGrid({ rows: arrayRows(rows.slice(0, 30)), hasMore: true });
    expect(handlers.onNeedMore).toHaveBeenCalled();
  });

  it('refills the rows already on screen when scrolling instead of building new ones', async () => {
    const { grid } = renderGrid({ selectedIndex: -1 });
    // user-event has no wheel; a scroll is the element's own position changing and its event firing.
    const scrollTo = async (top: number) => {
      grid.scrollTop = top;
      await act(async () => {
        fireEvent.scroll(grid);
        await new Promise((r) => setTimeout(r, 0));
      });
    };
    await scrollTo(32 * 20);
    const before = bodyRows(grid);
    await scrollTo(32 * 40);
    const after = bodyRows(grid);
    const names = after.map((r) => within(r).getAllByRole('gridcell')[0]!.textContent);
    // The view moved 20 rows: rows further down are shown and those scrolled past are gone...
    expect(names).toContain('Lease 65');
    expect(names).not.toContain('Lease 10');
    // ...yet every row element is one that was there before.
    expect(after.length).toBe(before.length);
    expect(after.every((row) => before.includes(row))).toBe(true);
  });
});
