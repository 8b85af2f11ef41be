// @vitest-environment happy-dom
// "Sent for review" shows the service's flags as soon as the batch is recorded, whatever their shape:
// an object with a message, a bare string, a list, a number, an object with no message; none dropped.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SentFlags } from '../../../../../src/renderer/src/features/suggestions/sent-flags';
import type { TrackedBatch } from '../../../../../src/shared/suggestions';
import { queryKeys } from '../../../../../src/renderer/src/lib/query-keys';
import { readsAnswered } from '../../reads-answered';
import { stubSuggestionsBridge, suggestionsClient } from './suggestions-screen';

function proposal(id: string, flags: unknown[]): TrackedBatch['proposals'][number] {
  return {
    id,
    batchId: 'batch_1',
    operation: 'update',
    resourceType: 'lease',
    resourceId: `lease_${id}`,
    resourceLabel: `Lease ${id}`,
    summary: `Update lease ${id}`,
    status: 'proposed',
    flags,
    expiresAt: '2099-01-01T00:00:00.000Z',
    fields: null,
    events: [],
    live: null,
  };
}

const batch: TrackedBatch = {
  batchId: 'batch_1',
  origin: 'app',
  label: 'Rents',
  submittedAt: '2026-03-01T10:00:00.000Z',
  draftId: 'd1',
  message: 'Recorded as suggestions only.',
  hasReviewLink: true,
  proposals: [
    proposal('A', [{ code: 'rent_increase', severity: 'warning', message: 'Rent rises by 929.9 %' }]),
    proposal('B', ['Tenant has arrears', ['two', 'parts'], 42, { odd_shape: true }]),
    proposal('C', []),
  ],
};

afterEach(cleanup);

describe('the service’s flags on “Sent for review”', () => {
  it('lists every flag of every flagged suggestion, whatever its shape, and skips those without', async () => {
    stubSuggestionsBridge(() => [batch]);
    render(
      <QueryClientProvider client={suggestionsClient()}>
        <SentFlags batchId="batch_1" />
      </QueryClientProvider>,
    );
    const region = await screen.findByRole('region', { name: 'The service’s flags' });
    expect(region.textContent).toContain('flagged 2 suggestions');
    const items = within(region).getAllByRole('listitem');
    const text = items.map((li) => li.textContent).join(' | ');
    expect(text).toContain('Rent rises by 929.9 %');
    expect(text).toContain('Tenant has arrears');
    expect(text).toContain('two, parts');
    expect(text).toContain('42');
    expect(text).toContain('Odd shape: true');
    expect(text).not.toContain('Lease C');
  });

  it('says nothing for a batch without flags', async () => {
    stubSuggestionsBridge(() => [{ ...batch, proposals: [proposal('C', [])] }]);
    const client = suggestionsClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <SentFlags batchId="batch_1" />
      </QueryClientProvider>,
    );
    await readsAnswered(client);
    expect(client.getQueryData(queryKeys.suggestions)).toBeDefined();
    expect(container.textContent).toBe('');
  });
});
