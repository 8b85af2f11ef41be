// @vitest-environment happy-dom
// Suggestions as a worklist: sorted by the soonest expiry, narrowed to what expires within 48 hours, compact
// batch cards with the service's message and who approves said once above them (and never for batches
// already decided), and an emergency repair listed first and marked, whatever the order.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProposalStatus } from '../../../../../src/shared/service';
import type { TrackedBatch } from '../../../../../src/shared/suggestions';
import {
  filtersFromQuery,
  queryFromFilters,
} from '../../../../../src/renderer/src/features/suggestions/suggestions-filters';
import { stubSuggestionsBridge, suggestionsClient, suggestionsScreen } from './suggestions-screen';

const MESSAGE = 'Changes recorded as suggestions only. Nothing has changed yet.';
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

interface Spec {
  id: string;
  label: string;
  expiresIn: number;
  status?: ProposalStatus;
  type?: string;
  fields?: Record<string, unknown>;
}

function batch(s: Spec): TrackedBatch {
  const status = s.status ?? 'proposed';
  return {
    batchId: s.id,
    origin: 'app',
    label: s.label,
    submittedAt: '2026-03-01T10:00:00.000Z',
    draftId: null,
    message: MESSAGE,
    hasReviewLink: true,
    proposals: [
      {
        id: `${s.id}_p`,
        batchId: s.id,
        operation: s.type === 'maintenance_request' ? 'create' : 'update',
        resourceType: s.type ?? 'lease',
        resourceId: s.type === 'maintenance_request' ? null : 'lease_1',
        resourceLabel: null,
        summary: `${s.label} summary`,
        status,
        flags: [],
        expiresAt: inHours(s.expiresIn),
        fields: s.fields ?? { rent_amount: 1000 },
        events: [
          { status: 'proposed', at: '2026-03-01T10:00:00.000Z' },
          ...(status === 'proposed' ? [] : [{ status, at: '2026-03-02T10:00:00.000Z' }]),
        ],
        live: null,
      },
    ],
  };
}

let batches: TrackedBatch[];

beforeEach(() => {
  batches = [
    batch({ id: 'b_week', label: 'Rent in a week', expiresIn: 24 * 6 }),
    batch({ id: 'b_day', label: 'Rent tomorrow', expiresIn: 20 }),
    batch({ id: 'b_done', label: 'Rent applied', expiresIn: 10, status: 'applied' }),
    batch({ id: 'b_3d', label: 'Rent in three days', expiresIn: 72 }),
  ];
  stubSuggestionsBridge(() => batches);
});
afterEach(cleanup);

const show = (query: Record<string, string> = {}) => render(suggestionsScreen(suggestionsClient(), query));

/** The batch cards' titles, top to bottom. */
const cardTitles = async () => {
  await screen.findAllByRole('heading', { level: 3 });
  return screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
};

describe('suggestions worklist', () => {
  it('sorts waiting batches by the soonest expiry when asked', async () => {
    show({ order: 'expiry' });
    expect(await cardTitles()).toEqual(['Rent tomorrow', 'Rent in three days', 'Rent in a week']);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('expiry');
  });

  it('keeps only what expires within 48 hours under "expiring soon"', async () => {
    show({ soon: '48h' });
    expect(await cardTitles()).toEqual(['Rent tomorrow']);
    expect((screen.getByLabelText(/Expiring within 48 hours/) as HTMLInputElement).checked).toBe(true);
  });

  it('says the service’s message and who approves once, not on every card', async () => {
    show();
    expect(await cardTitles()).toHaveLength(3);
    const said = screen.getAllByText(/service said: “/);
    expect(said.map((p) => p.textContent)).toEqual([
      `When it recorded these 3 batches the service said: “${MESSAGE}”`,
    ]);
    expect(screen.getAllByText(/Property Manager, Landlord, Broker or Admin/)).toHaveLength(1);
    // Nothing of either inside a card.
    for (const card of screen.getAllByRole('region', { name: /^Batch / })) {
      expect(within(card).queryByText(/the service said|Property Manager/)).toBeNull();
    }
  });

  it('never relays "nothing has changed yet" for a batch already applied', async () => {
    show({ status: 'applied' });
    expect(await cardTitles()).toEqual(['Rent applied']);
    expect(screen.queryByText(/Nothing has changed yet/)).toBeNull();
    expect(screen.queryByText(/Property Manager, Landlord, Broker or Admin/)).toBeNull();
  });

  it('lists an emergency repair first and marks it, whatever the order', async () => {
    batches.push(
      batch({
        id: 'b_boiler',
        label: 'Boiler at 3B',
        expiresIn: 24 * 7,
        type: 'maintenance_request',
        fields: { priority: 'emergency', title: 'Boiler failed' },
      }),
      batch({
        id: 'b_tap',
        label: 'Dripping tap',
        expiresIn: 1,
        type: 'maintenance_request',
        fields: { priority: 'low', title: 'Tap drips' },
      }),
    );
    show({ order: 'expiry' });
    const titles = await cardTitles();
    expect(titles[0]).toBe('Boiler at 3B');
    expect(titles[1]).toBe('Dripping tap');
    const boiler = screen.getByRole('region', { name: 'Batch Boiler at 3B' });
    expect(within(boiler).getByText(/Urgent repair/)).toBeTruthy();
    expect(screen.getAllByText(/Urgent repair/)).toHaveLength(1);
  });

  it('keeps the order and "expiring soon" in the route, and reads anything else as the default', () => {
    const query = { order: 'expiry', soon: '48h' };
    expect(queryFromFilters(filtersFromQuery(query))).toEqual(query);
    expect(filtersFromQuery({ order: 'sideways', soon: 'yes' })).toMatchObject({
      order: 'batch',
      soon: false,
    });
    expect(queryFromFilters(filtersFromQuery({}))).toEqual({});
  });
});
