// @vitest-environment happy-dom
// Triage on the Maintenance view: the oldest open request first at a click of its heading, a run of
// requests chosen with a Shift-click, and "Set status…" drafting one change per chosen request in one
// new draft, with the values the contract gives the status.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import acmeJson from '../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import type { PortfolioRow, PortfolioTable as Table } from '../../../../../src/shared/portfolio';
import { PortfolioTable } from '../../../../../src/renderer/src/features/portfolio/portfolio-table';
import { useFindWordsStore } from '../../../../../src/renderer/src/state/find-words';
import { stubBridge } from '../records/bridge-stub';

const created: unknown[] = [];

afterEach(() => {
  window.dispatchEvent(new Event('afterprint'));
  cleanup();
});
beforeEach(() => {
  created.length = 0;
  useFindWordsStore.setState({ words: {} });
  stubBridge({
    contract: {
      get: async () => ({
        ok: true,
        data: {
          doc: JSON.parse(acmeJson) as unknown,
          hash: 'h',
          fetchedAt: '2026-11-26T06:00:00Z',
          source: 'cache',
        },
      }),
      onChanged: () => () => undefined,
    },
    drafts: {
      onChanged: () => () => undefined,
      list: async () => ({ ok: true, data: { drafts: [] } }),
      // The service answers for two of the three requests chosen; the third cannot be read now.
      readCurrent: async ({ ids }: { ids: string[] }) => ({
        ok: true,
        data: {
          records: ids.map((id) =>
            id === 'mr_4'
              ? { id, state: 'unread', message: 'The service did not answer.' }
              : { id, state: 'read', record: { id, status: 'open', title: `Read ${id}` } },
          ),
        },
      }),
      create: async (args: unknown) => {
        created.push(args);
        return { ok: false, error: { code: 'validation', message: 'Stopped here by the test' } };
      },
    },
  });
  window.location.hash = '#/portfolio/maintenance';
});

const request = (id: string, property: string, title: string, age: number): PortfolioRow => ({
  id,
  group: property,
  groupKey: `p_${property}`,
  groupNote: null,
  opens: { collection: 'maintenance_requests', id },
  flag: null,
  cells: { priority: 'high', status: 'open', title, request_id: id, age_days: age },
});

const table: Table = {
  view: 'maintenance',
  title: 'Maintenance triage',
  groupLabel: 'Property',
  period: null,
  groupHeadings: true,
  notes: [],
  columns: [
    { key: 'priority', label: 'Priority', kind: 'status' },
    { key: 'status', label: 'Status', kind: 'status' },
    { key: 'title', label: 'Request', kind: 'text' },
    { key: 'request_id', label: 'Request ID', kind: 'id' },
    { key: 'age_days', label: 'Open for', kind: 'days' },
  ],
  rows: [
    request('mr_1', 'Cedar Commons', 'Dripping tap', 3),
    request('mr_2', 'Cedar Commons', 'Broken heater', 12),
    request('mr_3', 'Fernwood', 'Roof leak', 34),
    request('mr_4', 'Fernwood', 'Loose step', 1),
  ],
  summary: [],
  totals: {},
  asOf: '2026-11-26T06:00:00.000Z',
  today: '2026-11-26',
  asOfDay: null,
  missing: [],
  focus: null,
};

const show = () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortfolioTable table={table} />
    </QueryClientProvider>,
  );
  act(() => void window.dispatchEvent(new Event('beforeprint')));
};
const titles = () =>
  [...document.querySelectorAll('tr.pf-opens')].map((r) => r.querySelectorAll('td')[3]?.textContent);

describe('triage on the maintenance view', () => {
  it('puts the request open longest first, under its property, at a click of “Open for”', () => {
    show();
    expect(titles()).toEqual(['Dripping tap', 'Broken heater', 'Roof leak', 'Loose step']);
    fireEvent.click(screen.getByRole('button', { name: 'Open for' }));
    expect(titles()).toEqual(['Roof leak', 'Loose step', 'Broken heater', 'Dripping tap']);
    expect(screen.getByRole('columnheader', { name: 'Open for' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open for' }));
    // Turned round: the newest first, and its property with it.
    expect(titles()).toEqual(['Loose step', 'Roof leak', 'Dripping tap', 'Broken heater']);
  });

  it('chooses every row from the last one picked with a Shift-click, and a row with a Ctrl-click', () => {
    show();
    const box = (title: string) => screen.getByRole('checkbox', { name: `Choose request ${title}` });
    fireEvent.click(box('Dripping tap'));
    fireEvent.click(box('Roof leak'), { shiftKey: true });
    const checked = () =>
      ['Dripping tap', 'Broken heater', 'Roof leak', 'Loose step'].filter(
        (t) => (box(t) as HTMLInputElement).checked,
      );
    expect(checked()).toEqual(['Dripping tap', 'Broken heater', 'Roof leak']);
    fireEvent.click(box('Roof leak').closest('tr')!.querySelectorAll('td')[3]!, { ctrlKey: true });
    expect(checked()).toEqual(['Dripping tap', 'Broken heater']);
    expect(screen.getByText('2 requests chosen')).toBeTruthy();
  });

  it('drafts one change per chosen request, in one new draft, setting a status the contract allows, each with its record as read now', async () => {
    show();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose all requests at Fernwood' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose request Dripping tap' }));
    fireEvent.click(screen.getByRole('button', { name: /Set status/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the status of 3 maintenance requests' });
    const select = await within(dialog).findByRole('combobox', { name: /New status/ });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose…', 'open', 'in progress', 'closed']);
    fireEvent.change(select, { target: { value: 'closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Draft 3 changes' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const args = created[0] as { label: string; changes: Array<Record<string, unknown>> };
    expect(args.label).toBe('Set 3 maintenance requests to closed');
    expect(args.changes.map((c) => [c.operation, c.resourceType, c.resourceId, c.fields])).toEqual([
      ['update', 'maintenance_request', 'mr_3', { status: 'closed' }],
      ['update', 'maintenance_request', 'mr_4', { status: 'closed' }],
      ['update', 'maintenance_request', 'mr_1', { status: 'closed' }],
    ]);
    // Each change shows its request as the service has it now, where it could be read.
    expect(args.changes.map((c) => c.snapshot)).toEqual([
      { id: 'mr_3', status: 'open', title: 'Read mr_3' },
      null,
      { id: 'mr_1', status: 'open', title: 'Read mr_1' },
    ]);
    expect(await within(dialog).findByText('Stopped here by the test')).toBeTruthy();
  });
});
