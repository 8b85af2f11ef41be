// @vitest-environment happy-dom
// "New tenancy" where a landlord meets a vacant unit besides its page: each Vacancy row, and the Units
// list's panel for a unit with no running lease (as the Vacancy board decides, whatever the unit's
// status says). Either drafts the tenant and the lease for that unit in one call, as the unit page
// does; other portfolio views and let units offer nothing of it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import type { PortfolioTable as Table } from '../../../../../../src/shared/portfolio';
import type { ServiceRecord } from '../../../../../../src/shared/service';
import { PortfolioTable } from '../../../../../../src/renderer/src/features/portfolio/portfolio-table';
import { RecordPanel } from '../../../../../../src/renderer/src/features/collections/record-panel';
import { panelActions } from '../../../../../../src/renderer/src/features/drafts/from-here/panel-actions';
import { stubBridge } from '../../records/bridge-stub';
import { readsAnswered } from '../../../reads-answered';

let unit: ServiceRecord;
let create: ReturnType<typeof vi.fn>;
let read: ReturnType<typeof vi.fn>;
let leases: ServiceRecord[];
let listed: ReturnType<typeof vi.fn>;

beforeEach(() => {
  unit = { id: 'unit_3b', property_id: 'prop_cedar', unit_number: '3B', status: 'vacant' };
  create = vi.fn(async (args: { label: string }) => ({
    ok: true,
    data: { id: 'draft_1', label: args.label, changes: [] },
  }));
  read = vi.fn(async () => ({ ok: true, data: { record: unit, offline: null } }));
  leases = [];
  listed = vi.fn(async () => ({
    ok: true,
    data: { data: leases, nextCursor: null, hasMore: false, offline: null },
  }));
  stubBridge({
    contract: {
      get: async () => ({
        ok: true,
        data: { doc: JSON.parse(acmeJson) as unknown, hash: 'h', fetchedAt: '', source: 'cache' },
      }),
      onChanged: () => () => undefined,
    },
    collections: { get: read, list: listed },
    drafts: {
      create,
      onChanged: () => () => undefined,
      list: async () => ({ ok: true, data: { drafts: [] } }),
    },
  });
  window.location.hash = '#/portfolio/vacancy';
});
afterEach(() => {
  window.dispatchEvent(new Event('afterprint'));
  cleanup();
});

const vacancy = (view: Table['view']): Table => ({
  view,
  title: 'Vacancy',
  groupLabel: 'Property',
  notes: [],
  columns: [
    { key: 'unit_id', label: 'Unit ID', kind: 'id' },
    { key: 'unit', label: 'Unit', kind: 'text' },
  ],
  rows: [
    {
      id: 'unit_3b',
      group: 'Cedar Commons',
      groupKey: 'prop_cedar',
      groupNote: null,
      opens: { collection: 'units', id: 'unit_3b' },
      flag: 'vacant',
      cells: { unit_id: 'unit_3b', unit: '3B' },
    },
  ],
  summary: [],
  totals: {},
  asOf: null,
  today: '2026-11-26',
  asOfDay: null,
  missing: [],
  focus: null,
});

let client: QueryClient;
const wrap = (node: React.ReactNode) => {
  client = new QueryClient();
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
};

/** The draft the click asked main to create. */
async function created() {
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  return create.mock.calls[0]![0] as {
    label: string;
    changes: Array<{ id: string; resourceType: string; fields: Record<string, unknown> }>;
    links: Array<{ changeId: string; field: string; sourceChangeId: string }>;
  };
}

function expectTenancyFor3B(draft: Awaited<ReturnType<typeof created>>) {
  const [tenant, lease] = draft.changes;
  expect(tenant!.resourceType).toBe('tenant');
  expect(lease!.resourceType).toBe('lease');
  expect(lease!.fields.unit_id).toBe('unit_3b');
  expect(lease!.fields.tenant_id).toBeUndefined();
  expect(draft.links).toEqual([{ changeId: lease!.id, field: 'tenant_id', sourceChangeId: tenant!.id }]);
}

describe('New tenancy from a Vacancy row', () => {
  it('reads the row’s unit and drafts its tenant and lease together', async () => {
    wrap(<PortfolioTable table={vacancy('vacancy')} />);
    // happy-dom lays nothing out, so the scroller would draw no rows: print mode draws them all.
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    fireEvent.click(await screen.findByRole('button', { name: 'New tenancy at Cedar Commons · 3B' }));
    const draft = await created();
    expect(read).toHaveBeenCalledWith({ collection: 'units', id: 'unit_3b' });
    expect(draft.label).toBe('New tenancy at Cedar Commons · 3B');
    expectTenancyFor3B(draft);
    await waitFor(() => expect(window.location.hash).toBe('#/drafts/draft_1'));
  });

  it('is offered on no other portfolio view', async () => {
    wrap(<PortfolioTable table={vacancy('rent-roll')} />);
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    await screen.findByText('3B');
    expect(screen.queryByRole('button', { name: /New tenancy/ })).toBeNull();
  });
});

describe('New tenancy in the Units list’s panel', () => {
  const lease = (start: string, end: string | null): ServiceRecord => ({
    id: `lease_${start}`,
    unit_id: 'unit_3b',
    start_date: start,
    end_date: end,
    status: 'active',
  });
  const panel = () =>
    wrap(<RecordPanel collection="units" id="unit_3b" onClose={() => undefined} actions={panelActions} />);

  it('is offered for a unit with no running lease and drafts its tenancy', async () => {
    leases = [lease('2020-01-01', '2021-12-31')];
    panel();
    fireEvent.click(await screen.findByRole('button', { name: /New tenancy/ }));
    expectTenancyFor3B(await created());
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({ collection: 'leases', filters: { unit_id: 'unit_3b' } }),
    );
  });

  it('is offered when the unit’s status says let but no lease of it runs', async () => {
    unit = { ...unit, status: 'occupied' };
    leases = [lease('2099-01-01', null)];
    panel();
    expect(await screen.findByRole('button', { name: /New tenancy/ })).toBeTruthy();
  });

  it('is not offered when the unit’s status says vacant but a lease of it runs', async () => {
    leases = [lease('2020-01-01', null)];
    panel();
    await screen.findByRole('button', { name: /Suggest a change/ });
    await waitFor(() => expect(listed).toHaveBeenCalled());
    // The leases' answer is in and the panel drew with it.
    await readsAnswered(client);
    expect(screen.queryByRole('button', { name: /New tenancy/ })).toBeNull();
  });
});
