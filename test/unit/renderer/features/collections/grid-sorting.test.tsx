// @vitest-environment happy-dom
// Sorting the grid from its headings: a click (or Enter/Space on the focused heading) cycles
// ascending, descending, off, with aria-sort and an arrow on the heading; the rows follow, empty values
// last; and a list not fully loaded says that only the loaded rows are sorted, offering to load all.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextSort } from '../../../../../src/shared/list-order';
import type { ListSort } from '../../../../../src/shared/list-order';
import { sortKindOfColumn } from '../../../../../src/renderer/src/features/collections/column-sort';
import { columnsFromFields } from '../../../../../src/renderer/src/features/collections/columns';
import { arrayRows } from '../../../../../src/renderer/src/features/collections/paged-rows';
import { RecordGrid } from '../../../../../src/renderer/src/features/collections/record-grid';
import { SortNote } from '../../../../../src/renderer/src/features/collections/sort-note';
import { SortedRows } from '../../../../../src/renderer/src/features/collections/sorted-rows';
import { giveElementsAViewport } from './grid-viewport';
import { quietGridProps } from './grid-props';

giveElementsAViewport();

const columns = columnsFromFields([
  { name: 'name', type: 'string' },
  { name: 'monthly_rent', type: 'number' },
  { name: 'end_date', type: 'date' },
]);
const records = [
  { id: 'l3', name: 'cedar', monthly_rent: 900, end_date: '2026-05-01' },
  { id: 'l1', name: 'Aspen', monthly_rent: 10000, end_date: null },
  { id: 'l2', name: 'birch', monthly_rent: 1200, end_date: '2025-01-31' },
  { id: 'l4', name: 'Alder', monthly_rent: 1200, end_date: '2027-09-30' },
];

function LoadedSoFar({ onLoadAll }: { onLoadAll: () => void }) {
  const [sort, setSort] = useState<ListSort | null>(null);
  const rows = useMemo(() => (sort ? new SortedRows(arrayRows(records), sort) : arrayRows(records)), [sort]);
  return (
    <>
      {sort ? (
        <SortNote
          sort={sort}
          label={columns.find((c) => c.name === sort.field)!.label}
          scope={{ kind: 'loaded', count: records.length, complete: false, loading: false }}
          onLoadAll={onLoadAll}
        />
      ) : null}
      <RecordGrid
        label="Leases"
        rows={rows}
        columns={columns}
        selectedIndex={-1}
        hasMore
        onSelect={vi.fn()}
        onOpen={vi.fn()}
        {...quietGridProps()}
        sort={sort}
        onSort={(c) => setSort((s) => nextSort(s, c.name, sortKindOfColumn(c)))}
      />
    </>
  );
}

afterEach(cleanup);

const sortOf = (header: HTMLElement) => header.getAttribute('aria-sort');

const shownIds = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.id.replace(/^row-/, ''));

describe('sorting the record grid', () => {
  it('cycles a heading ascending, descending, off, and the rows follow', async () => {
    const user = userEvent.setup();
    render(<LoadedSoFar onLoadAll={vi.fn()} />);
    const rent = screen.getByRole('columnheader', { name: /Monthly rent/ });
    expect(sortOf(rent)).toBe('none');
    expect(shownIds()).toEqual(['l3', 'l1', 'l2', 'l4']);

    await user.click(within(rent).getByRole('button'));
    expect(sortOf(rent)).toBe('ascending');
    // Numbers as numbers (10000 after 1200), ties by ID.
    expect(shownIds()).toEqual(['l3', 'l2', 'l4', 'l1']);

    await user.click(within(rent).getByRole('button'));
    expect(sortOf(rent)).toBe('descending');
    expect(shownIds()).toEqual(['l1', 'l2', 'l4', 'l3']);

    await user.click(within(rent).getByRole('button'));
    expect(sortOf(rent)).toBe('none');
    expect(shownIds()).toEqual(['l3', 'l1', 'l2', 'l4']);
    expect(screen.queryByText(/Sorted/)).toBeNull();
  });

  it('sorts from the keyboard, text ignoring case and empty dates last in either direction', async () => {
    const user = userEvent.setup();
    render(<LoadedSoFar onLoadAll={vi.fn()} />);
    const name = within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button');
    name.focus();
    await user.keyboard('{Enter}');
    expect(shownIds()).toEqual(['l4', 'l1', 'l2', 'l3']);

    const end = screen.getByRole('columnheader', { name: /End date/ });
    within(end).getByRole('button').focus();
    await user.keyboard(' ');
    expect(sortOf(end)).toBe('ascending');
    expect(sortOf(screen.getByRole('columnheader', { name: /Name/ }))).toBe('none');
    expect(shownIds()).toEqual(['l2', 'l3', 'l4', 'l1']);
    await user.keyboard(' ');
    expect(shownIds()).toEqual(['l4', 'l3', 'l2', 'l1']);
  });

  it('says only the rows loaded so far are sorted, and offers to load them all first', async () => {
    const user = userEvent.setup();
    const onLoadAll = vi.fn();
    render(<LoadedSoFar onLoadAll={onLoadAll} />);
    await user.click(within(screen.getByRole('columnheader', { name: /Monthly rent/ })).getByRole('button'));
    expect(screen.getByRole('status').textContent).toMatch(
      /Sorted: the 4 rows loaded so far, by Monthly rent, ascending/,
    );
    await user.click(screen.getByRole('button', { name: 'Load all, then sort' }));
    expect(onLoadAll).toHaveBeenCalledOnce();
  });
});
