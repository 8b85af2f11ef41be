// @vitest-environment happy-dom
// useLabels: a screenful of references is one labels.resolve call however many rows ask, answers are
// kept per reference (a second screen asks only for what it has not seen), a record the answer did
// not name reads "(not found)", and a connection switch (through the shell's bridge sync) drops the
// names it held.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { vi } from 'vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabelRef } from '../../../src/shared/label-refs';
import { MAX_LABEL_REFS } from '../../../src/shared/label-refs';
import { useLabels } from '../../../src/renderer/src/features/labels/use-labels';
import type { LabelLookup } from '../../../src/renderer/src/features/labels/label-view';
import { RefName } from '../../../src/renderer/src/features/labels/ref-name';
import { useBridgeSync } from '../../../src/renderer/src/shell/use-bridge-sync';
import { domRoot } from './dom-root';
import { labelAnswers } from './label-answers';
import type { DomRoot } from './dom-root';

const NAMES: Record<string, string> = {
  'units/unit_1': 'Cedar Commons · 1B',
  'units/unit_2': 'Cedar Commons · 2A',
  'tenants/tenant_1': 'Aisha Cohen',
};

let resolve: ReturnType<typeof vi.fn>;
let switched: ((p: { activeId: string | null }) => void) | undefined;
let dom: DomRoot;
let client: QueryClient;

beforeEach(() => {
  resolve = labelAnswers(NAMES);
  (window as unknown as { propdesk: unknown }).propdesk = {
    labels: { resolve },
    connections: {
      onChanged: (l: (p: { activeId: string | null }) => void) => {
        switched = l;
        return () => undefined;
      },
    },
    contract: { onChanged: () => () => undefined },
    sync: { onProgress: () => () => undefined },
  };
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  dom = domRoot();
});

afterEach(() => dom.dispose());

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 5)));
}

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

function Screen({ refs, onLookup }: { refs: LabelRef[]; onLookup?: (l: LabelLookup) => void }) {
  const lookup = useLabels(refs);
  onLookup?.(lookup);
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
function Synced({ children }: { children: React.ReactNode }) {
  useBridgeSync();
  return children;
}

function render(node: React.ReactNode) {
  act(() => dom.root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
}

const cells = () => [...dom.container.querySelectorAll('li span')] as HTMLElement[];

describe('useLabels', () => {
  const refs: LabelRef[] = [
    { collection: 'units', id: 'unit_1' },
    { collection: 'tenants', id: 'tenant_1' },
    { collection: 'units', id: 'unit_1' },
    { collection: 'units', id: 'unit_2' },
  ];

  it('sends every row’s references of one render in one call, each reference once', async () => {
    render(<Rows refs={refs} />);
    await settle();
    expect(resolve).toHaveBeenCalledTimes(1);
    const sent = (resolve.mock.calls[0]![0] as { refs: LabelRef[] }).refs.map(
      (r) => `${r.collection}/${r.id}`,
    );
    expect(sent.sort()).toEqual(['tenants/tenant_1', 'units/unit_1', 'units/unit_2']);
    expect(cells().map((c) => c.textContent)).toEqual([
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
    render(<Screen refs={[{ collection: 'units', id: 'unit_1' }]} />);
    await settle();
    const cell = cells()[0]!;
    expect(cell.textContent).toBe('unit_1');
    expect(cell.className).toContain('muted');
    await act(async () =>
      answer({ ok: true, data: { labels: { 'units/unit_1': 'Cedar Commons · 1B' }, source: 'copy' } }),
    );
    await settle();
    expect(cells()[0]!.textContent).toBe('Cedar Commons · 1B');
    expect(cells()[0]!.className).not.toContain('muted');
  });

  it('marks a record the answer does not name as not found, and one whose kind could not be read as unread', async () => {
    render(<Screen refs={[{ collection: 'units', id: 'unit_gone' }]} />);
    await settle();
    expect(cells()[0]!.textContent).toBe('unit_gone (not found)');
    resolve.mockImplementationOnce(async () => ({
      ok: true,
      data: { labels: {}, source: 'service', problems: ['Names of tenants could not be read: not allowed.'] },
    }));
    render(<Screen refs={[{ collection: 'tenants', id: 'tenant_9' }]} />);
    await settle();
    expect(cells()[0]!.textContent).toBe('tenant_9');
    expect(cells()[0]!.title).toContain('not allowed');
  });

  it('does not send an ID no record can have, so the rest of the screen is still named', async () => {
    render(
      <Screen
        refs={[
          { collection: 'units', id: 'not an id!' },
          { collection: 'units', id: 'unit_1' },
        ]}
      />,
    );
    await settle();
    expect(cells().map((c) => c.textContent)).toEqual(['not an id! (not found)', 'Cedar Commons · 1B']);
    expect((resolve.mock.calls[0]![0] as { refs: LabelRef[] }).refs).toEqual([
      { collection: 'units', id: 'unit_1' },
    ]);
  });

  it('asks a later screen only for references it has not seen', async () => {
    render(<Screen refs={refs.slice(0, 2)} />);
    await settle();
    render(<Screen refs={refs} />);
    await settle();
    expect(resolve).toHaveBeenCalledTimes(2);
    expect((resolve.mock.calls[1]![0] as { refs: LabelRef[] }).refs).toEqual([
      { collection: 'units', id: 'unit_2' },
    ]);
  });

  it('splits a screen of more references than one call may carry', async () => {
    const many: LabelRef[] = Array.from({ length: MAX_LABEL_REFS + 20 }, (_, i) => ({
      collection: 'leases',
      id: `lease_${i}`,
    }));
    render(<Screen refs={many} />);
    await settle();
    expect(resolve.mock.calls.map((c) => (c[0] as { refs: LabelRef[] }).refs.length)).toEqual([
      MAX_LABEL_REFS,
      20,
    ]);
  });

  it('forgets the names of one connection when another becomes active', async () => {
    render(
      <Synced>
        <Screen refs={refs.slice(0, 1)} />
      </Synced>,
    );
    await settle();
    expect(cells()[0]!.textContent).toBe('Cedar Commons · 1B');
    NAMES['units/unit_1'] = 'Harbor View · 1B';
    await act(async () => switched?.({ activeId: 'other' }));
    await settle();
    expect(resolve).toHaveBeenCalledTimes(2);
    expect(cells()[0]!.textContent).toBe('Harbor View · 1B');
    NAMES['units/unit_1'] = 'Cedar Commons · 1B';
  });
});
