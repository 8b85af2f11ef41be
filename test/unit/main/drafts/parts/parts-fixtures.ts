// Plain changes and links of a draft (d1) for the tests of parts: every field a stored one carries,
// set to what a new, unsent draft holds unless the test says otherwise.
import type { ChangeLink, DraftChange } from '../../../../../src/shared/drafts';

export function changeOf(id: string, over: Partial<DraftChange> = {}): DraftChange {
  return {
    id,
    operation: 'create',
    resourceType: 'tenant',
    resourceId: null,
    fields: {},
    snapshot: null,
    updatedAt: '2026-11-23T00:00:00Z',
    ...over,
  };
}

/** A link of a field to the change of d1 that creates its record, not sent yet. */
export function linkTo(field: string, sourceChangeId: string, over: Partial<ChangeLink> = {}): ChangeLink {
  return {
    field,
    sourceDraftId: 'd1',
    sourceChangeId,
    resourceType: 'tenant',
    state: 'drafted',
    recordId: null,
    candidates: [],
    batchId: null,
    note: null,
    ...over,
  };
}
