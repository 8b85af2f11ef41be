// @vitest-environment happy-dom
// Enter in the record picker takes what it offers first for the words typed: "Fernwood" typed whole
// picks the property named exactly so, even when the copy's answer arrives after the picker has shown
// an earlier answer (for the first letters typed) with a namesake first.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer } from '../../../../../src/shared/search';
import type { ServiceRecord } from '../../../../../src/shared/service';
import { RecordPicker } from '../../../../../src/renderer/src/features/collections/record-picker';
import { labelAnswers } from '../../labels/label-answers';
import { stubBridge } from '../records/bridge-stub';

const fernwood: ServiceRecord = { id: 'prop_fernwood', name: 'Fernwood', city: 'Spokane' };
const fernwood2: ServiceRecord = { id: 'prop_fernwood_2', name: 'Fernwood 2', city: 'Boise' };
const read: ServiceRecord[] = [{ id: 'prop_maple', name: 'Maple Court', city: 'Salem' }, fernwood2, fernwood];

/** The copy's answers as main ranks them: a name typed whole first. */
const RANKED: Record<string, ServiceRecord[]> = {
  Fern: [fernwood2, fernwood],
  Fernwood: [fernwood, fernwood2],
};

function showPicker(onChange: (id: string | undefined) => void) {
  stubBridge({
    labels: { resolve: labelAnswers({ 'properties/prop_fernwood': 'Fernwood' }) },
    collections: { list: async () => ({ ok: true, data: { data: read, nextCursor: null, hasMore: false } }) },
    search: {
      query: async ({ text }: { text: string }): Promise<{ ok: true; data: SearchAnswer }> => ({
        ok: true,
        data: {
          available: true,
          asOf: '2026-05-01T08:00:00.000Z',
          notice: null,
          groups: [
            {
              collection: 'properties',
              hits: (RANKED[text] ?? []).map((record) => ({
                collection: 'properties' as const,
                id: record.id,
                record,
                label: null,
                source: 'copy' as const,
                matched: null,
                note: null,
                place: null,
              })),
              more: false,
            },
          ],
        },
      }),
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RecordPicker
        id="property"
        label="Property"
        target="properties"
        value={undefined}
        onChange={onChange}
      />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Property/ }));
}

const field = () => screen.getByPlaceholderText(/Search by name/);
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const offered = () => screen.queryAllByRole('option').map((o) => o.getAttribute('data-value'));
const selected = () =>
  screen
    .queryAllByRole('option')
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.getAttribute('data-value'));

afterEach(cleanup);

describe('the record picker’s first choice', () => {
  it('selects the first of the answer for the words typed, and Enter takes it', async () => {
    const onChange = vi.fn();
    showPicker(onChange);
    await waitFor(() => expect(offered()).toEqual(read.map((r) => r.id)));
    type('Fern');
    await waitFor(() => expect(offered()).toEqual(['prop_fernwood_2', 'prop_fernwood']));
    expect(selected()).toEqual(['prop_fernwood_2']);
    // The rest of the name typed: the earlier answer shows until the copy answers for the whole name.
    type('Fernwood');
    await waitFor(() => expect(offered()).toEqual(['prop_fernwood', 'prop_fernwood_2']));
    await waitFor(() => expect(selected()).toEqual(['prop_fernwood']));
    await act(async () => {
      fireEvent.keyDown(field(), { key: 'Enter' });
    });
    expect(onChange).toHaveBeenCalledWith('prop_fernwood');
  });
});
