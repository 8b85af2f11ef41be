// @vitest-environment happy-dom
// Today's "Since you last looked": the mark in the heading, a line per kind with its count (thousands
// counted, not listed), each a link to exactly its records, the decided suggestions with who decided
// where the service says, and "Mark as seen" moving the mark to the digest shown, after which the
// lines are gone. Nothing shows before a first copy has set the mark.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SinceDigest } from '../../../../../src/shared/since';
import { formatRecentMoment } from '../../../../../src/shared/date-style';
import { SinceRegion } from '../../../../../src/renderer/src/features/today/since-region';
import { stubBridge } from '../records/bridge-stub';
import { readsAnswered } from '../../reads-answered';

afterEach(cleanup);

const markedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
const digest: SinceDigest = {
  connectionId: 'c1',
  markedAt,
  asOf: '2026-11-28T08:00:00.000Z',
  lines: [
    { kind: 'maintenance_opened', count: 1, urgent: 1 },
    { kind: 'payments_late', count: 2_345, urgent: 0 },
    { kind: 'suggestions_decided', count: 2, urgent: 0 },
  ],
  decided: [
    {
      proposalId: 'p1',
      batchId: 'b1',
      summary: 'Raise the rent of lease L-104 to 1,450',
      status: 'dismissed',
      decidedBy: 'Dana Whitfield (Landlord)',
    },
    { proposalId: 'p2', batchId: 'b1', summary: 'Close request M-9', status: 'applied', decidedBy: null },
  ],
  waiting: 0,
};

async function show(answer: SinceDigest, seenCalls: string[] = []) {
  // Main's digest: after "Mark as seen", from the new mark, with nothing in it.
  let current = answer;
  stubBridge({
    since: {
      digest: async () => ({ ok: true, data: current }),
      seen: async ({ upTo }: { upTo: string }) => {
        seenCalls.push(upTo);
        current = { ...answer, markedAt: upTo, lines: [], decided: [] };
        return { ok: true, data: current };
      },
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SinceRegion />
    </QueryClientProvider>,
  );
  await readsAnswered(client);
}

describe('Since you last looked on Today', () => {
  it('lines up each kind with its count and a link to exactly its records', async () => {
    await show(digest);
    const region = screen.getByRole('region', { name: 'Since you last looked' });
    expect(within(region).getByRole('heading').textContent).toBe(
      `Since you last looked (${formatRecentMoment(markedAt)})`,
    );
    const opened = within(region).getByRole('link', { name: /^1 maintenance request opened/ });
    expect(opened.getAttribute('href')).toBe('#/since/maintenance_opened');
    expect(opened.textContent).toContain('1 urgent');
    const late = within(region).getByRole('link', { name: /payments now late/ });
    expect(late.textContent).toBe('2,345 payments now late');
    expect(late.getAttribute('href')).toBe('#/since/payments_late');
    expect(within(region).getByRole('link', { name: '2 suggestions decided' }).getAttribute('href')).toBe(
      '#/suggestions',
    );
    // Who decided, where the service said; no one named where it did not.
    expect(
      within(region)
        .getByText(/Raise the rent/)
        .closest('li')!.textContent,
    ).toContain('dismissed by Dana Whitfield (Landlord)');
    expect(
      within(region)
        .getByText(/Close request M-9/)
        .closest('li')!.textContent,
    ).not.toContain(' by ');
  });

  it('"Mark as seen" moves the mark to the digest shown, and the lines are gone', async () => {
    const calls: string[] = [];
    await show(digest, calls);
    fireEvent.click(screen.getByRole('button', { name: /Mark as seen/ }));
    expect(await screen.findByText('Nothing has changed at the service since then.')).toBeTruthy();
    expect(calls).toEqual([digest.asOf]);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark as seen/ })).toBeNull();
  });

  it('shows nothing before a first copy has set the mark', async () => {
    await show({ ...digest, markedAt: null, lines: [], decided: [] });
    expect(screen.queryByRole('region', { name: 'Since you last looked' })).toBeNull();
  });
});
