// @vitest-environment happy-dom
// The keys a keyboard user relies on: `?` opens the sheet of every shortcut (but is just text in a
// field), and Ctrl-Enter opens "Review and submit" on a draft, then submits in that dialog, after
// which the focus is on the message that says where the submission stands.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import acmeJson from '../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import type { DraftDetail } from '../../../../../src/shared/drafts';
import { DraftEditor } from '../../../../../src/renderer/src/features/drafts/editor/draft-editor';
import { ShortcutSheet } from '../../../../../src/renderer/src/features/shortcuts/shortcut-sheet';
import { oneConnection } from '../drafts/one-connection';

afterEach(cleanup);

describe('the shortcut sheet', () => {
  it('opens on ? and lists the palette, the list keys and Ctrl-Enter; Escape returns the focus', async () => {
    render(
      <>
        <button type="button">Reload</button>
        <ShortcutSheet />
      </>,
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Reload' }).focus();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rowOf = (what: string) => within(sheet).getByText(what).closest('div')!.textContent;
    expect(rowOf('Search everything, or go to a collection or view')).toContain('Ctrl+K');
    expect(rowOf('Next record')).toContain('↓');
    expect(rowOf('Next record')).toContain('J');
    expect(rowOf('Close the details')).toContain('Esc');
    expect(rowOf('Review and submit the draft; in that dialog, submit')).toContain('Ctrl+Enter');
    expect(rowOf('Back')).toContain('Alt');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reload' })));
  });

  it('leaves ? alone while the user is typing in a field', async () => {
    render(
      <>
        <input aria-label="Note" />
        <ShortcutSheet />
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'why?');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('why?');
  });
});

function fakeBridge() {
  const now = new Date().toISOString();
  let draft: DraftDetail = {
    id: 'd1',
    label: 'Spring review',
    state: 'editing',
    changeCount: 1,
    maxChanges: 200,
    createdAt: now,
    updatedAt: now,
    revision: 3,
    valid: true,
    problemCount: 0,
    reviewGroup: null,
    submission: null,
    changes: [
      {
        id: 'c1',
        operation: 'update',
        resourceType: 'lease',
        resourceId: 'lease_1',
        fields: { monthly_rent: 1300 },
        snapshot: { id: 'lease_1', lease_number: 'L-1042', monthly_rent: 1200, status: 'active' },
        updatedAt: now,
      },
    ],
    problems: [],
    rejection: null,
  };
  const submit = vi.fn(async ({ revision }: { revision: number }) => {
    expect(revision).toBe(3);
    draft = {
      ...draft,
      state: 'submitting',
      revision: 4,
      submission: {
        id: 's1',
        state: 'queued',
        attempts: 0,
        createdAt: now,
        updatedAt: now,
        lastError: null,
        nextAttemptAt: null,
        batchId: null,
        message: null,
        held: null,
      },
    };
    return { ok: true, data: draft };
  });
  (window as unknown as { propdesk: unknown }).propdesk = {
    drafts: {
      get: async () => ({ ok: true, data: draft }),
      preflight: async () => ({ ok: true, data: { draft, stale: [], unchecked: 0 } }),
      submit,
      onChanged: () => () => undefined,
    },
    labels: { get: async () => ({ ok: true, data: [] }) },
    contract: {
      get: async () => ({
        ok: true,
        data: { doc: JSON.parse(acmeJson) as unknown, hash: 'h', fetchedAt: now, source: 'cache' },
      }),
    },
    connectivity: { status: async () => ({ ok: true, data: { online: true, since: '' } }) },
    connections: {
      list: oneConnection('USD'),
    },
  };
  return { submit };
}

describe('Ctrl-Enter on a draft', () => {
  it('opens "Review and submit", submits there, and puts the focus on the submission’s status', async () => {
    const { submit } = fakeBridge();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <main>
          <DraftEditor id="d1" sentNote={() => null} />
        </main>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Spring review', level: 1 });
    await screen.findAllByLabelText(/Monthly rent/);
    const user = userEvent.setup();
    await user.keyboard('{Control>}{Enter}{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Submit “Spring review” as suggestions?' });
    const send = await within(dialog).findByRole('button', { name: 'Submit 1 suggestion' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    expect(submit).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Waiting to send' })),
    );
  });
});
