// @vitest-environment happy-dom
// A portfolio table a landlord can work in: namesakes under headings of their own with the email
// beneath, no ID columns on screen, a find box that narrows the rows, and each row opening its
// record on Enter or a double-click.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioRow, PortfolioTable as Table } from '../../../../../src/shared/portfolio';
import { PortfolioTable } from '../../../../../src/renderer/src/features/portfolio/portfolio-table';
import { stubBridge } from '../records/bridge-stub';
import { useFindWordsStore } from '../../../../../src/renderer/src/state/find-words';

afterEach(() => {
  window.dispatchEvent(new Event('afterprint'));
  cleanup();
});
beforeEach(() => {
  useFindWordsStore.setState({ words: {} });
  stubBridge({});
  window.location.hash = '#/portfolio/delinquency';
});

const row = (id: string, tenantId: string, email: string, place: string): PortfolioRow => ({
  id: `${tenantId}:${id}`,
  group: 'Sofia Walsh',
  groupKey: tenantId,
  groupNote: email,
  opens: { collection: 'tenants', id: tenantId },
  flag: null,
  cells: { tenant_id: tenantId, place, total: 850 },
});

const table: Table = {
  view: 'delinquency',
  title: 'Delinquency (estimate from payments)',
  groupLabel: 'Tenant',
  period: null,
  groupHeadings: true,
  notes: [],
  columns: [
    { key: 'tenant_id', label: 'Tenant ID', kind: 'id' },
    { key: 'place', label: 'Property · unit', kind: 'text' },
    { key: 'total', label: 'Total', kind: 'money' },
  ],
  rows: [
    row('l1', 'ten_a', 'sofia.walsh.208@example.com', 'Maple Court · 2A'),
    row('l2', 'ten_b', 'sofia.walsh.298@example.com', 'Cedar Commons · 3B'),
  ],
  summary: [],
  totals: { total: 1700 },
  asOf: '2026-11-26T06:00:00.000Z',
  today: '2026-11-26',
  asOfDay: null,
  missing: [],
  focus: null,
};

// happy-dom lays nothing out, so the scroller would draw no rows: print mode draws them all.
const show = () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortfolioTable table={table} />
    </QueryClientProvider>,
  );
  act(() => void window.dispatchEvent(new Event('beforeprint')));
};

describe('a portfolio table', () => {
  it('puts two tenants of one name under two headings, each with their email, and shows no IDs', () => {
    show();
    const headings = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headings).not.toContain('Tenant ID');
    const groups = [...document.querySelectorAll('tr.pf-group')].map((g) => g.textContent);
    expect(groups).toEqual([
      expect.stringContaining('sofia.walsh.208@example.com'),
      expect.stringContaining('sofia.walsh.298@example.com'),
    ]);
  });

  it('narrows the rows to those holding the words typed in its find box', () => {
    show();
    fireEvent.change(screen.getByRole('searchbox', { name: /^Find in/ }), { target: { value: 'cedar 3b' } });
    expect(screen.getByText('1 of 2 rows')).toBeTruthy();
    expect(document.querySelectorAll('tr.pf-group')).toHaveLength(1);
  });

  it('totals the rows found, not the whole view, while its find box narrows them', () => {
    show();
    const totals = () => document.querySelector('tfoot tr.pf-total')!.textContent;
    expect(totals()).toContain('2 rows');
    expect(totals()).toContain('1,700');
    fireEvent.change(screen.getByRole('searchbox', { name: /^Find in/ }), { target: { value: 'cedar 3b' } });
    expect(totals()).toContain('1 of 2 rows');
    expect(totals()).toContain('850');
    expect(totals()).not.toContain('1,700');
  });

  it('keeps the words found by when the table is shown again, as after opening a row and going Back', () => {
    show();
    fireEvent.change(screen.getByRole('searchbox', { name: /^Find in/ }), { target: { value: 'cedar 3b' } });
    fireEvent.keyDown(document.querySelector('tr.pf-opens')!, { key: 'Enter' });
    cleanup();
    show();
    expect((screen.getByRole('searchbox', { name: /^Find in/ }) as HTMLInputElement).value).toBe('cedar 3b');
    expect(screen.getByText('1 of 2 rows')).toBeTruthy();
    expect(document.querySelectorAll('tr.pf-group')).toHaveLength(1);
  });

  it('opens a row’s record on Enter and on a double-click', () => {
    show();
    const rows = [...document.querySelectorAll<HTMLTableRowElement>('tr.pf-opens')];
    expect(rows).toHaveLength(2);
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    expect(window.location.hash).toBe('#/r/tenants/ten_b');
    fireEvent.doubleClick(rows[0]!);
    expect(window.location.hash).toBe('#/r/tenants/ten_a');
  });
});
