// @vitest-environment happy-dom
// The draft editor against a fake bridge holding one draft: forms generated from a contract
// fixture, inline validation, debounced saves that send only changed fields with the revision last
// seen, main's problems shown by the field, and a reload when someone else's edit wins.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import acmeJson from '../../fixtures/contracts/acme-openapi-3.1.json?raw';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftDetail } from '../../../src/shared/drafts';
import { DraftEditor } from '../../../src/renderer/src/features/drafts/draft-editor';
import { domRoot } from './dom-root';
import { oneConnection } from './one-connection';
import type { DomRoot } from './dom-root';

const doc = JSON.parse(acmeJson) as unknown;
const snapshot = {
  id: 'lease_1',
  lease_number: 'L-1042',
  unit_id: 'u1',
  tenant_id: 't1',
  start_date: '2025-01-01',
  end_date: '2026-01-01',
  monthly_rent: 1200,
  status: 'active',
};

function baseDraft(): DraftDetail {
  const now = new Date().toISOString();
  return {
    id: 'd1',
    label: 'Spring review',
    state: 'editing',
    changeCount: 1,
    maxChanges: 200,
    createdAt: now,
    updatedAt: now,
    revision: 3,
    valid: false,
    problemCount: 1,
    reviewGroup: null,
    submission: null,
    changes: [
      {
        id: 'c1',
        operation: 'update',
        resourceType: 'lease',
        resourceId: 'lease_1',
        fields: {},
        snapshot,
        updatedAt: now,
      },
    ],
    problems: [{ changeId: null, path: '', message: 'An identical change is already pending in batch b_9' }],
    rejection: null,
  };
}

let draft: DraftDetail;
let putChange: ReturnType<typeof vi.fn>;
let dom: DomRoot;
let root: Root;
let container: HTMLDivElement;

beforeEach(() => {
  draft = baseDraft();
  putChange = vi.fn(
    async ({
      change,
      revision,
    }: {
      change: { id: string; fields: Record<string, unknown> };
      revision?: number;
    }) => {
      if (revision !== draft.revision) {
        return { ok: false, error: { code: 'draft_changed', message: 'The draft changed' } };
      }
      draft = {
        ...draft,
        revision: draft.revision + 1,
        changes: draft.changes.map((c) => (c.id === change.id ? { ...c, fields: change.fields } : c)),
      };
      return { ok: true, data: draft };
    },
  );
  (window as unknown as { propdesk: unknown }).propdesk = {
    drafts: {
      get: async () => ({ ok: true, data: draft }),
      putChange,
      removeChange: async () => ({ ok: true, data: { ...draft, changes: [] } }),
      onChanged: () => () => undefined,
    },
    contract: {
      get: async () => ({
        ok: true,
        data: { doc, hash: 'h', fetchedAt: new Date().toISOString(), source: 'cache' },
      }),
    },
    connectivity: { status: async () => ({ ok: true, data: { online: false, since: '' } }) },
    // The plan's amounts are in the active connection's currency.
    connections: {
      list: oneConnection('USD'),
    },
  };
  dom = domRoot();
  ({ root, container } = dom);
});

afterEach(() => dom.dispose());

async function settle(ms = 20) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <DraftEditor id="d1" />
      </QueryClientProvider>,
    ),
  );
  for (let i = 0; i < 20 && !container.querySelector('input'); i++) await settle();
}

function input(label: RegExp): HTMLInputElement {
  const l = [...container.querySelectorAll('label')].find((x) => label.test(x.textContent ?? ''));
  if (!l) throw new Error(`no label ${label}`);
  return container.querySelector(`#${CSS.escape(l.htmlFor)}`) as HTMLInputElement;
}

function type(el: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('draft editor', () => {
  it('shows the plan, the current values and batch problems from main', async () => {
    await render();
    expect(container.querySelector('h1')?.textContent).toBe('Spring review');
    expect(container.textContent).toContain('1 of 200 changes');
    expect(container.querySelector('.plan-text')?.textContent).toBe('1 lease update');
    expect(container.textContent).toContain('Lease L-1042');
    expect(input(/^Monthly rent/).value).toBe('1200');
    expect(container.textContent).toContain('An identical change is already pending in batch b_9');
  });

  it('saves edits after a pause, sending only fields that differ, with the revision last seen', async () => {
    await render();
    const rent = input(/^Monthly rent/);
    type(rent, '126');
    type(rent, '1260');
    expect(putChange).not.toHaveBeenCalled();
    await settle(450);
    expect(putChange).toHaveBeenCalledTimes(1);
    expect(putChange.mock.calls[0]![0]).toMatchObject({
      draftId: 'd1',
      revision: 3,
      change: {
        id: 'c1',
        operation: 'update',
        resourceId: 'lease_1',
        fields: { monthly_rent: 1260 },
        snapshot,
      },
    });
    expect(container.querySelector('.plan-text')?.textContent).toMatch(
      /^1 lease update — monthly rent \+\$60\.00 in total$/,
    );

    // Back to the current value: the field is dropped from the change.
    type(input(/^Monthly rent/), '1200');
    await settle(450);
    expect(putChange.mock.calls[1]![0]).toMatchObject({ revision: 4, change: { fields: {} } });
  });

  it('validates as the user types with the contract’s validators', async () => {
    await render();
    type(input(/^Monthly rent/), '-5');
    const note = container.querySelector('.field-error');
    expect(note?.textContent).toBe('Monthly rent must be more than 0');
    expect(input(/^Monthly rent/).getAttribute('aria-invalid')).toBe('true');
  });

  it('reloads and says so when the draft changed elsewhere', async () => {
    await render();
    draft = {
      ...draft,
      revision: 9,
      changes: draft.changes.map((c) => ({ ...c, fields: { status: 'ended' } })),
    };
    type(input(/^Monthly rent/), '1300');
    await settle(500);
    expect(container.textContent).toContain('This draft was changed elsewhere');
    for (let i = 0; i < 10 && input(/^Status/).value === '0'; i++) await settle();
    const status = input(/^Status/) as unknown as HTMLSelectElement;
    expect(status.options[status.selectedIndex]?.textContent).toBe('ended');
    expect(input(/^Monthly rent/).value).toBe('1200');
  });
});
