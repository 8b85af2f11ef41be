// @vitest-environment happy-dom
// The "Offline — showing data as of …" banner above a record's page, as above the lists: shown
// when the page's answer came from the offline copy, and only then.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from '../../../src/renderer/src/features/portfolio/offline-banner';
import { queryKeys } from '../../../src/renderer/src/lib/query-keys';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
afterEach(() => host?.remove());

function render(client: QueryClient, id: string) {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <OfflineBanner route={{ view: 'record', collection: 'properties', id }} />
      </QueryClientProvider>,
    ),
  );
  return root;
}

const page = { collection: 'properties', record: { id: 'p1' }, lists: [], documents: [] };

describe('offline banner on a record page', () => {
  it('says the page is from the offline copy and how old it is', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.related('properties', 'p1'), {
      ...page,
      offline: { asOf: '2026-03-04T05:06:07.000Z' },
    });
    render(client, 'p1');
    const banner = host.querySelector('[role="status"]');
    expect(banner?.textContent).toMatch(/Offline — showing data as of .*2026/);
  });

  it('is absent when the page came from the service, and appears when a later answer is from the copy', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.related('properties', 'p1'), page);
    render(client, 'p1');
    expect(host.querySelector('[role="status"]')).toBeNull();
    act(() =>
      client.setQueryData(queryKeys.related('properties', 'p1'), {
        ...page,
        offline: { asOf: '2026-03-04T05:06:07.000Z' },
      }),
    );
    expect(host.querySelector('[role="status"]')?.textContent).toMatch(/Offline/);
  });
});
