// A list's saved column choice wins over the default order the contract's key fields give.
import { describe, expect, it } from 'vitest';
import { compileContract, keyFieldOrder } from '../../../../src/shared/contract';
import { arrangeColumns } from '../../../../src/renderer/src/state/column-prefs';
import acmeJson from '../../../fixtures/contracts/acme-openapi-3.1.json?raw';

describe('saved columns over key columns', () => {
  it('keeps a saved order and hidden columns, with the default order after them', () => {
    const contract = compileContract(JSON.parse(acmeJson) as unknown);
    const available = keyFieldOrder('leases', contract.recordFields.leases, () => true);
    expect(arrangeColumns(available, undefined, 3).map((c) => c.name)).toEqual([
      'unit_id',
      'tenant_id',
      'status',
    ]);
    const pref = { order: ['monthly_rent', 'status'], hidden: ['unit_id'] };
    const shown = arrangeColumns(available, pref, 9).map((c) => c.name);
    expect(shown.slice(0, 4)).toEqual(['monthly_rent', 'status', 'tenant_id', 'end_date']);
    expect(shown).not.toContain('unit_id');
  });
});
