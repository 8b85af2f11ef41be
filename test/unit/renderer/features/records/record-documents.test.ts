// The property page's documents: grouped by type, and sizes in human units.
import { describe, expect, it } from 'vitest';
import { groupDocuments } from '../../../../../src/renderer/src/features/records/document-groups';
import { formatBytes } from '../../../../../src/renderer/src/lib/format-size';

describe('property documents', () => {
  const doc = (id: string, type: string, verified: boolean) => ({
    document: { id, type, is_verified: verified },
    ownerType: 'unit' as const,
    ownerId: 'u1',
  });
  it('groups by type and can keep only the unverified ones', () => {
    const docs = [
      doc('1', 'lease_agreement', true),
      doc('2', 'insurance', false),
      doc('3', 'lease_agreement', false),
    ];
    expect(groupDocuments(docs, false).map(([t, items]) => [t, items.length])).toEqual([
      ['insurance', 1],
      ['lease_agreement', 2],
    ]);
    expect(groupDocuments(docs, true).map(([t, items]) => [t, items.map((i) => i.document.id)])).toEqual([
      ['insurance', ['2']],
      ['lease_agreement', ['3']],
    ]);
  });

  it('shows sizes in human units', () => {
    expect(formatBytes(512)).toMatch(/^512 B$/);
    expect(formatBytes(2_400_000)).toMatch(/^2[.,]4 MB$/);
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes('12')).toBe('—');
  });
});
