// A part's plan keeps the keys the plan column has had since schema version 10 ({sent, held, group,
// label, heldLabel}), so a part queued by an earlier PropDesk and sent after an update still goes on
// as its next part: its later changes move to a draft of their own, labelled as that part. A real
// SQLite file; the service's answer is written as the outbox stores one.
import { afterEach, describe, expect, it } from 'vitest';
import type { SuggestionResponse } from '../../../../src/shared/service';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

const tenant = {
  operation: 'create' as const,
  resourceType: 'tenant' as const,
  fields: { name: 'Ana Lopez' },
};
const lease = { operation: 'create' as const, resourceType: 'lease' as const, fields: { unit_id: 'u1' } };

const answer = (proposalIds: string[]): SuggestionResponse => ({
  batchId: 'b1',
  status: 'proposed',
  message: 'Recorded as suggestions.',
  reviewUrl: 'http://x.test/review/b1',
  proposals: proposalIds.map((id) => ({
    id,
    operation: 'create',
    resourceType: 'tenant',
    summary: 'New tenant',
    status: 'proposed',
    flags: [],
    expiresAt: '2026-12-30T00:00:00Z',
  })),
});

describe('the plan of a part, as stored', () => {
  let t: TempStore;
  afterEach(() => t.close());

  it('is written with the keys earlier versions read', () => {
    t = tempStore('stored-plan');
    const { store } = t;
    const draftId = store.drafts.create('c1', 'Move-in', [
      { id: 'tenant', ...tenant },
      { id: 'lease', ...lease },
    ]);
    const plan = {
      sent: ['tenant'],
      later: ['lease'],
      group: { id: draftId, part: 1, parts: 2 },
      label: 'Move-in — part 1 of 2',
      nextLabel: 'Move-in — part 2 of 2',
    };
    const id = store.outbox.enqueue('c1', draftId, 0, '{}', { plan, created: [] });
    const raw = store.db.prepare('SELECT plan FROM submissions WHERE id = ?').pluck().get(id) as string;
    expect(JSON.parse(raw)).toEqual({
      sent: ['tenant'],
      held: ['lease'],
      group: { id: draftId, part: 1, parts: 2 },
      label: 'Move-in — part 1 of 2',
      heldLabel: 'Move-in — part 2 of 2',
    });
    expect(store.outbox.pending('c1')[0]?.plan).toEqual(plan);
  });

  it('queued by an earlier version, goes on as its next part once the service records it', () => {
    t = tempStore('earlier-plan');
    const { store } = t;
    const draftId = store.drafts.create('c1', 'Move-in', [
      { id: 'tenant', ...tenant },
      { id: 'lease', ...lease },
    ]);
    const id = store.outbox.enqueue('c1', draftId, 0, '{}');
    // The plan as the released version wrote it.
    const earlier = {
      sent: ['tenant'],
      held: ['lease'],
      group: { id: draftId, part: 1, parts: 2 },
      label: 'Move-in — part 1 of 2',
      heldLabel: 'Move-in — part 2 of 2',
    };
    store.db.prepare('UPDATE submissions SET plan = ? WHERE id = ?').run(JSON.stringify(earlier), id);

    const next = store.outbox.recordSent(id, answer(['p1']), earlier.label, [
      { resourceId: null, fields: {} },
    ]);
    expect(next).not.toBeNull();
    const drafts = store.drafts.list('c1');
    expect(drafts.find((d) => d.id === draftId)).toMatchObject({
      label: 'Move-in — part 1 of 2',
      state: 'submitted',
      reviewGroup: { id: draftId, part: 1, parts: 2 },
    });
    expect(drafts.find((d) => d.id === next)).toMatchObject({
      label: 'Move-in — part 2 of 2',
      state: 'editing',
      reviewGroup: { id: draftId, part: 2, parts: 2 },
    });
    expect(store.drafts.changes(next!).map((c) => c.id)).toEqual(['lease']);
    expect(store.drafts.changes(draftId).map((c) => c.id)).toEqual(['tenant']);
  });
});
