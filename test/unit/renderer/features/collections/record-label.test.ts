// The renderer's record labels follow the shared rule: planned from the contract when it has been
// read, from the record's own fields otherwise; no list of field names of its own.
import { describe, expect, it } from 'vitest';
import { recordLabel } from '../../../../../src/renderer/src/features/collections/record-label';
import { compileContract } from '../../../../../src/shared/contract';
import lakesideJson from '../../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';

describe('recordLabel', () => {
  const lakeside = compileContract(JSON.parse(lakesideJson) as unknown);

  it('names records by the fields the contract’s plan picks', () => {
    expect(
      recordLabel('properties', { id: 'b', display_name: 'Harbour View', town: 'Bristol' }, lakeside),
    ).toBe('Harbour View');
    expect(recordLabel('tenants', { id: 't', given_name: 'Katherine', surname: 'Johnson' }, lakeside)).toBe(
      'Katherine Johnson',
    );
    expect(
      recordLabel('leases', { id: 'l', reference: 'T-2231', unit_id: 'u', tenant_id: 't' }, lakeside),
    ).toBe('T-2231');
  });

  it('plans from the record itself before the contract has been read', () => {
    expect(recordLabel('units', { id: 'u', property_id: 'p', unit_number: '3B', bedrooms: 2 })).toBe('3B');
    expect(recordLabel('tenants', { id: 't', email: 'ada@example.com', full_name: 'Ada Lovelace' })).toBe(
      'Ada Lovelace',
    );
    expect(recordLabel('payments', { id: 'p', lease_id: 'l', due_date: '2026-03-01', amount: 5 })).toMatch(
      /2026/,
    );
    expect(recordLabel('documents', { id: 'doc_7', size_bytes: 10 })).toBe('doc_7');
  });
});
