// @vitest-environment happy-dom
// The record picker searches the offline copy when there is one, not only the records it has read,
// and keeps to its narrowing; an ID typed in is offered only when a read by that ID found the record,
// never a plain name.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../../../src/shared/search';
import type { ServiceRecord } from '../../../../../src/shared/service';
import { RecordPicker } from '../../../../../src/renderer/src/features/collections/record-picker';
import { labelAnswers } from '../../labels/label-answers';
import { stubBridge } from '../records/bridge-stub';

// The first page the picker reads: none of them Cedar Commons' 3B.
const read: ServiceRecord[] = Array.from({ length: 100 }, (_, i) => ({
  id: `unit_${i}`,
  property_id: 'prop_maple',
  unit_number: `${i}`,
}));
const cedar3b = { id: 'unit_cedar_3b', property_id: 'prop_cedar', unit_number: '3B' };
const otherCedar3b = { id: 'unit_other_3b', property_id: 'prop_cedar_north', unit_number: '3B' };

const hit = (record: ServiceRecord, source: 'copy' | 'live') => ({
  collection: 'units' as const,
  id: record.id,
  record,
  label: null,
  source,
  matched: null,
  note: null,
  place: null,
});

/** main's search.query: the copy's hits for words, and a record found by an exact ID. */
function searchAnswers(available: boolean) {
  return async ({ text }: { text: string }): Promise<{ ok: true; data: SearchAnswer }> => {
    const hits =
      text === 'Cedar 3B' && available
        ? [hit(cedar3b, 'copy'), hit(otherCedar3b, 'copy')]
        : text === 'unit_cedar_3b'
          ? [hit(cedar3b, available ? 'copy' : 'live')]
          : [];
    return {
      ok: true,
      data: {
        available,
        asOf: available ? '2026-05-01T08:00:00.000Z' : null,
        notice: null,
        groups: hits.length ? [{ collection: 'units', hits, more: false }] : [],
      },
    };
  };
}

function showPicker(available: boolean, filters?: Record<string, string>) {
  stubBridge({
    labels: {
      resolve: labelAnswers({
        'units/unit_cedar_3b': 'Cedar Commons · 3B',
        'units/unit_other_3b': 'Cedar North · 3B',
      }),
    },
    collections: {
      list: async () => ({ ok: true, data: { data: read, nextCursor: 'more', hasMore: true } }),
    },
    search: { query: searchAnswers(available) },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RecordPicker
        id="unit"
        label="Unit"
        target="units"
        value={undefined}
        onChange={() => undefined}
        {...(filters ? { filters } : {})}
      />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Unit/ }));
}

const type = (text: string) =>
  fireEvent.change(screen.getByPlaceholderText(/Search by name/), { target: { value: text } });
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

afterEach(cleanup);

describe('the record picker’s search', () => {
  it('finds a record in the offline copy that is not among the records read', async () => {
    showPicker(true);
    type('Cedar 3B');
    expect(await screen.findByText('Cedar Commons · 3B')).toBeTruthy();
    expect(options()).toEqual(['Cedar Commons · 3Bunit_cedar_3b', 'Cedar North · 3Bunit_other_3b']);
  });

  it('keeps the copy’s hits to the picker’s narrowing', async () => {
    showPicker(true, { property_id: 'prop_cedar' });
    type('Cedar 3B');
    expect(await screen.findByText('Cedar Commons · 3B')).toBeTruthy();
    expect(options()).toEqual(['Cedar Commons · 3Bunit_cedar_3b']);
  });

  it('never offers a plain name as an ID, with a copy or without', async () => {
    for (const available of [true, false]) {
      showPicker(available);
      type('Walsh');
      expect(
        await screen.findByText(available ? 'No match in the offline copy.' : 'No match among 100 read.'),
      ).toBeTruthy();
      expect(screen.queryByText(/use the ID as typed/i)).toBeNull();
      expect(options()).toEqual([]);
      cleanup();
    }
  });

  it('offers an ID typed in full once a read by it found the record, without a copy', async () => {
    showPicker(false);
    type('unit_cedar_3b');
    expect(await screen.findByText('Cedar Commons · 3B')).toBeTruthy();
    expect(options()).toEqual(['Cedar Commons · 3Bunit_cedar_3b']);
  });
});
