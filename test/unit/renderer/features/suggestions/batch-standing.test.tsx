// @vitest-environment happy-dom
// The Suggestions screen's batch card counts applied, dismissed, expired and waiting suggestions from
// the statuses the suggestions service stored, and the counts move when main announces a decision; while anything
// waits the screen quotes the service's message as what it said when it recorded the batch, and says who approves.
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../../../src/shared/ipc';
import type { ProposalStatus } from '../../../../../src/shared/service';
import type { TrackedBatch } from '../../../../../src/shared/suggestions';
import { stubSuggestionsBridge, suggestionsClient, suggestionsScreen } from './suggestions-screen';

const MESSAGE = 'Changes recorded as suggestions only. Nothing has changed yet.';
let statuses: ProposalStatus[];
let listeners: Map<string, Set<(payload: unknown) => void>>;

function batch(): TrackedBatch {
  return {
    batchId: 'batch_1',
    origin: 'app',
    label: 'Spring rents',
    submittedAt: '2026-03-01T10:00:00.000Z',
    draftId: 'd1',
    message: MESSAGE,
    hasReviewLink: true,
    proposals: statuses.map((status, i) => ({
      id: `prop_${i}`,
      batchId: 'batch_1',
      operation: 'update',
      resourceType: 'lease',
      resourceId: `lease_${i}`,
      resourceLabel: null,
      summary: `Update lease L-10${i}`,
      status,
      flags: [],
      expiresAt: '2099-01-01T00:00:00.000Z',
      fields: null,
      events: [{ status: 'proposed', at: '2026-03-01T10:00:00.000Z' }],
      live: null,
      // Who decided, where the service's contract has a field for it.
      ...(status === 'dismissed' ? { decidedBy: 'Dana Whitfield (Landlord)' } : {}),
    })),
  };
}

const on = (event: EventName) => (listener: (payload: unknown) => void) => {
  const set = listeners.get(event) ?? new Set();
  set.add(listener);
  listeners.set(event, set);
  return () => set.delete(listener);
};
const emit = (event: EventName, payload: unknown) =>
  act(() => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  });

beforeEach(() => {
  statuses = ['proposed', 'proposed', 'proposed'];
  listeners = new Map();
  stubSuggestionsBridge(() => [batch()], on('suggestions.changed'));
});
afterEach(cleanup);

let queries: QueryClient;
const tree = (query: Record<string, string> = {}) => suggestionsScreen(queries, query);

const standing = async () =>
  within(await screen.findByRole('list', { name: 'Where batch Spring rents stands' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('batch card', () => {
  it('counts the statuses the service reported and follows each decision main announces', async () => {
    queries = suggestionsClient();
    const view = render(tree());
    expect(await standing()).toEqual(['0 applied', '0 dismissed', '0 expired', '3 waiting']);
    expect(screen.getByText(`When it recorded this batch the service said: “${MESSAGE}”`)).toBeTruthy();
    expect(screen.getByText(/Property Manager, Landlord, Broker or Admin of your organisation/)).toBeTruthy();

    statuses = ['applied', 'dismissed', 'proposed'];
    emit('suggestions.changed', {
      pending: 1,
      changes: [
        { batchId: 'batch_1', proposalId: 'prop_0', status: 'applied' },
        { batchId: 'batch_1', proposalId: 'prop_1', status: 'dismissed' },
      ],
    });
    await expect.poll(standing).toEqual(['1 applied', '1 dismissed', '0 expired', '1 waiting']);
    // Under Dismissed, the dismissal says who dismissed it; the approval, whose decider the service
    // left out, names no one.
    view.rerender(tree({ status: 'dismissed' }));
    expect(await screen.findByText(/Dismissed .*· dismissed by Dana Whitfield \(Landlord\)/)).toBeTruthy();
    view.rerender(tree({ status: 'applied' }));
    await expect.poll(() => screen.queryAllByText(/^Applied/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/approved by/)).toBeNull();
    view.rerender(tree());
    // The message is what the service said then, not a claim about now.
    expect(screen.getByText(/When it recorded this batch the service said/)).toBeTruthy();

    statuses = ['applied', 'dismissed', 'applied'];
    emit('suggestions.changed', {
      pending: 0,
      changes: [{ batchId: 'batch_1', proposalId: 'prop_2', status: 'applied' }],
    });
    // Nothing waits any more, so the batch is listed under the Applied tab (the route holds the tab).
    view.rerender(tree({ status: 'applied' }));
    await expect.poll(standing).toEqual(['2 applied', '1 dismissed', '0 expired', '0 waiting']);
    // No one needs telling who approves a batch with nothing left to decide, nor that nothing has changed.
    expect(screen.queryByText(/Property Manager, Landlord, Broker or Admin/)).toBeNull();
    expect(screen.queryByText(/When it recorded this batch the service said/)).toBeNull();
  });
});
