// @vitest-environment happy-dom
// The draft editor against a fake bridge holding one draft: forms generated from a contract
// fixture, inline validation, debounced saves that send only changed fields with the revision last
// seen, main's problems shown by the field, and a reload when someone else's edit wins.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftDetail } from '../../../../../../src/shared/drafts';
import { DraftEditor } from '../../../../../../src/renderer/src/features/drafts/editor/draft-editor';
import { SAVE_DELAY_MS } from '../../../../../../src/renderer/src/features/drafts/editor/draft-store';
import { advanceClock, restartClock, stopClock } from '../stopped-clock';
import { oneConnection } from '../one-connection';

const doc = JSON.parse(acmeJson) as unknown;
const snapshot = {
  id: 'lease_1',
  lease_number: 'L-1042',
  unit_id: 'u1',
  tenant_id: 't1',
  start_date: '2025-01-01',
  end_date: '2026-01-01',
  monthly_rent: 1200,
  status: 'active',
};

function baseDraft(): DraftDetail {
  const now = new Date().toISOString();
  return {
    id: 'd1',
    label: 'Spring review',
    state: 'editing',
    changeCount: 1,
    maxChanges: 200,
    createdAt: now,
    updatedAt: now,
    revision: 3,
    valid: false,
    problemCount: 1,
    reviewGroup: null,
    submission: null,
    changes: [
      {
        id: 'c1',
        operation: 'update',
        resourceType: 'lease',
        resourceId: 'lease_1',
        fields: {},
        snapshot,
        updatedAt: now,
      },
    ],
    problems: [{ changeId: null, path: '', message: 'An identical change is already pending in batch b_9' }],
    rejection: null,
  };
}

let draft: DraftDetail;
let putChange: ReturnType<typeof vi.fn>;

beforeEach(() => {
  draft = baseDraft();
  putChange = vi.fn(
    async ({
      change,
      revision,
    }: {
      change: { id: string; fields: Record<string, unknown> };
      revision?: number;
    }) => {
      if (revision !== draft.revision) {
        return { ok: false, error: { code: 'draft_changed', message: 'The draft changed' } };
      }
      draft = {
        ...draft,
        revision: draft.revision + 1,
        changes: draft.changes.map((c) => (c.id === change.id ? { ...c, fields: change.fields } : c)),
      };
      return { ok: true, data: draft };
    },
  );
  (window as unknown as { propdesk: unknown }).propdesk = {
    drafts: {
      get: async () => ({ ok: true, data: draft }),
      putChange,
      removeChange: async () => ({ ok: true, data: { ...draft, changes: [] } }),
      onChanged: () => () => undefined,
    },
    contract: {
      get: async () => ({
        ok: true,
        data: { doc, hash: 'h', fetchedAt: new Date().toISOString(), source: 'cache' },
      }),
    },
    connectivity: { status: async () => ({ ok: true, data: { online: false, since: '' } }) },
    // The plan's amounts are in the active connection's currency.
    connections: {
      list: oneConnection('USD'),
    },
  };
});

afterEach(() => {
  cleanup();
  restartClock();
});

/** Opens the draft and waits for its form; returns the monthly rent field. */
async function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DraftEditor id="d1" sentNote={() => null} />
    </QueryClientProvider>,
  );
  return screen.findByLabelText<HTMLInputElement>(/^Monthly rent/);
}

/** Replaces what a field holds, one keystroke at a time. */
async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLInputElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

/** What a screen reader reads after the field: its note, by aria-describedby. */
function note(field: HTMLElement): string | null | undefined {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
}

const plan = () => screen.getByRole('region', { name: 'Plan' });

describe('draft editor', () => {
  it('shows the plan, the current values and batch problems from main', async () => {
    const rent = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Spring review' })).toBeTruthy();
    expect(screen.getByText('1 of 200 changes')).toBeTruthy();
    expect(within(plan()).getByText('1 lease update')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Lease L-1042$/ })).toBeTruthy();
    expect(rent.value).toBe('1200');
    expect(screen.getByRole('alert', { name: 'Problems with the draft' }).textContent).toBe(
      'An identical change is already pending in batch b_9',
    );
  });

  it('saves edits after a pause, sending only fields that differ, with the revision last seen', async () => {
    const rent = await open();
    // The clock stands still from here, so however slowly the keys arrive, only the test makes a pause.
    stopClock();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await retype(user, rent, '1260');
    expect(putChange).not.toHaveBeenCalled();
    await advanceClock(SAVE_DELAY_MS);
    expect(putChange).toHaveBeenCalledTimes(1);
    expect(putChange.mock.calls[0]![0]).toMatchObject({
      draftId: 'd1',
      revision: 3,
      change: {
        id: 'c1',
        operation: 'update',
        resourceId: 'lease_1',
        fields: { monthly_rent: 1260 },
        snapshot,
      },
    });
    expect(within(plan()).getByText(/^1 lease update — monthly rent \+\$60\.00 in total$/)).toBeTruthy();

    // Back to the current value: the field is dropped from the change.
    await retype(user, rent, '1200');
    await advanceClock(SAVE_DELAY_MS);
    expect(putChange).toHaveBeenCalledTimes(2);
    expect(putChange.mock.calls[1]![0]).toMatchObject({ revision: 4, change: { fields: {} } });
  });

  it('validates as the user types with the contract’s validators', async () => {
    const user = userEvent.setup();
    const rent = await open();
    await retype(user, rent, '-5');
    expect(note(rent)).toBe('Monthly rent must be more than 0');
    expect(rent.getAttribute('aria-invalid')).toBe('true');
  });

  it('reloads and says so when the draft changed elsewhere', async () => {
    const rent = await open();
    draft = {
      ...draft,
      revision: 9,
      changes: draft.changes.map((c) => ({ ...c, fields: { status: 'ended' } })),
    };
    // The clock stands still while typing: only the test's pause saves, not a slow keystroke.
    stopClock();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await retype(user, rent, '1300');
    await advanceClock(SAVE_DELAY_MS);
    expect(await screen.findByText(/This draft was changed elsewhere/)).toBeTruthy();
    const status = screen.getByLabelText<HTMLSelectElement>(/^Status/);
    await waitFor(() => expect(status.options[status.selectedIndex]?.textContent).toBe('ended'));
    expect(screen.getByLabelText<HTMLInputElement>(/^Monthly rent/).value).toBe('1200');
  });
});
