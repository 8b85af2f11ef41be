// @vitest-environment happy-dom
// Both searches, reopened on the last words typed, select them, so what is typed next replaces them
// instead of being added to them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandPalette } from '../../../../../src/renderer/src/features/palette/command-palette';
import { SidebarSearch } from '../../../../../src/renderer/src/features/search/sidebar-search';

const queried: string[] = [];
beforeEach(() => {
  queried.length = 0;
  (window as unknown as { propdesk: unknown }).propdesk = {
    search: {
      query: async ({ text }: { text: string }) => {
        queried.push(text);
        return { ok: true, data: { text, hits: [], groups: [], copy: 'complete', total: 0 } };
      },
    },
  };
});
afterEach(cleanup);

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const selected = (input: HTMLInputElement) =>
  input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);

describe('a search reopened on its last words', () => {
  it('selects them in the palette, so typing replaces them', async () => {
    const user = userEvent.setup();
    wrap(<CommandPalette />);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('maple 12c');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    expect((input as HTMLInputElement).value).toBe('maple 12c');
    expect(selected(input as HTMLInputElement)).toBe('maple 12c');
    await user.keyboard('L-1279');
    expect((input as HTMLInputElement).value).toBe('L-1279');
  });

  it('selects them in the sidebar field when it is focused again', async () => {
    const user = userEvent.setup();
    wrap(
      <>
        <SidebarSearch />
        <button type="button">Elsewhere</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'Search everything' }) as HTMLInputElement;
    await user.click(input);
    await user.keyboard('fernwood');
    fireEvent.blur(input);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await user.click(input);
    expect(selected(input)).toBe('fernwood');
    await user.keyboard('cedar');
    expect(input.value).toBe('cedar');
  });
});
