// @vitest-environment happy-dom
// The Connections screen shows each connection's currency and where it comes from, and its edit
// form sets one (or goes back to the region's) through connections.update.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../../../../src/shared/ipc';
import { ConnectionsView } from '../../../../../src/renderer/src/features/connections/connections-view';

let connections: Connection[];
let update: ReturnType<typeof vi.fn>;

beforeEach(() => {
  connections = [
    {
      id: 'demo',
      name: 'Demo organisation',
      baseUrl: 'Runs on this computer',
      webOrigin: null,
      kind: 'demo',
      hasKey: true,
      keyState: 'stored',
      currency: 'USD',
      currencySource: 'region',
    },
    {
      id: 'c2',
      name: 'Lakeside',
      baseUrl: 'https://api.lakeside.example',
      webOrigin: null,
      kind: 'remote',
      hasKey: true,
      keyState: 'stored',
      currency: 'GBP',
      currencySource: 'chosen',
    },
  ];
  update = vi.fn(async (args: { id: string; currency?: string | null }) => {
    const i = connections.findIndex((c) => c.id === args.id);
    const next: Connection = {
      ...connections[i]!,
      ...(args.currency
        ? { currency: args.currency, currencySource: 'chosen' as const }
        : { currency: 'USD', currencySource: 'region' as const }),
    };
    connections = connections.map((c, j) => (j === i ? next : c));
    return { ok: true, data: next };
  });
  (window as unknown as { propdesk: unknown }).propdesk = {
    connections: {
      list: async () => ({
        ok: true,
        data: { connections, activeId: 'demo', keychain: { persistent: true, undeleted: 0 } },
      }),
      update,
      onChanged: () => () => undefined,
    },
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConnectionsView />
    </QueryClientProvider>,
  );
});

afterEach(cleanup);

const card = (name: string) => screen.findByRole('region', { name });

/** Opens a connection's edit form and finds its currency choice. */
async function editCurrency(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(await card(name)).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: `Edit ${name}` });
  const select = within(dialog).getByLabelText<HTMLSelectElement>(/^Currency of the service’s amounts/);
  return { dialog, select };
}

/** The choice the closed select shows (happy-dom's selectedOptions goes stale, so by index). */
const shown = (select: HTMLSelectElement) => select.options[select.selectedIndex]?.textContent;

describe('connection currency on the Connections screen', () => {
  it('says which currency each connection’s amounts are in and where that comes from', async () => {
    expect(
      within(await card('Demo organisation')).getByText(
        'Amounts in US Dollar (USD), the currency of this computer’s region',
      ),
    ).toBeTruthy();
    const lakeside = await card('Lakeside');
    expect(within(lakeside).getByText('Amounts in British Pound (GBP)')).toBeTruthy();
    expect(lakeside.textContent).not.toContain('region');
  });

  it('sets a currency on the demo organisation from its edit form', async () => {
    const user = userEvent.setup();
    const { dialog, select } = await editCurrency(user, 'Demo organisation');
    expect(shown(select)).toBe('This computer’s region: US Dollar (USD)');
    await user.selectOptions(select, within(select).getByRole('option', { name: 'Euro (EUR)' }));
    expect(shown(select)).toBe('Euro (EUR)');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(update).toHaveBeenCalledWith({ id: 'demo', name: 'Demo organisation', currency: 'EUR' });
    expect(await within(await card('Demo organisation')).findByText('Amounts in Euro (EUR)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes back to the region’s currency when “this computer’s region” is chosen', async () => {
    const user = userEvent.setup();
    const { dialog, select } = await editCurrency(user, 'Lakeside');
    expect(shown(select)).toBe('British Pound (GBP)');
    await user.selectOptions(select, within(select).getByRole('option', { name: 'This computer’s region' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(update.mock.calls[0]![0]).toMatchObject({ id: 'c2', currency: null });
    expect(
      await within(await card('Lakeside')).findByText(
        'Amounts in US Dollar (USD), the currency of this computer’s region',
      ),
    ).toBeTruthy();
  });
});
