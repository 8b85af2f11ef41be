// @vitest-environment happy-dom
// Renewing chosen leases on the Leases list: rows chosen with their checkboxes, a Shift-click choosing
// a run and a Ctrl-click turning one, as on the Maintenance list (the same choice), then "Renew 3
// leases" opens the renewal's rule and its preview for exactly the leases chosen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import acmeJson from '../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import { compileContract } from '../../../../../src/shared/contract';
import type { RenewalPreview, RenewalQuery } from '../../../../../src/shared/renewals';
import { columnsFromFields } from '../../../../../src/renderer/src/features/collections/columns';
import { arrayRows } from '../../../../../src/renderer/src/features/collections/paged-rows';
import { RecordGrid } from '../../../../../src/renderer/src/features/collections/record-grid';
import { useListChoice } from '../../../../../src/renderer/src/features/collections/use-grid-choice';
import { chosenActions } from '../../../../../src/renderer/src/features/drafts/from-here/chosen-actions';
import { stubBridge } from '../records/bridge-stub';
import { giveElementsAViewport } from './grid-viewport';
import { quietGridProps } from './grid-props';

giveElementsAViewport();

const acme = compileContract(JSON.parse(acmeJson) as unknown);
const columns = columnsFromFields(acme.recordFields.leases.filter((f) => f.name !== 'id'));
const records = ['l_1', 'l_2', 'l_3', 'l_4', 'l_5'].map((id, i) => ({
  id,
  lease_number: `L-10${i + 1}`,
  unit_id: `unit_${i + 1}`,
  tenant_id: `ten_${i + 1}`,
  start_date: '2025-12-01',
  end_date: '2026-11-30',
  monthly_rent: 1000 + i * 100,
}));

function LeasesList() {
  const rows = useMemo(() => arrayRows(records), []);
  // No contract read yet: each row's checkbox is named by the lease's own number.
  const { actions, grid } = useListChoice('leases', {}, rows, undefined, chosenActions);
  const [selected, setSelected] = useState(-1);
  return (
    <>
      <div role="toolbar" aria-label="Leases actions">
        {actions}
      </div>
      <RecordGrid
        label="Leases"
        rows={rows}
        columns={columns}
        selectedIndex={selected}
        hasMore={false}
        onSelect={setSelected}
        onOpen={vi.fn()}
        {...quietGridProps()}
        sort={null}
        onSort={vi.fn()}
        choice={grid}
      />
    </>
  );
}

const asked: RenewalQuery[] = [];

function preview(query: RenewalQuery): RenewalPreview {
  const ids = 'ids' in query.leases ? query.leases.ids : [];
  return {
    rows: ids.map((leaseId, i) => ({
      leaseId,
      tenantId: `ten_${leaseId.slice(2)}`,
      unitId: `unit_${leaseId.slice(2)}`,
      propertyId: 'prop_1',
      ends: '2026-11-30',
      current: 1000 + i * 100,
      market: null,
      start: '2026-12-01',
      end: '2027-11-30',
      months: 12,
      rent: 1030 + i * 103,
      deposit: 1000,
      skipped: null,
      followedBy: null,
    })),
    currency: 'USD',
    asOf: '2026-11-28T08:00:00.000Z',
    writes: ['The new leases are drafted as pending.'],
  };
}

beforeEach(() => {
  asked.length = 0;
  stubBridge({
    renewals: {
      preview: async (query: RenewalQuery) => {
        asked.push(query);
        return { ok: true, data: preview(query) };
      },
    },
    labels: { resolve: async () => ({ ok: true, data: { labels: {}, source: 'copy' } }) },
  });
});
afterEach(cleanup);

const grid = () => screen.getByRole('grid', { name: 'Leases' });
const bodyRows = () => within(within(grid()).getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('renewing chosen leases on the Leases list', () => {
  it('chooses a run by Shift-click and turns one by Ctrl-click, then previews the renewal of exactly those', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LeasesList />
      </QueryClientProvider>,
    );
    const renew = () => screen.getByRole('button', { name: /^Renew .*lease/ });
    // Nothing chosen: the button says how to choose, and does nothing yet.
    expect(renew().textContent!.trim()).toBe('Renew chosen leases');
    expect((renew() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose L-101' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose L-104' }), { shiftKey: true });
    fireEvent.click(within(bodyRows()[1]!).getAllByRole('gridcell')[2]!, { ctrlKey: true });
    expect(screen.getByRole('status').textContent).toBe('3 chosen');
    expect(renew().textContent!.trim()).toBe('Renew 3 leases');

    fireEvent.click(renew());
    const dialog = await screen.findByRole('dialog', { name: 'Renew 3 leases' });
    fireEvent.change(within(dialog).getByLabelText('Percent'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview renewals' }));
    expect(await within(dialog).findByRole('button', { name: 'Draft 3 renewals' })).toBeTruthy();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.leases).toEqual({ ids: ['l_1', 'l_3', 'l_4'] });
    expect(asked[0]!.rule).toMatchObject({ kind: 'percent', percent: 3 });
  });

  it('chooses none again with Clear', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LeasesList />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose L-102' }));
    expect(screen.getByRole('status').textContent).toBe('1 chosen');
    expect(screen.getByRole('button', { name: /^Renew 1 lease$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('status').textContent).toBe('');
    expect((screen.getByRole('checkbox', { name: 'Choose L-102' }) as HTMLInputElement).checked).toBe(false);
  });
});
