// @vitest-environment happy-dom
// The draft editor as a user meets it, by role and label: a draft of one field across many leases is
// a table (lease · unit · tenant · current → new) edited in place and saved through the draft saver,
// Enter moves down the rows, a row's full card opens under it; a draft mixing fields keeps its cards;
// a new change focuses its own field, and a fresh card does not ask for a change before it is visited.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import type { DraftChange, DraftDetail } from '../../../../../../src/shared/drafts';
import { DraftEditor } from '../../../../../../src/renderer/src/features/drafts/editor/draft-editor';
import { requestFocus } from '../../../../../../src/renderer/src/features/drafts/focus-request';
import { labelAnswers } from '../../../labels/label-answers';
import { oneConnection } from '../one-connection';
import { advanceClock, restartClock, stopClock } from '../stopped-clock';
import { SAVE_DELAY_MS } from '../../../../../../src/renderer/src/features/drafts/editor/draft-store';

const doc = JSON.parse(acmeJson) as unknown;
const now = new Date().toISOString();

const lease = (n: number, rent: number) => ({
  id: `lease_${n}`,
  unit_id: `u${n}`,
  tenant_id: `t${n}`,
  start_date: '2025-01-01',
  end_date: '2026-01-01',
  monthly_rent: rent,
  status: 'active',
});

const update = (n: number, fields: Record<string, unknown>, rent = 1000 + n * 100): DraftChange => ({
  id: `c${n}`,
  operation: 'update',
  resourceType: 'lease',
  resourceId: `lease_${n}`,
  fields,
  snapshot: lease(n, rent),
  updatedAt: now,
});

function draftOf(changes: DraftChange[], problems: DraftDetail['problems'] = []): DraftDetail {
  return {
    id: 'd1',
    label: 'Rent review +3%',
    state: 'editing',
    changeCount: changes.length,
    maxChanges: 200,
    createdAt: now,
    updatedAt: now,
    revision: 1,
    valid: problems.length === 0,
    problemCount: problems.length,
    reviewGroup: null,
    submission: null,
    changes,
    problems,
    rejection: null,
  };
}

let draft: DraftDetail;
let putChange: ReturnType<typeof vi.fn>;

beforeEach(() => {
  putChange = vi.fn(async ({ change }: { change: { id: string; fields: Record<string, unknown> } }) => {
    draft = {
      ...draft,
      revision: draft.revision + 1,
      changes: draft.changes.map((c) => (c.id === change.id ? { ...c, fields: change.fields } : c)),
    };
    return { ok: true, data: draft };
  });
  const names: Record<string, string> = {};
  for (const n of [1, 2, 3]) {
    names[`leases/lease_${n}`] = `L-10${n}`;
    names[`units/u${n}`] = `Cedar Commons · ${n}B`;
    names[`tenants/t${n}`] = ['Ada Park', 'Ben Okafor', 'Chloé Durand'][n - 1]!;
  }
  (window as unknown as { propdesk: unknown }).propdesk = {
    drafts: {
      get: async () => ({ ok: true, data: draft }),
      putChange,
      onChanged: () => () => undefined,
    },
    contract: {
      get: async () => ({ ok: true, data: { doc, hash: 'h', fetchedAt: now, source: 'cache' } }),
    },
    labels: { resolve: labelAnswers(names) },
    connectivity: { status: async () => ({ ok: true, data: { online: true, since: '' } }) },
    connections: {
      list: oneConnection('USD'),
    },
  };
});

afterEach(() => {
  cleanup();
  restartClock();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DraftEditor id="d1" sentNote={() => null} />
    </QueryClientProvider>,
  );
}

describe('a draft of one field across many records', () => {
  beforeEach(() => {
    draft = draftOf([
      update(1, { monthly_rent: 1133 }),
      update(2, { monthly_rent: 1236 }),
      update(3, { monthly_rent: 1339 }),
    ]);
  });

  it('is a table of lease · unit · tenant · current → new, with names, not cards', async () => {
    show();
    const table = await screen.findByRole('table', { name: /Monthly rent, current and new/ });
    expect(screen.queryByRole('region', { name: /Lease L-102/ })).toBeNull();
    const row = await within(table).findByRole('row', { name: /L-102/ });
    await within(row).findByText('Ben Okafor');
    expect(within(row).getByText('Cedar Commons · 2B')).toBeTruthy();
    expect(within(row).getByText('$1,200.00')).toBeTruthy();
    expect(within(row).getByRole('spinbutton', { name: 'New monthly rent of Lease L-102' })).toHaveProperty(
      'value',
      '1236',
    );
  });

  it('saves a new value typed in place through the draft saver, and Enter moves to the next row', async () => {
    show();
    const second = await screen.findByRole('spinbutton', { name: /New monthly rent of Lease L-102/ });
    // The clock stands still from here: however slowly the keys arrive, no pause saves half a value.
    stopClock();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.clear(second);
    await user.type(second, '1250{Enter}');
    expect(document.activeElement).toBe(
      screen.getByRole('spinbutton', { name: /New monthly rent of Lease L-103/ }),
    );
    await advanceClock(SAVE_DELAY_MS);
    expect(putChange).toHaveBeenCalledTimes(1);
    expect(putChange.mock.calls[0]![0]).toMatchObject({
      draftId: 'd1',
      revision: 1,
      change: { id: 'c2', resourceId: 'lease_2', fields: { monthly_rent: 1250 } },
    });
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(second);
  });

  it('opens a row’s full card under it with one click', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: /Open the full change of Lease L-101/ }));
    const card = screen.getByRole('region', { name: /Lease L-101/ });
    expect(within(card).getByLabelText(/^End date/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Close the full change of Lease L-101/ })).toBeTruthy();
    // The row stays the change's one anchor (for focus after adding), the card under it adds none.
    expect(document.querySelectorAll('#change-c1')).toHaveLength(1);
  });

  it('shows every change as a card on request, and a draft mixing fields keeps its cards', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Show every change as a card' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('region', { name: /Lease L-10/ })).toHaveLength(3);
    cleanup();

    draft = draftOf([update(1, { monthly_rent: 1133 }), update(2, { end_date: '2027-01-01' })]);
    show();
    expect(await screen.findAllByRole('region', { name: /Lease L-10/ })).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('a new change in the editor', () => {
  const empty = 'Change at least one field of this lease';

  beforeEach(() => {
    draft = draftOf([update(1, {})], [{ changeId: 'c1', path: '', message: empty }]);
  });

  it('focuses the change’s own field, not the first field of the card', async () => {
    requestFocus('c1', 'monthly_rent');
    show();
    const rent = await screen.findByRole('spinbutton', { name: /^Monthly rent/ });
    await waitFor(() => expect(document.activeElement).toBe(rent));
  });

  it('asks for a change only once the user has been at the card', async () => {
    const user = userEvent.setup();
    show();
    const rent = await screen.findByRole('spinbutton', { name: /^Monthly rent/ });
    expect(screen.queryByText(empty)).toBeNull();
    await user.clear(rent);
    await user.type(rent, '1150');
    await user.clear(rent);
    await user.type(rent, '1100');
    expect(await screen.findByText(empty)).toBeTruthy();
  });
});
