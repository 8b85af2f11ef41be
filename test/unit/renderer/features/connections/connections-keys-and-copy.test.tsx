// @vitest-environment happy-dom
// The Connections screen says where each key is as it is (stored, held until quit because the
// keychain refused, lost after a refusal, unreadable now) and what the keychain refused, and the form
// for a new connection asks whether to keep an offline copy before the first one is made (yes unless
// the box is cleared).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../../../../src/shared/ipc';
import { ConnectionsView } from '../../../../../src/renderer/src/features/connections/connections-view';

let add: ReturnType<typeof vi.fn>;

const remote = (id: string, name: string, keyState: Connection['keyState']): Connection => ({
  id,
  name,
  baseUrl: `https://${id}.example`,
  webOrigin: null,
  kind: 'remote',
  hasKey: keyState === 'stored' || keyState === 'session',
  keyState,
  currency: 'USD',
  currencySource: 'region',
});

beforeEach(() => {
  const connections = [
    remote('a', 'Stored', 'stored'),
    remote('b', 'Held', 'session'),
    remote('c', 'Lost', 'lost'),
    remote('d', 'Locked', 'unavailable'),
  ];
  add = vi.fn(async (args: { name: string }) => ({ ok: true, data: remote('e', args.name, 'stored') }));
  (window as unknown as { propdesk: unknown }).propdesk = {
    connections: {
      list: async () => ({
        ok: true,
        data: {
          connections,
          activeId: 'a',
          keychain: {
            persistent: false,
            problem: 'PropDesk couldn’t use this computer’s keychain.',
            undeleted: 1,
          },
        },
      }),
      add,
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

describe('keys and the offline copy on the Connections screen', () => {
  it('says where each key is, and what the keychain refused', async () => {
    const line = async (name: string) => (await screen.findByRole('region', { name })).textContent;
    expect(await line('Stored')).toContain('API key stored in the system keychain');
    expect(await line('Held')).toContain('API key used until you quit: the keychain refused to store it.');
    expect(await line('Lost')).toContain('it was not kept after PropDesk quit. Enter it again under Edit.');
    expect(await line('Locked')).toContain('which cannot be read now: unlock it');
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('The keychain refused; some keys are kept until you quit.');
    expect(banner.textContent).not.toContain('session only');
  });

  it('asks before the first copy whether to keep one, yes unless the box is cleared', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a connection' });
    const keep = within(dialog).getByRole('checkbox', { name: /Keep an offline copy of its records/ });
    expect((keep as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), 'Private office');
    await user.clear(within(dialog).getByLabelText('Service address'));
    await user.type(within(dialog).getByLabelText('Service address'), 'https://pm.example.com');
    await user.type(within(dialog).getByLabelText(/^API key/), 'pdk_PrivateOfficeKey0000');
    await user.click(keep);
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    expect(add).toHaveBeenCalledWith(expect.objectContaining({ name: 'Private office', keepCopy: false }));
  });
});
