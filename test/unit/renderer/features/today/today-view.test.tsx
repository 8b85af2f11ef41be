// @vitest-environment happy-dom
// Today while the offline copy is made: each figure says whether its records are on their way, and
// once the copy is made Today never offers to make one, even for the moment its figures are still
// being counted from the new copy.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfflineCopyStatus } from '../../../../../src/shared/portfolio';
import { COLLECTIONS } from '../../../../../src/shared/service';
import type { Collection } from '../../../../../src/shared/service';
import type { TodaySummary } from '../../../../../src/shared/today';
import { TodayView } from '../../../../../src/renderer/src/features/today/today-view';
import { stubBridge } from '../records/bridge-stub';
import { readsAnswered } from '../../reads-answered';

afterEach(cleanup);

/** Today as main counted it with no copy of any of its collections yet. */
const counted: TodaySummary = {
  connectionId: 'c1',
  sample: false,
  today: '2026-11-24',
  asOf: null,
  missing: ['leases', 'payments', 'maintenance_requests', 'documents'],
  endingLeases: null,
  latePayments: null,
  urgentMaintenance: null,
  unverifiedDocuments: null,
  suggestions: { waiting: 0, decidedSince: '2026-11-17', applied: 0, dismissed: 0, expired: 0 },
  fromService: {},
  notes: [],
};

function copyStatus(
  state: OfflineCopyStatus['state'],
  runs: Partial<Record<Collection, { state: 'reading' | 'done'; fetched: number }>>,
): OfflineCopyStatus {
  return {
    connectionId: 'c1',
    keepCopy: true,
    state,
    current: null,
    progress: 0.5,
    fetched: 0,
    message: null,
    notes: [],
    budget: 'Each collection holds at most 1,500,000 records.',
    collections: COLLECTIONS.map((collection) => {
      const run = runs[collection];
      return {
        collection,
        asOf: run?.state === 'done' ? '2026-11-24T03:00:00.000Z' : null,
        count: run?.state === 'done' ? run.fetched : 0,
        pending: null,
        ...(run ? { run } : {}),
      };
    }),
  };
}

/** What main was told of Today being watched (it then polls the suggestions fast while any wait). */
const watched: boolean[] = [];

async function showToday(summary: TodaySummary, status: OfflineCopyStatus) {
  watched.length = 0;
  stubBridge({
    suggestions: {
      watch: async ({ open }: { open: boolean }) => {
        watched.push(open);
        return { ok: true, data: { open } };
      },
    },
    portfolio: { today: async () => ({ ok: true, data: summary }) },
    offlineCopy: { status: async () => ({ ok: true, data: status }), onProgress: () => () => undefined },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TodayView />
    </QueryClientProvider>,
  );
  await readsAnswered(client);
}

const card = (name: string) => screen.getByRole('region', { name });

describe('Today while the offline copy is made', () => {
  it('says which figures wait for records still being read, and which records are in', async () => {
    const leasesIn = { ...counted, missing: counted.missing.filter((c) => c !== 'leases') };
    await showToday(
      {
        ...leasesIn,
        endingLeases: [
          { days: 30, count: 2, rent: 100 },
          { days: 60, count: 3, rent: 150 },
        ],
      },
      copyStatus('running', {
        leases: { state: 'done', fetched: 310 },
        payments: { state: 'reading', fetched: 1_200 },
        maintenance_requests: { state: 'reading', fetched: 40 },
        documents: { state: 'reading', fetched: 0 },
      }),
    );
    expect(within(card('Leases ending')).getByRole('link', { name: /^2 leases end/ })).toBeTruthy();
    expect(
      within(card('Late payments')).getByText(/^Waiting for the offline copy of payments: 1,200 read so far/),
    ).toBeTruthy();
    const copy = screen.getByRole('region', { name: 'Offline copy' });
    expect(copy.textContent).toContain('Today fills in figure by figure as they arrive.');
    expect(copy.textContent).toContain('In: leases. Being read: payments, maintenance, documents.');
  });

  it('once the copy is made, never offers to make one while its figures are being counted', async () => {
    const all = Object.fromEntries(COLLECTIONS.map((c) => [c, { state: 'done', fetched: 10 }]));
    // The figures were counted before the last collections came in; the copy's status is newer.
    await showToday(counted, copyStatus('done', all));
    expect(screen.queryByRole('region', { name: 'Offline copy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make the offline copy' })).toBeNull();
    expect(screen.queryByText(/There is none yet/)).toBeNull();
    expect(within(card('Late payments')).getByText('Counting…')).toBeTruthy();
  });

  it('tells main it is on screen, so an approval shows within seconds, and when it leaves', async () => {
    await showToday(counted, copyStatus('done', {}));
    expect(watched).toEqual([true]);
    cleanup();
    expect(watched).toEqual([true, false]);
  });
});
