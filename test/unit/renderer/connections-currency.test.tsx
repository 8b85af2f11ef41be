// @vitest-environment happy-dom
// The Connections screen shows each connection's currency and where it comes from, and its edit
// form sets one (or goes back to the region's) through connections.update.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../../src/shared/ipc';
import { ConnectionsView } from '../../../src/renderer/src/features/connections/connections-view';
import { domRoot } from './dom-root';
import type { DomRoot } from './dom-root';

let connections: Connection[];
let update: ReturnType<typeof vi.fn>;
let dom: DomRoot;

beforeEach(() => {
  connections = [
    {
      id: 'demo',
      name: 'Demo organisation',
      baseUrl: 'Runs on this computer',
      webOrigin: null,
      kind: 'demo',
      hasKey: true,
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
        data: { connections, activeId: 'demo', keychain: { persistent: true } },
      }),
      update,
      onChanged: () => () => undefined,
    },
  };
  dom = domRoot();
});

afterEach(() => dom.dispose());

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 5)));
}

function card(name: string): HTMLElement {
  return dom.container.querySelector(`section[aria-label="${name}"]`) as HTMLElement;
}

async function edit(name: string): Promise<HTMLElement> {
  const button = [...card(name).querySelectorAll('button')].find((b) => b.textContent === 'Edit')!;
  act(() => button.click());
  await settle();
  return document.querySelector('[role="dialog"]') as HTMLElement;
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('connection currency on the Connections screen', () => {
  beforeEach(async () => {
    act(() =>
      dom.root.render(
        <QueryClientProvider client={new QueryClient()}>
          <ConnectionsView />
        </QueryClientProvider>,
      ),
    );
    await settle();
  });

  it('says which currency each connection’s amounts are in and where that comes from', () => {
    expect(card('Demo organisation').textContent).toContain(
      'Amounts in US Dollar (USD), the currency of this computer’s region',
    );
    expect(card('Lakeside').textContent).toContain('Amounts in British Pound (GBP)');
    expect(card('Lakeside').textContent).not.toContain('region');
  });

  it('sets a currency on the demo organisation from its edit form', async () => {
    const dialog = await edit('Demo organisation');
    const select = dialog.querySelector('select') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.options[0]?.textContent).toBe('This computer’s region: US Dollar (USD)');
    expect([...select.options].some((o) => o.value === 'EUR' && o.textContent === 'Euro (EUR)')).toBe(true);
    choose(select, 'EUR');
    act(() => (dialog.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    await settle();
    expect(update).toHaveBeenCalledWith({ id: 'demo', name: 'Demo organisation', currency: 'EUR' });
    expect(card('Demo organisation').textContent).toContain('Amounts in Euro (EUR)');
  });

  it('goes back to the region’s currency when “this computer’s region” is chosen', async () => {
    const dialog = await edit('Lakeside');
    const select = dialog.querySelector('select') as HTMLSelectElement;
    expect(select.value).toBe('GBP');
    choose(select, '');
    act(() => (dialog.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    await settle();
    expect(update.mock.calls[0]![0]).toMatchObject({ id: 'c2', currency: null });
    expect(card('Lakeside').textContent).toContain('the currency of this computer’s region');
  });
});
