// Which fields hold money and in which unit, read from four differently written contracts.
import { describe, expect, it } from 'vitest';
import { compileContract, moneyFields, moneyUnitOf } from '../../../../src/shared/contract';
import type { CompiledContract } from '../../../../src/shared/contract';
import type { Collection } from '../../../../src/shared/service';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { loadFixture } from '../../../support/fixture';

const money = (c: CompiledContract, collection: Collection) =>
  Object.fromEntries(moneyFields(c.recordFields[collection]));

describe('money fields of a contract', () => {
  it('the sandbox keeps rent, deposits and amounts in currency units', () => {
    const c = compileContract(buildOpenApi('http://127.0.0.1:1'));
    expect(money(c, 'leases')).toEqual({ monthly_rent: 'major', security_deposit: 'major' });
    expect(money(c, 'units')).toEqual({ market_rent: 'major' });
    expect(money(c, 'payments')).toEqual({ amount: 'major' });
    // Bedrooms, square feet, years and byte sizes are numbers, not money.
    expect(money(c, 'properties')).toEqual({});
    expect(money(c, 'documents')).toEqual({});
  });

  it('Harbor’s rent_pcm is money; its bare “value” says nothing, so it is left a number', () => {
    const c = compileContract(loadFixture('harbor-openapi-3.0.json'));
    expect(money(c, 'leases')).toEqual({ rent_pcm: 'major' });
    expect(money(c, 'payments')).toEqual({});
  });

  it('Lakeside keeps minor units, said by name, by description and by an x- keyword', () => {
    const c = compileContract(loadFixture('lakeside-openapi-3.1.json'));
    expect(money(c, 'leases')).toEqual({ rent_minor: 'minor', deposit_cents: 'minor' });
    expect(money(c, 'units')).toEqual({ rent_minor: 'minor' });
    expect(money(c, 'payments')).toEqual({ amount: 'minor' });
  });

  it('Acme’s amounts and rents are in currency units', () => {
    const c = compileContract(loadFixture('acme-openapi-3.1.json'));
    expect(money(c, 'leases')).toEqual({ monthly_rent: 'major' });
    expect(money(c, 'payments')).toEqual({ amount: 'major' });
  });
});

describe('moneyUnitOf', () => {
  const n = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: 'integer' as const,
    ...extra,
  });

  it('reads cents from the name, the description, the format or an x- keyword', () => {
    expect(moneyUnitOf(n('amount_cents'))).toBe('minor');
    expect(moneyUnitOf(n('rentCents'))).toBe('minor');
    expect(moneyUnitOf(n('balance', { description: 'Outstanding, in pence' }))).toBe('minor');
    expect(moneyUnitOf(n('total', { format: 'int64-cents' }))).toBe('minor');
    expect(moneyUnitOf(n('total', { extensions: { 'x-money': { unit: 'minor' } } }))).toBe('minor');
    expect(moneyUnitOf(n('total', { extensions: { 'x-currency': 'USD' } }))).toBe('major');
  });

  it('leaves percentages, counts and non-numbers alone', () => {
    expect(moneyUnitOf(n('rent_increase_percent'))).toBeNull();
    expect(moneyUnitOf(n('payment_count'))).toBeNull();
    expect(moneyUnitOf({ name: 'rent', type: 'string' })).toBeNull();
    expect(moneyUnitOf(n('bedrooms'))).toBeNull();
    expect(moneyUnitOf(n('max_occupants', { extensions: { 'x-unit': 'people' } }))).toBeNull();
  });
});
