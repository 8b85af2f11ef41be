// @vitest-environment happy-dom
// The freshness banner above a record's page, as above the lists: "Offline — showing data as of …"
// when the page's answer came from the offline copy because the service was out of reach, when it was
// last checked with the service when a complete copy answered first, and when the service answered.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from '../../../../../src/renderer/src/features/offline-copy/offline-banner';
import { queryKeys } from '../../../../../src/renderer/src/lib/query-keys';

afterEach(cleanup);

function renderBanner(client: QueryClient, id: string) {
  return render(
    <QueryClientProvider client={client}>
      <OfflineBanner route={{ view: 'record', collection: 'properties', id }} />
    </QueryClientProvider>,
  );
}

const page = { collection: 'properties', record: { id: 'p1' }, lists: [], documents: [] };

describe('offline banner on a record page', () => {
  it('says the page is from the offline copy and how old it is', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.related('properties', 'p1'), {
      ...page,
      offline: { asOf: '2026-03-04T05:06:07.000Z' },
    });
    renderBanner(client, 'p1');
    expect(screen.getByRole('status').textContent).toMatch(/Offline — showing data as of .*2026/);
  });

  it('says when the service answered the page, and offline when a later answer is from the copy', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.related('properties', 'p1'), page);
    renderBanner(client, 'p1');
    expect(screen.getByRole('status').textContent).toBe('Read from the service just now.');
    act(() =>
      client.setQueryData(queryKeys.related('properties', 'p1'), {
        ...page,
        offline: { asOf: '2026-03-04T05:06:07.000Z' },
      }),
    );
    expect(screen.getByRole('status').textContent).toMatch(/Offline/);
  });

  it('says a copy answered first, and offline once the service is known to be out of reach', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.connectivity, { online: true });
    client.setQueryData(queryKeys.related('properties', 'p1'), {
      ...page,
      offline: { asOf: '2026-03-04T05:06:07.000Z', first: true },
    });
    renderBanner(client, 'p1');
    expect(screen.getByRole('status').textContent).toMatch(/From the offline copy as of .*2026/);
    // Main checked what is on screen with the service (a copy.checked event): the banner says when.
    const checked = new Date(Date.now() - 3 * 60_000).toISOString();
    act(() => client.setQueryData(queryKeys.copyChecked('properties'), checked));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /^Checked with the service 3 minutes ago, from the offline copy as of .*2026/,
      ),
    );
    // The check with the service cannot happen now: the landlord is told they read an older copy.
    act(() => client.setQueryData(queryKeys.connectivity, { online: false }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/Offline — showing data as of .*2026/),
    );
  });
});
