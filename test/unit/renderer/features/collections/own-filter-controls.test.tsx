// @vitest-environment happy-dom
// Payments' filter bar offers PropDesk's own filters (a property, a range of received days) set apart
// under their own heading that says PropDesk applies them over its offline copy, while the service's
// due date filter keeps its hint that its matching is the service's; the values land in the route's
// query under their own keys, and Export CSV, which reads the service, is not offered with them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from '../../../../../src/renderer/src/features/collections/export-button';
import { FilterBar } from '../../../../../src/renderer/src/features/collections/filter-bar';
import { UNDOCUMENTED_HINT } from '../../../../../src/renderer/src/features/collections/filter-words';
import type { Collection } from '../../../../../src/shared/service';
import { listArgsOf } from '../../../../../src/shared/own-filters';
import { labelAnswers } from '../../labels/label-answers';
import { stubBridge } from '../records/bridge-stub';

afterEach(cleanup);

function showBar(collection: Collection, values: Record<string, string>) {
  stubBridge({
    labels: { resolve: labelAnswers({ 'properties/prop_cedar': 'Cedar Commons' }) },
    collections: { list: async () => ({ ok: true, data: { data: [], nextCursor: null, hasMore: false } }) },
  });
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FilterBar collection={collection} values={values} enumValues={{}} onChange={onChange} />
      <ExportButton collection={collection} filters={values} />
    </QueryClientProvider>,
  );
  return onChange;
}

describe('PropDesk’s own filters on Payments', () => {
  it('are set apart and labelled as PropDesk’s, the due date keeping the service’s hint', () => {
    showBar('payments', {});
    const own = screen.getByRole('group', { name: 'PropDesk’s own filters' });
    expect(own).toHaveProperty('textContent', expect.stringMatching(/PropDesk applies this filter itself/));
    expect(within(own).getByRole('button', { name: /^Property/ })).toBeTruthy();
    expect(within(own).getByLabelText('Received on or after')).toBeTruthy();
    expect(within(own).getByLabelText('Received on or before')).toBeTruthy();
    // The service's filter stays outside, with its hint.
    expect(within(own).queryByLabelText('Due date')).toBeNull();
    expect(screen.getByText('Due date').getAttribute('title')).toBe(UNDOCUMENTED_HINT);
    expect(screen.getByRole('button', { name: /Export CSV/ })).toHaveProperty('disabled', false);
  });

  it('put the received days in the route under their own keys, kept apart from the service’s', () => {
    const onChange = showBar('payments', { status: 'late', received_to: '2025-12-31' });
    fireEvent.change(screen.getByLabelText('Received on or after'), { target: { value: '2025-01-01' } });
    const next = onChange.mock.calls.at(-1)![0] as Record<string, string>;
    expect(next).toEqual({ status: 'late', received_from: '2025-01-01', received_to: '2025-12-31' });
    expect(listArgsOf('payments', { ...next, property: 'prop_cedar' })).toEqual({
      filters: { status: 'late' },
      own: { received_from: '2025-01-01', received_to: '2025-12-31', property: 'prop_cedar' },
    });
  });

  it('leave the CSV export offered while one is set: the file holds what the list shows', () => {
    showBar('payments', { property: 'prop_cedar' });
    const button = screen.getByRole('button', { name: /Export CSV/ });
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('title')).toBe('Write every record matching these filters to a CSV file');
  });

  it('are not offered where PropDesk has none (leases)', () => {
    showBar('leases', {});
    expect(screen.queryByRole('group', { name: 'PropDesk’s own filters' })).toBeNull();
    expect(listArgsOf('leases', { property: 'x' })).toEqual({ filters: { property: 'x' } });
  });
});
