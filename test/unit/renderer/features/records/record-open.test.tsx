// @vitest-environment happy-dom
// A row of any list opens its record's page with Enter or a double-click (a single click still shows
// the details panel), and the page names the record, its references and the records pointing to it,
// each leading to its own page. Driven the way a user does: by role, keyboard and mouse.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CollectionView } from '../../../../../src/renderer/src/features/collections/collection-view';
import { RecordPage } from '../../../../../src/renderer/src/features/records/record-page';
import { labelAnswers } from '../../labels/label-answers';
import { stubBridge } from './bridge-stub';

Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const tenants = Array.from({ length: 5 }, (_, i) => ({
  id: `tenant_${i}`,
  first_name: 'Jonah',
  last_name: `Larsen${i}`,
  email: `j${i}@example.com`,
  status: 'active',
}));
const NAMES: Record<string, string> = {
  'tenants/tenant_2': 'Jonah Larsen2',
  'leases/lease_1': 'Jonah Larsen2 · Cedar Commons · 4B',
  'units/unit_4b': 'Cedar Commons · 4B',
  'payments/pay_1': 'March rent',
};

beforeEach(() => {
  window.location.hash = '#/c/tenants';
  stubBridge({
    labels: { resolve: labelAnswers(NAMES) },
    collections: {
      list: async () => ({ ok: true, data: { data: tenants, nextCursor: null, hasMore: false } }),
      get: async ({ id }: { id: string }) => ({
        ok: true,
        data: { record: tenants.find((t) => t.id === id) },
      }),
    },
    records: {
      related: async () => ({
        ok: true,
        data: {
          collection: 'tenants',
          record: tenants[2],
          lists: [
            {
              collection: 'leases',
              filters: { tenant_id: 'tenant_2' },
              total: 1,
              rows: [{ id: 'lease_1', status: 'active' }],
            },
            {
              collection: 'payments',
              filters: { tenant_id: 'tenant_2' },
              total: 30,
              rows: [{ id: 'pay_1', status: 'paid' }],
            },
          ],
          documents: [
            {
              document: { id: 'doc_1', name: 'Photo ID', type: 'id', is_verified: false },
              ownerType: 'tenant',
              ownerId: 'tenant_2',
            },
          ],
        },
      }),
    },
  });
});

afterEach(cleanup);

function withQueries(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name);
  return cell.closest('[role="row"]') as HTMLElement;
}

describe('opening a record’s page from a list', () => {
  it('Enter on the selected row opens that record’s page', async () => {
    const user = userEvent.setup();
    withQueries(<CollectionView collection="tenants" query={{}} />);
    await rowOf('Larsen0');
    await user.click(screen.getByRole('grid', { name: 'Tenants' }));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(window.location.hash).toBe('#/r/tenants/tenant_2');
  });

  it('a double-click opens the page; a single click only shows the details panel', async () => {
    const user = userEvent.setup();
    withQueries(<CollectionView collection="tenants" query={{}} />);
    const row = await rowOf('Larsen3');
    await user.click(row.querySelector('[role="gridcell"]')!);
    expect(window.location.hash).toBe('#/c/tenants/tenant_3');
    await user.dblClick((await rowOf('Larsen3')).querySelector('[role="gridcell"]')!);
    expect(window.location.hash).toBe('#/r/tenants/tenant_3');
  });
});

describe('a record’s page', () => {
  it('is titled by the record’s label and leads to the records that point to it', async () => {
    const user = userEvent.setup();
    withQueries(<RecordPage collection="tenants" id="tenant_2" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenant Jonah Larsen2' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Jonah Larsen2 — Tenant — PropDesk'));

    const leases = screen.getByRole('region', { name: 'Leases (1)' });
    const lease = await within(leases).findByRole('link', { name: 'Jonah Larsen2 · Cedar Commons · 4B' });
    expect(lease.getAttribute('href')).toBe('#/r/leases/lease_1');

    const payments = screen.getByRole('region', { name: 'Payments (30)' });
    expect(within(payments).getByText('Showing the first 1 of 30.')).toBeTruthy();
    const all = within(payments).getByRole('link', { name: 'All 30 in Payments' });
    expect(all.getAttribute('href')).toBe('#/c/payments?tenant_id=tenant_2');

    const documents = screen.getByRole('region', { name: /Documents/ });
    expect(within(documents).getByText('1 not verified')).toBeTruthy();
    const owner = within(documents).getByRole('link', { name: 'Tenant Jonah Larsen2' });
    expect(owner.getAttribute('href')).toBe('#/r/tenants/tenant_2');

    await user.click(lease);
    expect(window.location.hash).toBe('#/r/leases/lease_1');
  });
});
