// Which draft fields are picked as records of another collection rather than typed.
import { describe, expect, it } from 'vitest';
import { referencedCollection } from '../../../src/renderer/src/features/collections/related';

describe('referencedCollection', () => {
  it('points a <resource>_id field at that resource’s collection', () => {
    expect(referencedCollection('property_id')).toBe('properties');
    expect(referencedCollection('unit_id')).toBe('units');
    expect(referencedCollection('lease_id')).toBe('leases');
    expect(referencedCollection('tenant_id')).toBe('tenants');
  });

  it('leaves other fields as text, including ids of unknown kinds and a document’s entity_id', () => {
    expect(referencedCollection('entity_id')).toBeUndefined();
    expect(referencedCollection('external_id')).toBeUndefined();
    expect(referencedCollection('name')).toBeUndefined();
    expect(referencedCollection('_id')).toBeUndefined();
  });
});
