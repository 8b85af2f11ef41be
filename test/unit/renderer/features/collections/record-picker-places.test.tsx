// @vitest-environment happy-dom
// Where namesakes rent, in the record picker: two tenants called Nora Okafor show where each rents
// ("Willow Row · 2") before their email, and a place typed after the name narrows them to the one who
// lives there, whether the offline copy answered the search or the tenants were read page by page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../../../src/shared/search';
import type { ServiceRecord } from '../../../../../src/shared/service';
import { RecordPicker } from '../../../../../src/renderer/src/features/collections/record-picker';
import { labelAnswers } from '../../labels/label-answers';
import { stubBridge } from '../records/bridge-stub';

const noras: ServiceRecord[] = [
  { id: 'ten_1', name: 'Nora Okafor', email: 'nora.okafor@example.com' },
  { id: 'ten_2', name: 'Nora Okafor', email: 'nokafor@example.net' },
];
const homes: Record<string, string> = { ten_1: 'Cedar Commons · 3B', ten_2: 'Willow Row · 2' };

/** The copy's search as main answers it: a place typed after the name finds only who lives there. */
function search(available: boolean) {
  return async ({ text }: { text: string }): Promise<{ ok: true; data: SearchAnswer }> => {
    const hits = noras
      .filter((r) => !/willow/i.test(text) || r.id === 'ten_2')
      .map((record) => ({
        collection: 'tenants' as const,
        id: record.id,
        record,
        label: null,
        source: 'copy' as const,
        matched: null,
        note: null,
        place: homes[record.id]!,
      }));
    return {
      ok: true,
      data: {
        available,
        asOf: available ? '2026-05-01T08:00:00.000Z' : null,
        notice: null,
        groups: available ? [{ collection: 'tenants', hits, more: false }] : [],
      },
    };
  };
}

function showPicker(available: boolean, asked: string[][], known: Record<string, string> = homes) {
  stubBridge({
    labels: {
      resolve: labelAnswers({ 'tenants/ten_1': 'Nora Okafor', 'tenants/ten_2': 'Nora Okafor' }),
      places: async ({ tenants }: { tenants: string[] }) => {
        asked.push(tenants);
        return {
          ok: true,
          data: { places: Object.fromEntries(tenants.flatMap((id) => (known[id] ? [[id, known[id]]] : []))) },
        };
      },
    },
    collections: {
      list: async () => ({ ok: true, data: { data: noras, nextCursor: null, hasMore: false } }),
    },
    search: { query: search(available) },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RecordPicker id="who" label="Tenant" target="tenants" value={undefined} onChange={() => undefined} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Tenant/ }));
}

const type = (text: string) =>
  fireEvent.change(screen.getByPlaceholderText(/Search by name/), { target: { value: text } });
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

afterEach(cleanup);

describe('where namesakes rent, in the record picker', () => {
  for (const available of [true, false])
    it(`shows each Nora Okafor's home before her email and narrows to Willow Row by a typed place (${available ? 'with' : 'without'} a copy)`, async () => {
      const asked: string[][] = [];
      showPicker(available, asked);
      type('Nora Okafor');
      expect(await screen.findByText('Willow Row · 2, nokafor@example.net')).toBeTruthy();
      expect(options()).toEqual([
        'Nora OkaforCedar Commons · 3B, nora.okafor@example.comten_1',
        'Nora OkaforWillow Row · 2, nokafor@example.netten_2',
      ]);
      type('Nora Okafor willow');
      await waitFor(() => expect(options()).toEqual(['Nora OkaforWillow Row · 2, nokafor@example.netten_2']));
      // Main was asked where the tenants on show rent, and only them.
      expect(asked.flat().every((id) => id === 'ten_1' || id === 'ten_2')).toBe(true);
    });

  it('keeps the email alone for a tenant who rents nowhere', async () => {
    showPicker(false, [], { ten_2: homes.ten_2! });
    type('Nora');
    expect(await screen.findByText('Willow Row · 2, nokafor@example.net')).toBeTruthy();
    expect(options()[0]).toBe('Nora Okafornora.okafor@example.comten_1');
  });
});
