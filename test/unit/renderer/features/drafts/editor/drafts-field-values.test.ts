// Form values of a change: raw input <-> typed values by contract type, updates sending only what
// differs from the record as fetched, and the shared zod validators' verdict per field.
import acmeJson from '../../../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../../../../src/shared/contract';
import {
  buildFields,
  initialRaws,
  parseRaw,
  rawFromValue,
  validateFields,
} from '../../../../../../src/renderer/src/features/drafts/editor/field-values';

const acme = compileContract(JSON.parse(acmeJson) as unknown);
const lease = acme.resources.lease;
const field = (name: string) => lease.updateFields.find((f) => f.name === name)!;
const snapshot = {
  id: 'l1',
  unit_id: 'u1',
  tenant_id: 't1',
  start_date: '2025-01-01',
  end_date: '2026-01-01',
  monthly_rent: 1200,
  status: 'active',
};
const update = { operation: 'update' as const, snapshot };

describe('raw values', () => {
  it('round-trips each type through its input', () => {
    expect(rawFromValue(field('monthly_rent'), 1200)).toBe('1200');
    expect(parseRaw(field('monthly_rent'), '1250.5', update)).toEqual({ kind: 'value', value: 1250.5 });
    expect(parseRaw(field('monthly_rent'), 'abc', update)).toMatchObject({ kind: 'error' });
    const status = field('status');
    const raw = rawFromValue(status, 'active');
    expect(parseRaw(status, raw, update)).toEqual({ kind: 'value', value: 'active' });
    expect(rawFromValue(field('start_date'), '2025-01-01')).toBe('2025-01-01');
  });

  it('treats an emptied input by operation and nullability', () => {
    expect(parseRaw(field('monthly_rent'), '', { operation: 'create', snapshot: null })).toEqual({
      kind: 'absent',
    });
    expect(parseRaw(field('end_date'), '', update)).toEqual({ kind: 'value', value: null });
    expect(parseRaw(field('monthly_rent'), '', update)).toMatchObject({ kind: 'error' });
    // Without the record as fetched there is nothing to clear.
    expect(parseRaw(field('monthly_rent'), '', { operation: 'update', snapshot: null })).toEqual({
      kind: 'absent',
    });
  });
});

describe('fields an update sends', () => {
  it('sends only fields that differ from the snapshot; back to current drops the field', () => {
    const raws = initialRaws(lease.updateFields, {}, update);
    expect(buildFields(lease.updateFields, raws, update).fields).toEqual({});
    const changed = { ...raws, monthly_rent: '1260' };
    expect(buildFields(lease.updateFields, changed, update).fields).toEqual({ monthly_rent: 1260 });
    const back = { ...changed, monthly_rent: '1200' };
    expect(buildFields(lease.updateFields, back, update).fields).toEqual({});
  });

  it('starts from the drafted values over the snapshot', () => {
    const raws = initialRaws(lease.updateFields, { monthly_rent: 1300 }, update);
    expect(raws.monthly_rent).toBe('1300');
    expect(raws.unit_id).toBe('u1');
  });
});

describe('validation with the contract’s zod validators', () => {
  it('names missing required fields of a create and bad values by field', () => {
    const verdict = validateFields(lease, 'create', { monthly_rent: -5 });
    expect(verdict.byField.unit_id).toBe('Unit is required for a new lease');
    expect([...verdict.missing]).toEqual(expect.arrayContaining(['unit_id', 'tenant_id', 'start_date']));
    expect(verdict.missing.has('monthly_rent')).toBe(false);
    expect(verdict.byField.monthly_rent).toBe('Monthly rent must be more than 0');
  });

  it('asks an update to change at least one field', () => {
    const verdict = validateFields(lease, 'update', {});
    expect(verdict.general).toEqual(['Change at least one field of this lease']);
    expect(validateFields(lease, 'update', { monthly_rent: 1300 })).toEqual({
      byField: {},
      missing: new Set(),
      general: [],
    });
  });

  it('rejects names the contract does not know', () => {
    expect(validateFields(lease, 'update', { colour: 'red' })).toEqual({
      byField: { colour: '“colour” is not a field the service accepts when changing a lease' },
      missing: new Set(),
      general: [],
    });
  });
});
