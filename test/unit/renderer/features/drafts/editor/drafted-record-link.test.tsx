// @vitest-environment happy-dom
// A reference field's picker in the draft editor offers the record an earlier change of the same draft
// creates ("The new tenant this draft creates"), against the Acme contract and a fake bridge holding
// the draft: choosing it asks main to link the field to that change (in the editor's write queue, with
// the revision it stands at), and the field then says it waits for that new record. Later changes and
// changes of another type are not offered.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftChange, DraftDetail } from '../../../../../../src/shared/drafts';
import { DraftEditor } from '../../../../../../src/renderer/src/features/drafts/editor/draft-editor';
import { draftedRecordsFor } from '../../../../../../src/renderer/src/features/drafts/editor/drafted-records';
import { describeChange } from '../../../../../../src/renderer/src/features/drafts/editor/change-summary';
import { compileContract } from '../../../../../../src/shared/contract';
import { oneConnection } from '../one-connection';

const doc = JSON.parse(acmeJson) as unknown;
const now = new Date().toISOString();
const create = (id: string, resourceType: DraftChange['resourceType']): DraftChange => ({
  id,
  operation: 'create',
  resourceType,
  resourceId: null,
  fields: {},
  snapshot: null,
  updatedAt: now,
});

let draft: DraftDetail;
let link: ReturnType<typeof vi.fn>;

beforeEach(() => {
  draft = {
    id: 'd1',
    label: 'A new tenant and their lease',
    state: 'editing',
    changeCount: 2,
    maxChanges: 200,
    createdAt: now,
    updatedAt: now,
    revision: 5,
    valid: false,
    problemCount: 0,
    reviewGroup: null,
    submission: null,
    changes: [create('c_tenant', 'tenant'), create('c_lease', 'lease')],
    problems: [],
    rejection: null,
  };
  link = vi.fn(
    async (args: {
      draftId: string;
      changeId: string;
      field: string;
      sourceChangeId: string;
      revision?: number;
    }) => {
      draft = {
        ...draft,
        revision: draft.revision + 1,
        later: ['c_lease'],
        parts: { part: 1, of: 2 },
        changes: draft.changes.map((c) =>
          c.id === args.changeId
            ? {
                ...c,
                links: [
                  {
                    field: args.field,
                    sourceDraftId: 'd1',
                    sourceChangeId: args.sourceChangeId,
                    resourceType: 'tenant',
                    state: 'drafted',
                    recordId: null,
                    candidates: [],
                    batchId: null,
                    note: null,
                  },
                ],
              }
            : c,
        ),
      };
      return { ok: true, data: draft };
    },
  );
  (window as unknown as { propdesk: unknown }).propdesk = {
    drafts: {
      get: async () => ({ ok: true, data: draft }),
      link,
      onChanged: () => () => undefined,
    },
    contract: {
      get: async () => ({ ok: true, data: { doc, hash: 'h', fetchedAt: now, source: 'cache' } }),
    },
    connectivity: { status: async () => ({ ok: true, data: { online: true, since: '' } }) },
    connections: { list: oneConnection('USD') },
    collections: {
      list: async () => ({ ok: true, data: { data: [], nextCursor: null, hasMore: false, offline: null } }),
    },
    search: {
      query: async () => ({ ok: true, data: { available: false, asOf: null, notice: null, groups: [] } }),
    },
  };
});

afterEach(cleanup);

async function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DraftEditor id="d1" sentNote={() => null} />
    </QueryClientProvider>,
  );
  return screen.findAllByRole('region', { name: /^\d\./ });
}

describe('a reference field naming a record the draft creates', () => {
  it('is offered in the lease’s tenant picker, and choosing it links the field to the new tenant', async () => {
    await open();
    const leaseCard = await screen.findByRole('region', { name: /^2\./ });
    fireEvent.click(within(leaseCard).getByRole('button', { name: /^Tenant/ }));
    const offer = await screen.findByRole('option', { name: 'The new tenant this draft creates' });
    fireEvent.click(offer);
    await waitFor(() => expect(link).toHaveBeenCalledTimes(1));
    expect(link.mock.calls[0]![0]).toEqual({
      draftId: 'd1',
      changeId: 'c_lease',
      field: 'tenant_id',
      sourceChangeId: 'c_tenant',
      revision: 5,
    });
    // The field now says what it waits for, and the plan says how the draft goes.
    expect(
      await within(leaseCard).findByText(/The new tenant in this draft\. It is sent first/),
    ).toBeTruthy();
    expect(screen.getByText(/This draft goes in 2 parts/)).toBeTruthy();
  });

  it('is not offered where the draft creates no such record', async () => {
    await open();
    const leaseCard = await screen.findByRole('region', { name: /^2\./ });
    fireEvent.click(within(leaseCard).getByRole('button', { name: /^Unit/ }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('option', { name: /this draft creates/ })).toBeNull();
  });
});

describe('which records are offered', () => {
  const changes = [
    create('t1', 'tenant'),
    create('l1', 'lease'),
    create('t2', 'tenant'),
    create('m1', 'maintenance_request'),
  ];

  it('offers earlier creates of the field’s type only, numbered when there are several', () => {
    expect(draftedRecordsFor('tenant_id', changes, 1)).toEqual([
      { changeId: 't1', text: 'The new tenant this draft creates' },
    ]);
    expect(draftedRecordsFor('tenant_id', changes, 3)).toEqual([
      { changeId: 't1', text: 'The new tenant this draft creates (change 1)' },
      { changeId: 't2', text: 'The new tenant this draft creates (change 3)' },
    ]);
    expect(draftedRecordsFor('lease_id', changes, 3)).toEqual([
      { changeId: 'l1', text: 'The new lease this draft creates' },
    ]);
    // Not a reference, or nothing of its type created before it.
    expect(draftedRecordsFor('title', changes, 3)).toEqual([]);
    expect(draftedRecordsFor('unit_id', changes, 3)).toEqual([]);
    expect(draftedRecordsFor('tenant_id', changes, 0)).toEqual([]);
  });

  it('never offers an update, which creates nothing', () => {
    const update: DraftChange = { ...create('t9', 'tenant'), operation: 'update', resourceId: 'tenant_9' };
    expect(draftedRecordsFor('tenant_id', [update, create('l1', 'lease')], 1)).toEqual([]);
  });
});

describe('the confirm’s words for a change held for a drafted record', () => {
  it('says which field waits for which new record', () => {
    const lease: DraftChange = {
      ...create('l1', 'lease'),
      fields: { monthly_rent: 1450 },
      links: [
        {
          field: 'tenant_id',
          sourceDraftId: 'd1',
          sourceChangeId: 't1',
          resourceType: 'tenant',
          state: 'drafted',
          recordId: null,
          candidates: [],
          batchId: null,
          note: null,
        },
      ],
    };
    const sentence = describeChange(
      lease,
      'USD',
      (collection, id) => ({ state: 'loading', id, text: id, title: collection }),
      compileContract(doc),
    );
    expect(sentence).toMatch(/^New lease: tenant the new tenant this draft creates; monthly rent /);
  });
});
