// @vitest-environment happy-dom
// Namesakes in the record picker: three tenants called Sofia Walsh are three choices, each with the
// second line a search hit carries (her email), whether the offline copy found them or they were read
// from the service page by page; a property's choice carries its address.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../../../src/shared/search';
import type { Collection, ServiceRecord } from '../../../../../src/shared/service';
import { RecordPicker } from '../../../../../src/renderer/src/features/collections/record-picker';
import { labelAnswers } from '../../labels/label-answers';
import { stubBridge } from '../records/bridge-stub';

const walshes: ServiceRecord[] = [
  { id: 'ten_1', name: 'Sofia Walsh', email: 'sofia.walsh@example.com', phone: '555-0101' },
  { id: 'ten_2', name: 'Sofia Walsh', email: 'swalsh@example.net', phone: null },
  { id: 'ten_3', name: 'Sofia Walsh', email: 'sofia@walsh.example.org', phone: '555-0199' },
];
const courts: ServiceRecord[] = [
  { id: 'prop_1', name: 'Maple Court', address_line1: '12 Maple St', city: 'Salem' },
  { id: 'prop_2', name: 'Maple Court', address_line1: '40 Oak Ave', city: 'Eugene' },
];

function answer(collection: Collection, records: ServiceRecord[], available: boolean) {
  return async (): Promise<{ ok: true; data: SearchAnswer }> => ({
    ok: true,
    data: {
      available,
      asOf: available ? '2026-05-01T08:00:00.000Z' : null,
      notice: null,
      groups: available
        ? [
            {
              collection,
              hits: records.map((record) => ({
                collection,
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
          ]
        : [],
    },
  });
}

function showPicker(target: Collection, records: ServiceRecord[], available: boolean) {
  stubBridge({
    labels: {
      resolve: labelAnswers(Object.fromEntries(records.map((r) => [`${target}/${r.id}`, String(r.name)]))),
    },
    collections: {
      list: async () => ({ ok: true, data: { data: records, nextCursor: null, hasMore: false } }),
    },
    search: { query: answer(target, records, available) },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RecordPicker id="who" label="Who" target={target} value={undefined} onChange={() => undefined} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Who/ }));
  fireEvent.change(screen.getByPlaceholderText(/Search by name/), { target: { value: 'Sofia Walsh' } });
}

const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

afterEach(cleanup);

describe('namesakes in the record picker', () => {
  it('tells three tenants of one name apart by email, with a copy or without', async () => {
    for (const available of [true, false]) {
      showPicker('tenants', walshes, available);
      expect(await screen.findByText('sofia.walsh@example.com')).toBeTruthy();
      expect(options()).toEqual([
        'Sofia Walshsofia.walsh@example.comten_1',
        'Sofia Walshswalsh@example.netten_2',
        'Sofia Walshsofia@walsh.example.orgten_3',
      ]);
      cleanup();
    }
  });

  it('tells two properties of one name apart by their address', async () => {
    showPicker('properties', courts, true);
    expect(await screen.findByText('12 Maple St · Salem')).toBeTruthy();
    expect(options()).toEqual([
      'Maple Court12 Maple St · Salemprop_1',
      'Maple Court40 Oak Ave · Eugeneprop_2',
    ]);
  });
});
