import { describe, expect, it } from 'vitest';
import { relatedLinks } from '../../../src/renderer/src/features/collections/related';
import { groupDocuments } from '../../../src/renderer/src/features/property/document-groups';
import { formatBytes } from '../../../src/renderer/src/lib/format-size';

describe('related record links', () => {
  it('links every <resource>_id field and a document’s owner, and nothing else', () => {
    expect(
      relatedLinks({ id: 'pay_1', lease_id: 'lea_1', tenant_id: 'ten_1', external_id: 'x', amount: 5 }),
    ).toEqual([
      { field: 'lease_id', label: 'lease', collection: 'leases', id: 'lea_1' },
      { field: 'tenant_id', label: 'tenant', collection: 'tenants', id: 'ten_1' },
    ]);
    expect(relatedLinks({ id: 'mr_1', property_id: 'p', unit_id: null })).toEqual([
      { field: 'property_id', label: 'property', collection: 'properties', id: 'p' },
    ]);
    expect(relatedLinks({ id: 'doc_1', entity_type: 'lease', entity_id: 'lea_9' })).toEqual([
      { field: 'entity_id', label: 'lease', collection: 'leases', id: 'lea_9' },
    ]);
    expect(relatedLinks({ id: 'doc_2', entity_type: 'spaceship', entity_id: 'x' })).toEqual([]);
  });
});

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
