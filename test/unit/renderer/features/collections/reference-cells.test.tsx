// @vitest-environment happy-dom
// A collection list and its details panel name the records a row refers to: a lease's unit and tenant
// by their labels (IDs on hover), asked for in one call for the rows in view; a reference to a record
// that is gone shows its ID with "(not found)".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { vi } from 'vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabelRef } from '../../../../../src/shared/label-refs';
import { CollectionView } from '../../../../../src/renderer/src/features/collections/collection-view';
import { labelAnswers } from '../../labels/label-answers';
import { readsAnswered } from '../../reads-answered';
import { stubBridge } from '../records/bridge-stub';

Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const leases = Array.from({ length: 30 }, (_, i) => ({
  id: `lease_${i}`,
  unit_id: i === 29 ? 'unit_gone' : `unit_${i % 3}`,
  tenant_id: `tenant_${i}`,
  monthly_rent: 1000 + i,
  status: 'active',
}));
const NAMES: Record<string, string> = {
  'units/unit_0': 'Cedar Commons · 1A',
  'units/unit_1': 'Cedar Commons · 1B',
  'units/unit_2': 'Maple Court · 3C',
};
for (let i = 0; i < 30; i++) NAMES[`tenants/tenant_${i}`] = `Tenant Number${i}`;

let resolve: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resolve = labelAnswers(NAMES);
  stubBridge({
    labels: { resolve },
    collections: {
      list: async () => ({ ok: true, data: { data: leases, nextCursor: null, hasMore: false } }),
      get: async ({ id }: { id: string }) => ({
        ok: true,
        data: { record: leases.find((l) => l.id === id) },
      }),
    },
  });
});

afterEach(cleanup);

function show(recordId?: string): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CollectionView collection="leases" query={{}} {...(recordId ? { recordId } : {})} />
    </QueryClientProvider>,
  );
  return client;
}

/** A column's cells in the rows on screen, top to bottom. */
function column(grid: HTMLElement, name: string): HTMLElement[] {
  const at = within(grid)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .indexOf(name);
  expect(at).toBeGreaterThanOrEqual(0);
  const [, body] = within(grid).getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
    .map((row) => within(row).getAllByRole('gridcell')[at]!);
}

/** What the details panel says for a field, by the field's name. */
const detail = (panel: HTMLElement, name: string) =>
  within(panel).getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('references in a collection list', () => {
  it('shows each row’s unit and tenant by name, with the ID on hover, from one call', async () => {
    const client = show();
    const grid = await screen.findByRole('grid', { name: 'Leases' });
    await within(grid).findAllByText('Cedar Commons · 1A');
    const units = column(grid, 'Unit');
    expect(units[0]!.textContent).toBe('Cedar Commons · 1A');
    expect(units[0]!.title).toBe('unit_0');
    expect(units[2]!.textContent).toBe('Maple Court · 3C');
    expect(column(grid, 'Tenant')[5]!.textContent).toBe('Tenant Number5');
    expect(units[29]!.textContent).toBe('unit_gone (not found)');
    await readsAnswered(client);
    expect(resolve).toHaveBeenCalledTimes(1);
    const sent = (resolve.mock.calls[0]![0] as { refs: LabelRef[] }).refs;
    // Three units, one missing, and thirty tenants: each reference once.
    expect(sent).toHaveLength(34);
  });

  it('names the references of the record in the details panel', async () => {
    show('lease_4');
    const panel = await screen.findByRole('complementary', { name: 'Record details' });
    const related = await within(panel).findByRole('navigation', { name: 'Related records' });
    expect(await within(related).findByRole('link', { name: 'Open unit: Cedar Commons · 1B' })).toBeTruthy();
    expect(detail(panel, 'Unit').textContent).toBe('Cedar Commons · 1B');
    expect(within(detail(panel, 'Unit')).getByTitle('unit_1').textContent).toBe('Cedar Commons · 1B');
    expect(detail(panel, 'Tenant').textContent).toBe('Tenant Number4');
  });
});
