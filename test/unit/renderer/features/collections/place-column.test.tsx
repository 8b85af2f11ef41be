// @vitest-environment happy-dom
// The Payments list shows each payment's property beside its lease, named like any reference, from
// the property main read through the lease and unit (the page's `properties`); its heading says it is
// PropDesk's reading and offers no sort, which the copy could not do by a field the service lacks.
// Against Lakeside's contract, whose payments carry no property of their own.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import lakesideJson from '../../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';
import { CollectionView } from '../../../../../src/renderer/src/features/collections/collection-view';
import { labelAnswers } from '../../labels/label-answers';
import { stubBridge } from '../records/bridge-stub';

Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 2400 });

const charges = Array.from({ length: 6 }, (_, i) => ({
  id: `chg_${i}`,
  lease_id: `tn_${i % 3}`,
  amount: 125050 + i,
  due_on: '2026-03-01',
  settled_on: '2026-03-02',
  state: 'settled',
}));
const properties: Record<string, string | null> = Object.fromEntries(
  charges.map((c, i) => [c.id, i % 3 === 2 ? null : i % 3 === 0 ? 'pr_cedar' : 'pr_maple']),
);

afterEach(cleanup);

describe('the Payments list’s Property column', () => {
  it('names each payment’s property by its lease, beside the lease, with a heading that does not sort', async () => {
    stubBridge({
      contract: {
        get: async () => ({
          ok: true,
          data: { doc: JSON.parse(lakesideJson), hash: 'h', fetchedAt: '', source: 'cache' },
        }),
        onChanged: () => () => undefined,
      },
      labels: {
        resolve: labelAnswers({
          'properties/pr_cedar': 'Cedar Commons',
          'properties/pr_maple': 'Maple Court',
        }),
      },
      collections: {
        list: async () => ({
          ok: true,
          data: { data: charges, nextCursor: null, hasMore: false, properties },
        }),
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CollectionView collection="payments" query={{}} />
      </QueryClientProvider>,
    );
    const grid = await screen.findByRole('grid');
    const headings = () => within(grid).getAllByRole('columnheader');
    await waitFor(() => expect(headings().map((h) => h.textContent)).toContain('Property (by lease)'));
    const names = headings().map((h) => h.textContent);
    const at = names.indexOf('Property (by lease)');
    expect(names[at - 1]).toMatch(/Tenancy|Lease/);
    expect(within(headings()[at]!).queryByRole('button')).toBeNull();
    expect(headings()[at]!.getAttribute('title')).toMatch(/PropDesk's reading/);
    const [, body] = within(grid).getAllByRole('rowgroup');
    const cells = () =>
      within(body!)
        .getAllByRole('row')
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((row) => within(row).getAllByRole('gridcell')[at]!.textContent);
    await waitFor(() => expect(cells().slice(0, 3)).toEqual(['Cedar Commons', 'Maple Court', '—']));
  });
});
