// @vitest-environment happy-dom
// Triage on the Maintenance list: an "Open for" column ("open 34 days") worked out from the contract's
// date and status, sorting the request open longest first; rows chosen with their checkboxes, a
// Shift-click choosing a run, a Ctrl-click or Space turning one, while a plain click still shows a row.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import acmeJson from '../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import { compileContract } from '../../../../../src/shared/contract';
import { nextSort } from '../../../../../src/shared/list-order';
import type { ListSort } from '../../../../../src/shared/list-order';
import { columnSortBy } from '../../../../../src/renderer/src/features/collections/column-sort';
import { columnsFromFields } from '../../../../../src/renderer/src/features/collections/columns';
import {
  openAgeColumn,
  withOpenAge,
} from '../../../../../src/renderer/src/features/collections/open-age-column';
import { arrayRows } from '../../../../../src/renderer/src/features/collections/paged-rows';
import { RecordGrid } from '../../../../../src/renderer/src/features/collections/record-grid';
import { SortedRows } from '../../../../../src/renderer/src/features/collections/sorted-rows';
import { useGridChoice } from '../../../../../src/renderer/src/features/collections/use-grid-choice';
import { giveElementsAViewport } from './grid-viewport';
import { quietGridProps } from './grid-props';

giveElementsAViewport();
afterEach(cleanup);

const acme = compileContract(JSON.parse(acmeJson) as unknown);
const own = columnsFromFields(acme.recordFields.maintenance_requests.filter((f) => f.name !== 'id'));
const columns = withOpenAge(own, openAgeColumn('maintenance_requests', acme, '2026-11-28'));
const records = [
  { id: 'mr_1', title: 'Dripping tap', status: 'open', created_at: '2026-11-25T10:00:00Z' },
  { id: 'mr_2', title: 'Roof leak', status: 'in_progress', created_at: '2026-10-25T08:00:00Z' },
  { id: 'mr_3', title: 'Broken heater', status: 'closed', created_at: '2026-09-01T08:00:00Z' },
  { id: 'mr_4', title: 'Loose step', status: 'open', created_at: '2026-11-28T07:00:00Z' },
];

function Triage({ onOpen }: { onOpen: (index: number) => void }) {
  const [sort, setSort] = useState<ListSort | null>(null);
  const rows = useMemo(() => (sort ? new SortedRows(arrayRows(records), sort) : arrayRows(records)), [sort]);
  const choice = useGridChoice(rows, 'maintenance_requests');
  const [selected, setSelected] = useState(-1);
  return (
    <>
      <output aria-label="Chosen">{[...choice.chosen].sort().join(' ')}</output>
      <RecordGrid
        label="Maintenance"
        rows={rows}
        columns={columns}
        selectedIndex={selected}
        hasMore={false}
        onSelect={setSelected}
        onOpen={onOpen}
        {...quietGridProps()}
        sort={sort}
        onSort={(c) => setSort((s) => nextSort(s, ...columnSortBy(c)))}
        choice={{
          chosen: choice.chosen,
          onChoose: choice.onChoose,
          label: (r) => `Choose ${String(r.title)}`,
        }}
      />
    </>
  );
}

const grid = () => screen.getByRole('grid', { name: 'Maintenance' });
const bodyRows = () => within(within(grid()).getAllByRole('rowgroup')[1]!).getAllByRole('row');
const ageOf = (row: HTMLElement) => {
  const at = within(grid())
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent === 'Open for');
  return within(row).getAllByRole('gridcell')[at]!.textContent;
};
const chosen = () => screen.getByLabelText('Chosen').textContent;

describe('triage on the maintenance list', () => {
  it('says how long each open request has been open, after its status, and nothing for a closed one', () => {
    render(<Triage onOpen={vi.fn()} />);
    const headings = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings.indexOf('Open for')).toBe(headings.indexOf('Status') + 1);
    expect(bodyRows().map(ageOf)).toEqual(['open 3 days', 'open 34 days', '—', 'open since today']);
  });

  it('sorts by the date the age counts from at a click of “Open for”, oldest first, said as descending', () => {
    render(<Triage onOpen={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /Open for/ }));
    // The list sorts by the contract's date (over the whole offline copy, in main): a closed request
    // keeps its place by date, with no age shown; among open ones the longest open comes first.
    expect(bodyRows().map((r) => r.id)).toEqual(['row-mr_3', 'row-mr_2', 'row-mr_1', 'row-mr_4']);
    const heading = within(grid())
      .getAllByRole('columnheader')
      .find((h) => h.textContent === 'Open for')!;
    expect(heading.getAttribute('aria-sort')).toBe('descending');
  });

  it('chooses rows by checkbox, a run by Shift-click, one by Ctrl-click or Space, and shows a row on a plain click', () => {
    const onOpen = vi.fn();
    render(<Triage onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Dripping tap' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Broken heater' }), { shiftKey: true });
    expect(chosen()).toBe('mr_1 mr_2 mr_3');
    expect((screen.getByRole('checkbox', { name: 'Choose Roof leak' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(bodyRows()[1]!).getAllByRole('gridcell')[2]!, { ctrlKey: true });
    expect(chosen()).toBe('mr_1 mr_3');
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(within(bodyRows()[3]!).getAllByRole('gridcell')[2]!);
    expect(onOpen).toHaveBeenCalledWith(3);
    fireEvent.keyDown(grid(), { key: ' ' });
    expect(chosen()).toBe('mr_1 mr_3 mr_4');
  });
});
