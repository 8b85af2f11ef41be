// @vitest-environment happy-dom
// The offline copy screen while the service asked PropDesk to wait long before reading a collection:
// it says which collection waits until when and offers "Try now", which asks main to lift that hold;
// a short wait and another kind's long wait (submitting) are not said here as the copy's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineCopyPanel } from '../../../../../src/renderer/src/features/offline-copy/offline-copy-panel';
import { formatMoment } from '../../../../../src/shared/date-style';
import type { OfflineCopyStatus } from '../../../../../src/shared/portfolio';
import type { ServicePace } from '../../../../../src/shared/service-pace';

const until = new Date(Date.now() + 3 * 3_600_000).toISOString();
const soon = new Date(Date.now() + 30_000).toISOString();
const status: OfflineCopyStatus = {
  connectionId: 'c1',
  keepCopy: true,
  state: 'failed',
  current: null,
  progress: 0.6,
  fetched: 1200,
  message: 'The offline copy could not be finished while reading payments: …',
  notes: [],
  budget: 'Each collection holds at most 1,500,000 records.',
  collections: [],
};
const pace: ServicePace = {
  connectionId: 'c1',
  slowedDown: true,
  requestsPerSecond: null,
  waitingUntil: until,
  holds: [
    { kind: { method: 'GET', collection: 'payments' }, until, long: true },
    { kind: { method: 'GET', collection: 'leases' }, until: soon, long: false },
    { kind: { method: 'POST', collection: 'proposals' }, until, long: true },
  ],
};

let tried: unknown[];
const answer = <T,>(data: T) => Promise.resolve({ ok: true, data });

beforeEach(() => {
  tried = [];
  (window as unknown as { propdesk: unknown }).propdesk = {
    offlineCopy: {
      status: () => answer(status),
      schedule: () => answer({ everyHours: 24 }),
    },
    connectivity: {
      pace: () => answer(pace),
      tryNow: (args: unknown) => {
        tried.push(args);
        return answer({ ...pace, holds: [] });
      },
    },
  };
});
afterEach(cleanup);

describe('the offline copy screen while a collection is held', () => {
  it('says which collection waits until when, and "Try now" asks main to lift it', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OfflineCopyPanel />
      </QueryClientProvider>,
    );
    const note = await screen.findByText(
      `Reading payments waits until ${formatMoment(until)}, as the service asked.`,
    );
    expect(screen.queryByText(/Sending suggestions waits/)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Try now' })).toHaveLength(1);
    expect(note.parentElement?.textContent).toContain('Try now');
    screen.getByRole('button', { name: 'Try now' }).click();
    await waitFor(() => expect(tried).toEqual([{ kind: { method: 'GET', collection: 'payments' } }]));
    await waitFor(() => expect(screen.queryByText(/waits until/)).toBeNull());
  });
});
