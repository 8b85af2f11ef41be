// @vitest-environment happy-dom
// Main's push events reach the cache through one rule each: a connection switch shows the new
// connection after reading each list from main once, a settled submission updates the outbox count,
// and a connectivity change shows at once without asking main again.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  render,
  screen,
  waitFor,
  waitForElementToBeRemoved,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, EventName } from '../../../../src/shared/ipc';
import { formatMoment } from '../../../../src/shared/date-style';
import { StatusBar } from '../../../../src/renderer/src/shell/status-bar';
import { useBridgeSync } from '../../../../src/renderer/src/shell/use-bridge-sync';
import { readsAnswered } from '../reads-answered';

function connection(id: string, name: string): Connection {
  return {
    id,
    name,
    baseUrl: `https://${id}.example`,
    webOrigin: null,
    kind: 'remote',
    hasKey: true,
    keyState: 'stored',
    currency: 'USD',
    currencySource: 'region',
  };
}

let activeId: string;
let submitting: number;
let calls: Record<string, number>;
let listeners: Map<string, Set<(payload: unknown) => void>>;
let client: QueryClient;
/** What the window asked main to try now. */
let tried: unknown[];

const counted =
  <T,>(name: string, answer: () => T) =>
  async () => {
    calls[name] = (calls[name] ?? 0) + 1;
    return { ok: true, data: answer() };
  };

function on(event: EventName) {
  return (listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };
}

function emit(event: EventName, payload: unknown) {
  for (const listener of listeners.get(event) ?? []) listener(payload);
}

beforeEach(() => {
  activeId = 'a';
  submitting = 1;
  calls = {};
  tried = [];
  listeners = new Map();
  (window as unknown as { propdesk: unknown }).propdesk = {
    connections: {
      list: counted('connections.list', () => ({
        connections: [connection('a', 'Harbor'), connection('b', 'Acme')],
        activeId,
        keychain: { persistent: true, undeleted: 0 },
      })),
      onChanged: on('connections.changed'),
    },
    connectivity: {
      status: counted('connectivity.status', () => ({ online: true, computerOnline: true, since: '' })),
      pace: counted('connectivity.pace', () => ({
        connectionId: activeId,
        slowedDown: false,
        requestsPerSecond: null,
        waitingUntil: null,
        holds: [],
      })),
      tryNow: async (args: unknown) => {
        tried.push(args);
        return {
          ok: true,
          data: {
            connectionId: activeId,
            slowedDown: false,
            requestsPerSecond: null,
            waitingUntil: null,
            holds: [],
          },
        };
      },
      onChanged: on('connectivity.changed'),
      onPace: on('connectivity.pace'),
    },
    drafts: {
      list: counted('drafts.list', () => ({
        drafts: Array.from({ length: submitting }, (_, i) => ({ id: `d${i}`, state: 'submitting' })),
      })),
      onChanged: on('drafts.changed'),
    },
    outbox: { onChanged: on('outbox.changed') },
    suggestions: { onChanged: on('suggestions.changed') },
    offlineCopy: {
      status: counted('offlineCopy.status', () => ({
        connectionId: activeId,
        keepCopy: true,
        state: 'idle',
        current: null,
        progress: 0,
        fetched: 0,
        message: null,
        notes: [],
        collections: [],
      })),
      onProgress: on('offlineCopy.progress'),
    },
  };
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Shell />
    </QueryClientProvider>,
  );
});

afterEach(cleanup);

function Shell() {
  useBridgeSync();
  return <StatusBar />;
}

const bar = () => screen.getByRole('contentinfo', { name: 'Status' });

describe('bridge sync', () => {
  it('a connection switch shows the new connection, reading each list from main once', async () => {
    await within(bar()).findByText('Connected to Harbor');
    await readsAnswered(client);
    const before = { ...calls };
    activeId = 'b';
    act(() => emit('connections.changed', { activeId: 'b' }));
    await within(bar()).findByText('Connected to Acme');
    await readsAnswered(client);
    for (const name of ['connections.list', 'connectivity.status', 'drafts.list', 'offlineCopy.status'])
      expect({ name, reads: calls[name]! - before[name]! }).toEqual({ name, reads: 1 });
  });

  it('a settled submission takes its count off the outbox', async () => {
    const waiting = await within(bar()).findByRole('link', { name: /^1 submission waiting/ });
    submitting = 0;
    act(() => emit('drafts.changed', { draftId: 'd0' }));
    await waitForElementToBeRemoved(waiting);
    expect(bar().textContent).not.toContain('submission waiting');
  });

  it('going offline shows at once, without asking main', async () => {
    await waitFor(() => expect(within(bar()).getByRole('status').textContent).toBe('Online'));
    const before = calls['connectivity.status'];
    act(() => emit('connectivity.changed', { online: false, computerOnline: false, since: '' }));
    await waitFor(() => expect(within(bar()).getByRole('status').textContent).toBe('Offline'));
    expect(calls['connectivity.status']).toBe(before);
  });

  it('says the service can’t be reached, not that the computer is offline, when only the service is down', async () => {
    await within(bar()).findByText('Connected to Harbor');
    act(() => emit('connectivity.changed', { online: false, computerOnline: true, since: '' }));
    await waitFor(() => expect(within(bar()).getByRole('status').textContent).toBe('Can’t reach Harbor'));
    expect(within(bar()).getByRole('link', { name: /1 submission waiting/ }).textContent).toContain(
      'Can’t reach Harbor',
    );
    expect(bar().textContent).not.toContain('Offline');
  });

  it('says when the service slows PropDesk down, and stops saying it when it lets go', async () => {
    await within(bar()).findByText('Connected to Harbor');
    await readsAnswered(client);
    expect(bar().textContent).not.toContain('slow down');
    const pace = (slowedDown: boolean, requestsPerSecond: number | null) =>
      act(() =>
        emit('connectivity.pace', {
          connectionId: 'a',
          slowedDown,
          requestsPerSecond,
          waitingUntil: null,
          holds: [],
        }),
      );
    pace(true, 9);
    await within(bar()).findByText(
      'The service asks PropDesk to slow down; reading at about 9 requests a second',
    );
    pace(false, null);
    await waitFor(() => expect(bar().textContent).not.toContain('slow down'));
  });

  it('a wait of more than ten minutes shows its end time, and "Try now" asks main to lift it', async () => {
    await within(bar()).findByText('Connected to Harbor');
    await readsAnswered(client);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const kind = { method: 'POST', collection: 'proposals' } as const;
    act(() =>
      emit('connectivity.pace', {
        connectionId: 'a',
        slowedDown: true,
        requestsPerSecond: null,
        waitingUntil: until,
        holds: [{ kind, until, long: true }],
      }),
    );
    const note = await within(bar()).findByText(
      /^Sending suggestions waits until .+, as the service asked\.$/,
    );
    expect(note.textContent).toContain(formatMoment(until));
    // The long wait is said once, with its time: not also as "again in 1440 minutes".
    expect(bar().textContent).not.toContain('again in');
    within(bar()).getByRole('button', { name: 'Try now' }).click();
    await waitFor(() => expect(tried).toEqual([{ kind }]));
    // Main answered that nothing is held any more: the note goes.
    await waitFor(() => expect(bar().textContent).not.toContain('waits until'));
  });
});
