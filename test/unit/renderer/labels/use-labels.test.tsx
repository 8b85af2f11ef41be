// @vitest-environment happy-dom
// useLabels: a screenful of references is one labels.resolve call however many rows ask, answers are
// kept per reference (a second screen asks only for what it has not seen), a record the answer did
// not name reads "(not found)", and a connection switch (through the shell's bridge sync) drops the
// names it held.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { vi } from 'vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabelRef } from '../../../../src/shared/label-refs';
import { MAX_LABEL_REFS } from '../../../../src/shared/label-refs';
import { useLabels } from '../../../../src/renderer/src/labels/use-labels-api';
import { RefName } from '../../../../src/renderer/src/labels/ref-name';
import { useBridgeSync } from '../../../../src/renderer/src/shell/use-bridge-sync';
import { labelAnswers } from './label-answers';
import { readsAnswered } from '../reads-answered';

const NAMES: Readonly<Record<string, string>> = {
  'units/unit_1': 'Cedar Commons · 1B',
  'units/unit_2': 'Cedar Commons · 2A',
  'tenants/tenant_1': 'Aisha Cohen',
};

let names: Record<string, string>;
let resolve: ReturnType<typeof vi.fn>;
let switched: ((p: { activeId: string | null }) => void) | undefined;
let client: QueryClient;

beforeEach(() => {
  names = { ...NAMES };
  resolve = labelAnswers(names);
  (window as unknown as { propdesk: unknown }).propdesk = {
    labels: { resolve },
    connections: {
      onChanged: (l: (p: { activeId: string | null }) => void) => {
        switched = l;
        return () => undefined;
      },
    },
    contract: { onChanged: () => () => undefined },
    offlineCopy: { onProgress: () => () => undefined },
  };
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(cleanup);

/** One row per reference, each asking for its own label the way a careless screen would. */
function Row({ refs, at }: { refs: LabelRef[]; at: number }) {
  const lookup = useLabels([refs[at]!]);
  const ref = refs[at]!;
  return (
    <li>
      <RefName view={lookup(ref.collection, ref.id)} />
    </li>
  );
}

function Rows({ refs }: { refs: LabelRef[] }) {
  return (
    <ul>
      {refs.map((r, i) => (
        <Row key={`${r.collection}/${r.id}/${i}`} refs={refs} at={i} />
      ))}
    </ul>
  );
}

function Screen({ refs }: { refs: LabelRef[] }) {
  const lookup = useLabels(refs);
  return (
    <ul>
      {refs.map((r, i) => (
        <li key={i}>
          <RefName view={lookup(r.collection, r.id)} />
        </li>
      ))}
    </ul>
  );
}

/** The shell's one listener for main's events, as mounted by the app. */
function Synced({ children }: { children: ReactNode }) {
  useBridgeSync();
  return children;
}

function Provided({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const show = (node: ReactNode) => render(node, { wrapper: Provided });

/** Each row's reference as shown: its text, and its title on hover. */
const cells = () => screen.getAllByRole('listitem').map((item) => item.firstElementChild as HTMLElement);
const texts = () => cells().map((c) => c.textContent);

/** The references of each labels.resolve call, in order. */
const sent = () => resolve.mock.calls.map((c) => (c[0] as { refs: LabelRef[] }).refs);

describe('useLabels', () => {
  const refs: LabelRef[] = [
    { collection: 'units', id: 'unit_1' },
    { collection: 'tenants', id: 'tenant_1' },
    { collection: 'units', id: 'unit_1' },
    { collection: 'units', id: 'unit_2' },
  ];

  it('sends every row’s references of one render in one call, each reference once', async () => {
    show(<Rows refs={refs} />);
    await screen.findByText('Aisha Cohen');
    await readsAnswered(client);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(
      sent()[0]!
        .map((r) => `${r.collection}/${r.id}`)
        .sort(),
    ).toEqual(['tenants/tenant_1', 'units/unit_1', 'units/unit_2']);
    expect(texts()).toEqual([
      'Cedar Commons · 1B',
      'Aisha Cohen',
      'Cedar Commons · 1B',
      'Cedar Commons · 2A',
    ]);
    expect(cells()[0]!.title).toBe('unit_1');
  });

  it('shows the ID muted while the name loads, never an empty cell', async () => {
    let answer: (v: unknown) => void = () => undefined;
    resolve.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    show(<Screen refs={[{ collection: 'units', id: 'unit_1' }]} />);
    await waitFor(() => expect(resolve).toHaveBeenCalledTimes(1));
    expect(texts()).toEqual(['unit_1']);
    expect(cells()[0]!.className).toContain('muted');
    await act(async () =>
      answer({ ok: true, data: { labels: { 'units/unit_1': 'Cedar Commons · 1B' }, source: 'copy' } }),
    );
    const named = await screen.findByText('Cedar Commons · 1B');
    expect(named.className).not.toContain('muted');
  });

  it('marks a record the answer does not name as not found, and one whose kind could not be read as unread', async () => {
    const { rerender } = show(<Screen refs={[{ collection: 'units', id: 'unit_gone' }]} />);
    expect(await screen.findByText('unit_gone (not found)')).toBeTruthy();
    resolve.mockImplementationOnce(async () => ({
      ok: true,
      data: { labels: {}, source: 'service', problems: ['Names of tenants could not be read: not allowed.'] },
    }));
    rerender(<Screen refs={[{ collection: 'tenants', id: 'tenant_9' }]} />);
    await waitFor(() => expect(cells()[0]!.title).toContain('not allowed'));
    expect(texts()).toEqual(['tenant_9']);
  });

  it('does not send an ID no record can have, so the rest of the screen is still named', async () => {
    show(
      <Screen
        refs={[
          { collection: 'units', id: 'not an id!' },
          { collection: 'units', id: 'unit_1' },
        ]}
      />,
    );
    await screen.findByText('Cedar Commons · 1B');
    expect(texts()).toEqual(['not an id! (not found)', 'Cedar Commons · 1B']);
    expect(sent()).toEqual([[{ collection: 'units', id: 'unit_1' }]]);
  });

  it('asks a later screen only for references it has not seen', async () => {
    const { rerender } = renderHook((shown: LabelRef[]) => useLabels(shown), {
      initialProps: refs.slice(0, 2),
      wrapper: Provided,
    });
    await readsAnswered(client);
    rerender(refs);
    await readsAnswered(client);
    expect(resolve).toHaveBeenCalledTimes(2);
    expect(sent()[1]).toEqual([{ collection: 'units', id: 'unit_2' }]);
  });

  it('splits a screen of more references than one call may carry', async () => {
    const many: LabelRef[] = Array.from({ length: MAX_LABEL_REFS + 20 }, (_, i) => ({
      collection: 'leases',
      id: `lease_${i}`,
    }));
    renderHook(() => useLabels(many), { wrapper: Provided });
    await readsAnswered(client);
    expect(sent().map((r) => r.length)).toEqual([MAX_LABEL_REFS, 20]);
  });

  it('forgets the names of one connection when another becomes active', async () => {
    show(
      <Synced>
        <Screen refs={refs.slice(0, 1)} />
      </Synced>,
    );
    await screen.findByText('Cedar Commons · 1B');
    names['units/unit_1'] = 'Harbor View · 1B';
    act(() => switched?.({ activeId: 'other' }));
    await screen.findByText('Harbor View · 1B');
    await readsAnswered(client);
    expect(resolve).toHaveBeenCalledTimes(2);
  });
});
