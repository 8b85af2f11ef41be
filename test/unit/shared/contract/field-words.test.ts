// Field names read as words, the way every screen labels a field the contract gives no title for.
import { describe, expect, it } from 'vitest';
import { compileContract, fieldLabel, fieldWords } from '../../../../src/shared/contract';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { loadFixture } from '../../../support/fixture';

describe('fieldWords', () => {
  it.each([
    ['monthly_rent', 'Monthly rent'],
    ['address_line1', 'Address line 1'],
    ['addressLine2', 'Address line 2'],
    ['unit_id', 'Unit'],
    ['unitId', 'Unit'],
    ['maintenance_request_id', 'Maintenance request'],
    ['tenant_ids', 'Tenants'],
    ['is_active', 'Active'],
    ['is_verified', 'Verified'],
    ['has_parking', 'Has parking'],
    ['created_at', 'Created'],
    ['updated_by', 'Updated by'],
    ['size_bytes', 'Size (bytes)'],
    ['rent_cents', 'Rent (cents)'],
    ['deposit_minor', 'Deposit (minor units)'],
    ['rent_pcm', 'Rent per month'],
    ['receipt_no', 'Receipt no.'],
    ['ZIPCode', 'ZIP code'],
    ['postal-code', 'Postal code'],
    ['website_url', 'Website URL'],
    ['square_feet', 'Square feet'],
    ['lease_agreement', 'Lease agreement'],
  ])('%s reads as “%s”', (name, words) => {
    expect(fieldWords(name)).toBe(words);
  });

  it('keeps the ID of a link it cannot name, and lone words as they are', () => {
    expect(fieldWords('external_id')).toBe('External ID');
    expect(fieldWords('entity_id')).toBe('Entity ID');
    expect(fieldWords('id')).toBe('ID');
    expect(fieldWords('is')).toBe('Is');
    expect(fieldWords('at')).toBe('At');
    expect(fieldWords('cents')).toBe('Cents');
    expect(fieldWords('')).toBe('');
  });

  it('gives way to the contract’s own title', () => {
    expect(fieldLabel('unit_no', 'Flat')).toBe('Flat');
    expect(fieldLabel('unit_no', '  ')).toBe('Unit no.');
    expect(fieldLabel('unit_no', 42)).toBe('Unit no.');
  });
});

describe('field labels of compiled contracts', () => {
  it('labels the sandbox’s, Harbor’s and the Lakeside contract’s fields in words', () => {
    const sandbox = compileContract(buildOpenApi('http://127.0.0.1:1'));
    const label = (fields: Array<{ name: string; label: string }>, name: string) =>
      fields.find((f) => f.name === name)?.label;
    expect(label(sandbox.recordFields.properties, 'address_line1')).toBe('Address line 1');
    expect(label(sandbox.recordFields.leases, 'unit_id')).toBe('Unit');
    expect(label(sandbox.recordFields.tenants, 'is_active')).toBe('Active');
    const harbor = compileContract(loadFixture('harbor-openapi-3.0.json'));
    expect(label(harbor.recordFields.leases, 'rent_pcm')).toBe('Rent per month');
    const lakeside = compileContract(loadFixture('lakeside-openapi-3.1.json'));
    expect(label(lakeside.recordFields.units, 'unit_no')).toBe('Flat');
  });
});
