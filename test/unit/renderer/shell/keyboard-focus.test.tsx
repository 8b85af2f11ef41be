// @vitest-environment happy-dom
// Where the keyboard's focus goes when the screen changes under it: the new screen's heading after a
// navigation (not on the window's first load), back to the opener when a dialog closes, the next
// control when the opener is disabled, the heading when the focused control leaves the page, and the
// palette returning the focus where it was or to the record it opened.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandPalette } from '../../../../src/renderer/src/features/palette/command-palette';
import { navigate, useRoute } from '../../../../src/renderer/src/router/use-route';
import { returnFocus } from '../../../../src/renderer/src/focus/focus-target';
import { SkipLink } from '../../../../src/renderer/src/shell/skip-link';
import { useFocusRescue } from '../../../../src/renderer/src/focus/use-focus-rescue';
import { useRouteFocus } from '../../../../src/renderer/src/focus/use-route-focus';

function Shell() {
  const route = useRoute();
  useRouteFocus(route);
  useFocusRescue();
  const title = route.view === 'collection' ? route.collection : route.view;
  return (
    <>
      <SkipLink />
      <nav aria-label="Main">
        <a href="#/drafts">Drafts</a>
      </nav>
      <main>
        <h1>Screen {title}</h1>
        {route.view === 'collection' && route.recordId ? (
          <aside aria-label="Record details">
            <h2>Details of {route.recordId}</h2>
          </aside>
        ) : null}
      </main>
      <CommandPalette />
    </>
  );
}

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Shell />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.location.hash = '#/c/properties';
  // The palette searches only once text is typed; none of these tests types a search.
  (window as unknown as { propdesk: unknown }).propdesk = {};
});
afterEach(cleanup);

describe('focus after navigation', () => {
  it('stays put on the first load, then moves to the new screen’s heading', async () => {
    renderShell();
    expect(document.activeElement).toBe(document.body);
    const user = userEvent.setup();
    await user.tab(); // the skip link
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Drafts' }));
    await user.keyboard('{Enter}');
    act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Screen drafts' })),
    );
    expect(screen.getByRole('heading', { name: 'Screen drafts' }).tabIndex).toBe(-1);
  });

  it('the skip link is the first tab stop and lands on the heading', async () => {
    renderShell();
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to content' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    // The routes live in the hash: skipping must not change the screen.
    expect(window.location.hash).toBe('#/c/properties');
  });
});

describe('the palette', () => {
  it('returns the focus where it was when closed with Escape', async () => {
    renderShell();
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Drafts' }).focus();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Go to' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Drafts' })));
  });

  it('focuses the new screen’s heading after going to a view', async () => {
    renderShell();
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Drafts' }).focus();
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Go to' });
    await user.keyboard('Suggestions{Enter}');
    act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Screen suggestions' })),
    );
  });

  it('focuses the opened record’s heading when a navigation claims it', async () => {
    renderShell();
    const { claimNavigationFocus } = await import('../../../../src/renderer/src/focus/use-route-focus');
    const { recordHeading } = await import('../../../../src/renderer/src/focus/focus-target');
    const route = { view: 'collection', collection: 'leases', recordId: 'lease_7', query: {} } as const;
    act(() => {
      claimNavigationFocus(route, recordHeading);
      navigate(route);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Details of lease_7' })),
    );
  });
});

function Opener({ disableAfter }: { disableAfter: boolean }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <main>
      <h1>Draft</h1>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button type="button" ref={setOpener} disabled={used}>
            Open it
          </button>
        </Dialog.Trigger>
        <button type="button">Next control</button>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined} onCloseAutoFocus={(e) => returnFocus(e, opener)}>
            <Dialog.Title>A dialog</Dialog.Title>
            <button type="button" onClick={() => (setUsed(disableAfter), setOpen(false))}>
              Done
            </button>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </main>
  );
}

describe('closing a dialog', () => {
  it('returns the focus to the control that opened it', async () => {
    render(<Opener disableAfter={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open it' })));
  });

  it('goes to the next control when the opener can no longer be used', async () => {
    render(<Opener disableAfter />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next control' })),
    );
  });
});

function Vanishing() {
  useFocusRescue();
  const [shown, setShown] = useState(true);
  return (
    <main>
      <h1>Waiting to send</h1>
      {shown ? (
        <button type="button" onClick={() => setShown(false)}>
          Cancel submission
        </button>
      ) : null}
    </main>
  );
}

describe('a focused control that leaves the page', () => {
  it('hands the focus to the screen’s heading, not the page body', async () => {
    render(<Vanishing />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel submission' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });
});
