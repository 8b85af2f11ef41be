// Reference fields: which fields point at another collection's records (draft forms pick them from
// that collection, record panels link to them, labels read the referenced record's label).
import { describe, expect, it } from 'vitest';
import {
  compileContract,
  referenceFields,
  referencedCollection,
  relatedLinks,
} from '../../../../src/shared/contract';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { loadFixture } from '../../../support/fixture';

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
    expect(relatedLinks({ id: 'doc_1', entity_type: 'maintenance_request', entity_id: 'm_9' })).toEqual([
      { field: 'entity_id', label: 'maintenance request', collection: 'maintenance_requests', id: 'm_9' },
    ]);
    expect(relatedLinks({ id: 'doc_2', entity_type: 'spaceship', entity_id: 'x' })).toEqual([]);
  });
});

describe('referenceFields of a contract', () => {
  const described =
    (contract: ReturnType<typeof compileContract>) => (c: keyof typeof contract.recordFields) =>
      contract.recordFields[c].length > 0;

  it('finds the sandbox’s links from units, leases, payments and maintenance requests', () => {
    const c = compileContract(buildOpenApi('http://127.0.0.1:1'));
    const of = (col: keyof typeof c.recordFields) => referenceFields(c.recordFields[col], described(c));
    expect(of('units')).toEqual([{ field: 'property_id', collection: 'properties' }]);
    expect(of('leases')).toEqual([
      { field: 'unit_id', collection: 'units' },
      { field: 'tenant_id', collection: 'tenants' },
    ]);
    expect(of('payments').map((r) => r.collection)).toEqual(['leases', 'tenants']);
    expect(of('maintenance_requests').map((r) => r.collection)).toEqual(['properties', 'units']);
  });

  it('finds none where a contract names its links otherwise (Harbor’s unit_ref, building_id)', () => {
    const c = compileContract(loadFixture('harbor-openapi-3.0.json'));
    expect(referenceFields(c.recordFields.leases, described(c))).toEqual([]);
    expect(referenceFields(c.recordFields.units, described(c))).toEqual([]);
  });

  it('ignores a link into a collection the contract does not describe', () => {
    expect(referenceFields([{ name: 'unit_id' }, { name: 'tenant_id' }], (c) => c === 'tenants')).toEqual([
      { field: 'tenant_id', collection: 'tenants' },
    ]);
  });
});
