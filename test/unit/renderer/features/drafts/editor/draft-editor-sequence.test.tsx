// @vitest-environment happy-dom
// Typing and then at once adding, removing or submitting: the editor's debounced save and the
// action share one revision sequence, so main never refuses either and no keystroke is lost. The
// fake bridge keeps main's rules: every write bumps the revision, and a write that names an older
// revision is refused as draft_changed. Timers are fake; nothing sleeps.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import type { DraftChange, DraftDetail } from '../../../../../../src/shared/drafts';
import { DraftEditor } from '../../../../../../src/renderer/src/features/drafts/editor/draft-editor';
import { advanceClock, restartClock, stopClock } from '../stopped-clock';
import { now, springReview } from '../spring-review';

const doc = JSON.parse(acmeJson) as unknown;

/** Main's side of the draft: one copy, a revision bumped by every write, stale writes refused. */
class FakeMain {
  draft: DraftDetail = springReview();
  refusals: string[] = [];

  private bump(changes: DraftChange[]) {
    this.draft = { ...this.draft, changes, changeCount: changes.length, revision: this.draft.revision + 1 };
    return { ok: true as const, data: this.draft };
  }

  private stale(revision: number | undefined, what: string) {
    if (revision === undefined || revision === this.draft.revision) return null;
    this.refusals.push(`${what} named revision ${revision}, main is at ${this.draft.revision}`);
    return { ok: false as const, error: { code: 'draft_changed', message: 'The draft changed' } };
  }

  bridge() {
    return {
      drafts: {
        get: async () => ({ ok: true, data: this.draft }),
        putChange: async ({
          change,
          revision,
        }: {
          change: DraftChange & { snapshot?: Record<string, unknown> | null };
          revision?: number;
        }) => {
          const refused = this.stale(revision, `putChange ${change.id}`);
          if (refused) return refused;
          const known = this.draft.changes.some((c) => c.id === change.id);
          const next: DraftChange = {
            id: change.id,
            operation: change.operation,
            resourceType: change.resourceType,
            resourceId: change.resourceId ?? null,
            fields: change.fields,
            snapshot: change.snapshot ?? null,
            updatedAt: now,
          };
          return this.bump(
            known
              ? this.draft.changes.map((c) => (c.id === change.id ? next : c))
              : [...this.draft.changes, next],
          );
        },
        removeChange: async ({ changeId }: { changeId: string }) =>
          this.bump(this.draft.changes.filter((c) => c.id !== changeId)),
        preflight: async () => ({ ok: true, data: { draft: this.draft, stale: [], unchecked: 0 } }),
        submit: async ({ revision }: { revision: number }) => {
          const refused = this.stale(revision, 'submit');
          if (refused) return refused;
          this.draft = { ...this.draft, state: 'submitting' };
          return { ok: true, data: this.draft };
        },
        onChanged: () => () => undefined,
      },
      contract: {
        get: async () => ({ ok: true, data: { doc, hash: 'h', fetchedAt: now, source: 'cache' } }),
      },
      connectivity: { status: async () => ({ ok: true, data: { online: true, since: now } }) },
    };
  }

  rentOf(changeId: string): unknown {
    return this.draft.changes.find((c) => c.id === changeId)?.fields.monthly_rent;
  }
}

let main: FakeMain;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  stopClock();
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  main = new FakeMain();
  (window as unknown as { propdesk: unknown }).propdesk = main.bridge();
});

afterEach(() => {
  cleanup();
  restartClock();
});

/** Each change's card, by its numbered heading ("1. …"). */
const cards = () => screen.queryAllByRole('region', { name: /^\d+\. / });

async function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DraftEditor id="d1" sentNote={() => null} />
    </QueryClientProvider>,
  );
  expect(await screen.findAllByRole('region', { name: /^\d+\. / })).toHaveLength(2);
}

const rentInput = (card: number) => within(cards()[card]!).getByLabelText<HTMLInputElement>(/^Monthly rent/);

/** Replaces the rent in a change's card, one keystroke at a time and with no pause after. */
async function typeRent(card: number, text: string) {
  await user.clear(rentInput(card));
  await user.type(rentInput(card), text);
}

const alerts = () =>
  screen
    .queryAllByRole('alert')
    .map((a) => a.textContent ?? '')
    .join(' ');

/** "Add change" → "Suggest a new record" → "Add change", at once, as fast as a person clicks. */
async function addNewRecord() {
  await user.click(screen.getByRole('button', { name: 'Add change' }));
  await advanceClock();
  const dialog = screen.getByRole('dialog', { name: 'Add a change' });
  await user.click(within(dialog).getByRole('radio', { name: /new record/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Add change' }));
  await advanceClock(50);
}

describe('typing, then at once', () => {
  it('adding a change: both the typed rent and the new change are kept, nothing refused', async () => {
    await open();
    await typeRent(0, '1275');
    await addNewRecord();

    expect(main.refusals).toEqual([]);
    expect(alerts()).not.toMatch(/changed elsewhere|draft changed/i);
    expect(main.rentOf('c1')).toBe(1275);
    expect(main.draft.changes).toHaveLength(3);
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();

    // And the next edit after the add is not refused either.
    await typeRent(1, '950');
    await advanceClock(400);
    expect(main.refusals).toEqual([]);
    expect(main.rentOf('c2')).toBe(950);
  });

  it('removing another change: the typed rent is kept, the removal happens, later edits still save', async () => {
    await open();
    await typeRent(0, '1310');
    await user.click(screen.getByRole('button', { name: /^Remove change 2/ }));
    // The user keeps typing while the removal is on its way to main.
    await typeRent(0, '1320');
    await advanceClock(50);

    expect(main.refusals).toEqual([]);
    expect(main.draft.changes.map((c) => c.id)).toEqual(['c1']);
    expect(cards()).toHaveLength(1);
    await advanceClock(400);
    expect(main.refusals).toEqual([]);
    expect(main.rentOf('c1')).toBe(1320);
    expect(alerts()).not.toMatch(/changed elsewhere|not removed|not saved/i);
  });

  it('submitting: the typed rent is what gets submitted, and the submission is accepted', async () => {
    await open();
    await typeRent(1, '990');
    await user.click(screen.getByRole('button', { name: /^Review and submit/ }));
    await advanceClock(50);
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: /^Submit 2 suggestions/ });
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    await advanceClock(50);

    expect(main.refusals).toEqual([]);
    expect(main.draft.state).toBe('submitting');
    expect(main.rentOf('c2')).toBe(990);
    expect(alerts()).not.toMatch(/changed while you were reviewing|changed elsewhere/i);
  });

  it('typing in two changes and adding at once keeps both edits', async () => {
    await open();
    await typeRent(0, '1201');
    await typeRent(1, '901');
    await addNewRecord();
    expect(main.refusals).toEqual([]);
    expect([main.rentOf('c1'), main.rentOf('c2'), main.draft.changes.length]).toEqual([1201, 901, 3]);
  });
});
