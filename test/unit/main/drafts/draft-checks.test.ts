// Main's checks of a draft against a contract whose fields differ from the sandbox's (a "Harbor"
// service that calls leases agreements with rent_pcm), so nothing about field names is built in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRequest, checkDraft } from '../../../../src/main/drafts/draft-checks';
import { compileContract } from '../../../../src/shared/contract';
import type { DraftChange } from '../../../../src/shared/drafts';

const harbor = compileContract(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../fixtures/contracts/harbor-openapi-3.0.json'), 'utf8'),
  ),
);

let n = 0;
const change = (
  c: Partial<DraftChange> & Pick<DraftChange, 'operation' | 'resourceType' | 'fields'>,
): DraftChange => ({
  id: `c${++n}`,
  resourceId: null,
  snapshot: null,
  updatedAt: '2026-11-23T00:00:00Z',
  ...c,
});

describe('draft checks against a contract of other field names', () => {
  it('accepts the contract’s own fields and points at unknown ones by change and field', () => {
    const good = change({
      operation: 'create',
      resourceType: 'unit',
      fields: { building_id: 'b1', unit_code: '4A', sqft: 700 },
    });
    const sandboxNames = change({
      operation: 'update',
      resourceType: 'lease',
      resourceId: 'agr_1',
      fields: { monthly_rent: 1200 },
    });
    const problems = checkDraft('Harbor', [good, sandboxNames], harbor, []);
    expect(problems).toEqual([
      {
        changeId: sandboxNames.id,
        path: 'fields.monthly_rent',
        message: '“monthly_rent” is not a field the service accepts when changing a lease',
      },
    ]);
    const renamed = { ...sandboxNames, fields: { rent_pcm: 1200 } };
    expect(checkDraft('Harbor', [good, renamed], harbor, [])).toEqual([]);
  });

  it('marks fields required on create, and values of the wrong kind', () => {
    const missing = change({
      operation: 'create',
      resourceType: 'lease',
      fields: { unit_ref: 'u', rent_pcm: 0 },
    });
    const problems = checkDraft('Harbor', [missing], harbor, []);
    expect(problems).toContainEqual({
      changeId: missing.id,
      path: 'fields.tenant_ref',
      message: 'Tenant ref is required for a new lease',
    });
    expect(problems.some((p) => p.path === 'fields.rent_pcm')).toBe(true);
  });

  it('refuses the same field of one record twice, and a change already waiting for review', () => {
    const a = change({
      operation: 'update',
      resourceType: 'lease',
      resourceId: 'agr_1',
      fields: { rent_pcm: 1300 },
    });
    const b = change({
      operation: 'update',
      resourceType: 'lease',
      resourceId: 'agr_1',
      fields: { rent_pcm: 1350 },
    });
    const problems = checkDraft('Harbor', [a, b], harbor, [
      {
        batchId: 'bat_9',
        label: 'October review',
        operation: 'update',
        resourceType: 'lease',
        resourceId: 'agr_1',
        fields: { rent_pcm: 1300 },
      },
    ]);
    expect(problems.map((p) => [p.changeId, p.message.split('.')[0]])).toEqual([
      [b.id, 'Change 1 in this draft already changes this field of the same record'],
      [a.id, 'An identical suggestion is already waiting for review in “October review”'],
    ]);
  });

  it('sends only the fields an update really changes, and says so when none do', () => {
    const snapshot = { id: 'agr_2', rent_pcm: 900, ends: null };
    const c = change({
      operation: 'update',
      resourceType: 'lease',
      resourceId: 'agr_2',
      fields: { rent_pcm: 900, ends: '2027-06-30' },
      snapshot,
    });
    expect(buildRequest('x', [c]).changes[0]).toEqual({
      operation: 'update',
      resourceType: 'lease',
      resourceId: 'agr_2',
      fields: { ends: '2027-06-30' },
    });
    const unchanged = { ...c, fields: { rent_pcm: 900 } };
    expect(checkDraft('x', [unchanged], harbor, [])[0]?.message).toMatch(/at least one field/i);
    expect(checkDraft('x', [], harbor, [])[0]?.message).toBe('Add at least one change before submitting.');
  });
});
