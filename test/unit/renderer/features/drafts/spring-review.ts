// The draft the editor's sequence and store tests start from, as main holds it: "Spring review", two
// lease rent updates with nothing suggested yet (rents 1,200 and 900), at revision 7.
import type { DraftChange, DraftDetail } from '../../../../../src/shared/drafts';

export const now = '2026-03-01T10:00:00.000Z';

export function leaseChange(id: string, rent: number): DraftChange {
  return {
    id,
    operation: 'update',
    resourceType: 'lease',
    resourceId: `lease_${id}`,
    fields: {},
    snapshot: {
      id: `lease_${id}`,
      unit_id: 'u1',
      tenant_id: 't1',
      start_date: '2025-01-01',
      end_date: '2026-01-01',
      monthly_rent: rent,
      status: 'active',
      created_at: now,
    },
    updatedAt: now,
  };
}

export function springReview(): DraftDetail {
  return {
    id: 'd1',
    label: 'Spring review',
    state: 'editing',
    changeCount: 2,
    maxChanges: 200,
    createdAt: now,
    updatedAt: now,
    revision: 7,
    valid: true,
    problemCount: 0,
    reviewGroup: null,
    submission: null,
    changes: [leaseChange('c1', 1200), leaseChange('c2', 900)],
    problems: [],
    rejection: null,
  };
}
