// A list's default columns put what names a record and what a landlord scans for first, read from
// each contract's own fields (the sandbox's, and two other shapes), and a saved choice still wins (column-prefs-order.test).
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { compileContract, fieldWords, keyFieldOrder } from '../../../../src/shared/contract';
import type { CompiledContract, FieldDescriptor } from '../../../../src/shared/contract';
import type { Collection } from '../../../../src/shared/service';
import { loadFixture } from '../../../support/fixture';

const contracts: Record<string, CompiledContract> = {
  sandbox: compileContract(buildOpenApi('http://127.0.0.1:1')),
  acme: compileContract(loadFixture('acme-openapi-3.1.json')),
  harbor: compileContract(loadFixture('harbor-openapi-3.0.json')),
  lakeside: compileContract(loadFixture('lakeside-openapi-3.1.json')),
};

function order(contract: string, collection: Collection, count: number): string[] {
  const c = contracts[contract]!;
  const described = (x: Collection) => c.recordFields[x].length > 0;
  return keyFieldOrder(collection, c.recordFields[collection], described)
    .slice(0, count)
    .map((f) => f.name);
}

describe('key columns first', () => {
  it('leases: the unit and tenant that name it, then status, end date and rent', () => {
    expect(order('sandbox', 'leases', 5)).toEqual([
      'unit_id',
      'tenant_id',
      'status',
      'end_date',
      'monthly_rent',
    ]);
    expect(order('acme', 'leases', 5)).toEqual([
      'unit_id',
      'tenant_id',
      'status',
      'end_date',
      'monthly_rent',
    ]);
    expect(order('lakeside', 'leases', 5)).toEqual([
      'unit_id',
      'tenant_id',
      'status',
      'expires',
      'rent_minor',
    ]);
    // Links the label rule cannot follow ("unit_ref") still name the lease.
    expect(order('harbor', 'leases', 5)).toEqual(['unit_ref', 'tenant_ref', 'state', 'ends', 'rent_pcm']);
  });

  it('payments: the lease and tenant, then status, due date and amount', () => {
    expect(order('sandbox', 'payments', 5)).toEqual([
      'lease_id',
      'tenant_id',
      'status',
      'due_date',
      'amount',
    ]);
    expect(order('acme', 'payments', 4)).toEqual(['lease_id', 'status', 'due_date', 'amount']);
    expect(order('lakeside', 'payments', 4)).toEqual(['lease_id', 'state', 'due_on', 'amount']);
    expect(order('harbor', 'payments', 3)).toEqual(['lease_ref', 'method', 'due']);
  });

  it('maintenance: what is wrong, then priority and status, before where', () => {
    expect(order('sandbox', 'maintenance_requests', 3)).toEqual(['title', 'priority', 'status']);
    expect(order('acme', 'maintenance_requests', 3)).toEqual(['title', 'priority', 'status']);
    expect(order('lakeside', 'maintenance_requests', 3)).toEqual(['headline', 'urgency', 'status']);
    expect(order('harbor', 'maintenance_requests', 2)).toEqual(['summary', 'urgency']);
  });

  it('records named by themselves lead with their name; the ID comes last', () => {
    for (const name of Object.keys(contracts)) {
      const all = order(name, 'properties', 99);
      expect(all.at(-1)).toBe('id');
    }
    expect(order('sandbox', 'tenants', 2)).toEqual(['name', 'status']);
    expect(order('lakeside', 'tenants', 3)).toEqual(['given_name', 'surname', 'contact_status']);
    expect(order('sandbox', 'units', 3)).toEqual(['unit_number', 'property_id', 'status']);
  });

  it('orders a list the same way from a record alone, before the contract has been read', () => {
    const record = {
      id: 'l1',
      created_at: '2026-01-01T00:00:00Z',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      monthly_rent: 1200,
      unit_id: 'u1',
      tenant_id: 't1',
    };
    // Typed as the list guesses them from values: no enums, no read-only marks.
    const guessed: FieldDescriptor[] = Object.entries(record).map(([name, value]) => ({
      name,
      label: fieldWords(name),
      type: typeof value === 'number' ? 'integer' : /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'date' : 'string',
      required: false,
      nullable: false,
      readOnly: false,
    }));
    const names = keyFieldOrder('leases', guessed, () => true).map((f) => f.name);
    expect(names.slice(0, 4)).toEqual(['unit_id', 'tenant_id', 'end_date', 'monthly_rent']);
    expect(names.at(-1)).toBe('id');
  });
});
