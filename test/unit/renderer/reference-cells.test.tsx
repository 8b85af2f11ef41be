// @vitest-environment happy-dom
// A collection list and its details panel name the records a row refers to: a lease's unit and tenant
// by their labels (IDs on hover), asked for in one call for the rows in view; a reference to a record
// that is gone shows its ID with "(not found)".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { vi } from 'vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabelRef } from '../../../src/shared/label-refs';
import { CollectionView } from '../../../src/renderer/src/features/collections/collection-view';
import { domRoot } from './dom-root';
import { labelAnswers } from './label-answers';
import { stubBridge } from './bridge-stub';
import type { DomRoot } from './dom-root';

Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const leases = Array.from({ length: 30 }, (_, i) => ({
  id: `lease_${i}`,
  unit_id: i === 29 ? 'unit_gone' : `unit_${i % 3}`,
  tenant_id: `tenant_${i}`,
  monthly_rent: 1000 + i,
  status: 'active',
}));
const NAMES: Record<string, string> = {
  'units/unit_0': 'Cedar Commons · 1A',
  'units/unit_1': 'Cedar Commons · 1B',
  'units/unit_2': 'Maple Court · 3C',
};
for (let i = 0; i < 30; i++) NAMES[`tenants/tenant_${i}`] = `Tenant Number${i}`;

let resolve: ReturnType<typeof vi.fn>;
let dom: DomRoot;

beforeEach(() => {
  resolve = labelAnswers(NAMES);
  stubBridge({
    labels: { resolve },
    collections: {
      list: async () => ({ ok: true, data: { data: leases, nextCursor: null, hasMore: false } }),
      get: async ({ id }: { id: string }) => ({
        ok: true,
        data: { record: leases.find((l) => l.id === id) },
      }),
    },
  });
  dom = domRoot();
});

afterEach(() => dom.dispose());

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => new Promise((r) => setTimeout(r, 5)));
}

async function render(recordId?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    dom.root.render(
      <QueryClientProvider client={client}>
        <CollectionView collection="leases" query={{}} {...(recordId ? { recordId } : {})} />
      </QueryClientProvider>,
    ),
  );
  await settle();
}

function column(name: string): HTMLElement[] {
  const heads = [...dom.container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
  const at = heads.indexOf(name);
  expect(at).toBeGreaterThanOrEqual(0);
  return [...dom.container.querySelectorAll('.vgrid-body [role="row"]:not([hidden])')]
    .map((row) => row.querySelectorAll<HTMLElement>('[role="gridcell"]')[at]!)
    .sort(
      (a, b) =>
        Number(a.parentElement!.getAttribute('aria-rowindex')) -
        Number(b.parentElement!.getAttribute('aria-rowindex')),
    );
}

describe('references in a collection list', () => {
  it('shows each row’s unit and tenant by name, with the ID on hover, from one call', async () => {
    await render();
    const units = column('Unit');
    expect(units[0]!.textContent).toBe('Cedar Commons · 1A');
    expect(units[0]!.title).toBe('unit_0');
    expect(units[2]!.textContent).toBe('Maple Court · 3C');
    expect(column('Tenant')[5]!.textContent).toBe('Tenant Number5');
    expect(units[29]!.textContent).toBe('unit_gone (not found)');
    expect(resolve).toHaveBeenCalledTimes(1);
    const sent = (resolve.mock.calls[0]![0] as { refs: LabelRef[] }).refs;
    // Three units, one missing, and thirty tenants: each reference once.
    expect(sent).toHaveLength(34);
  });

  it('names the references of the record in the details panel', async () => {
    await render('lease_4');
    const panel = dom.container.querySelector('aside[aria-label="Record details"]') as HTMLElement;
    const field = (label: string) =>
      [...panel.querySelectorAll('.field')].find((f) => f.querySelector('dt')?.textContent === label)!;
    expect(field('Unit').querySelector('dd')!.textContent).toBe('Cedar Commons · 1B');
    expect(field('Unit').querySelector('dd span')!.getAttribute('title')).toBe('unit_1');
    expect(field('Tenant').querySelector('dd')!.textContent).toBe('Tenant Number4');
    const related = panel.querySelector('nav[aria-label="Related records"]')!.textContent;
    expect(related).toContain('Open unit: Cedar Commons · 1B');
  });
});
