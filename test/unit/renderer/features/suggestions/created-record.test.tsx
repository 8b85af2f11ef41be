// @vitest-environment happy-dom
// The tracker on an applied create: "Created:" with a link to the record once it is known (the service
// said which, or PropDesk found it by the values sent), and plain words while it is not yet found.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackedBatch, TrackedProposal } from '../../../../../src/shared/suggestions';
import { stubSuggestionsBridge, suggestionsClient, suggestionsScreen } from './suggestions-screen';

const NOT_YET =
  'The service did not say which maintenance request it created, and 2 maintenance requests carry the suggested values: choose the one it created.';

function applied(id: string, over: Partial<TrackedProposal>): TrackedProposal {
  const fields = { title: `Leak ${id}`, priority: 'high' };
  return {
    id,
    batchId: 'b1',
    operation: 'create',
    resourceType: 'maintenance_request',
    resourceId: null,
    resourceLabel: null,
    summary: `Create maintenance request ${id}`,
    status: 'applied',
    flags: [],
    expiresAt: '2027-03-08T10:00:00.000Z',
    fields,
    events: [
      { status: 'proposed', at: '2026-03-01T10:00:00.000Z' },
      { status: 'applied', at: '2026-03-02T10:00:00.000Z' },
    ],
    live: { checkedAt: '2026-03-02T10:00:05.000Z', live: true, fields: [], problem: null },
    ...over,
  };
}

const batch: TrackedBatch = {
  batchId: 'b1',
  origin: 'app',
  label: 'Repairs',
  submittedAt: '2026-03-01T10:00:00.000Z',
  draftId: null,
  message: null,
  hasReviewLink: true,
  proposals: [
    applied('p_found', { resourceId: 'mr_77', resourceLabel: 'Leak under the sink' }),
    applied('p_open', {
      live: {
        checkedAt: '2026-03-02T10:00:05.000Z',
        live: false,
        fields: [],
        problem: NOT_YET,
        candidates: ['mr_80', 'mr_81'],
      },
    }),
  ],
};

afterEach(cleanup);

describe('an applied create in the tracker', () => {
  it('says "Created:" with a link to the record found, and plainly when it is not yet found', async () => {
    stubSuggestionsBridge(() => [batch]);
    render(suggestionsScreen(suggestionsClient(), { status: 'applied' }));
    const link = await screen.findByRole('link', { name: 'Leak under the sink' });
    expect(link.parentElement?.textContent).toBe('Created: Leak under the sink');
    expect(link.getAttribute('href')).toContain('mr_77');
    expect(await screen.findByText(new RegExp(NOT_YET.slice(0, 60)))).toBeTruthy();
    expect(screen.getAllByText(/^Created:/)).toHaveLength(1);
  });

  it('offers the records that carry the values and sends the one chosen to main', async () => {
    stubSuggestionsBridge(() => [batch]);
    const chosen: unknown[] = [];
    const bridge = (window as unknown as { propdesk: { suggestions: Record<string, unknown> } }).propdesk;
    bridge.suggestions.chooseCreated = (args: unknown) => {
      chosen.push(args);
      return Promise.resolve({ ok: true, data: { chosen: true } });
    };
    render(suggestionsScreen(suggestionsClient(), { status: 'applied' }));
    const group = await screen.findByRole('group', { name: 'The record it created' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['This one: mr_80', 'This one: mr_81']);
    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(chosen).toEqual([{ proposalId: 'p_open', recordId: 'mr_81' }]));
    // A record already named offers no choice.
    expect(screen.getAllByRole('group', { name: 'The record it created' })).toHaveLength(1);
  });
});
