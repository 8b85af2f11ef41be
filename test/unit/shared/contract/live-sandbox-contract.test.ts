// The contract compiler against the sandbox's live openapi.json, as the app will meet it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContract } from '../../../../src/shared/contract';
import type { CompiledContract } from '../../../../src/shared/contract';
import { RESOURCE_TYPES } from '../../../../src/shared/service';
import { startSandbox } from '../../../../src/sandbox/index';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let contract: CompiledContract;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5 });
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const res = await fetch(`${sandbox.baseUrl}/api/v1/openapi.json`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  contract = compileContract(await res.json());
});
afterAll(() => sandbox?.close());

describe('compileContract on the live sandbox contract', () => {
  it('lease update allows monthly_rent as a number, and nothing unknown', () => {
    const update = contract.resources.lease.updateSchema;
    expect(update.safeParse({ monthly_rent: 1375 }).success).toBe(true);
    expect(update.safeParse({ monthly_rent: '1375' }).success).toBe(false);
    expect(update.safeParse({ monthly_rent: 1375, lease_number: 'L-1' }).success).toBe(false);
    expect(update.safeParse({}).success).toBe(false);
  });

  it('finds writable fields for every resource type from the suggestion schema, without warnings', () => {
    for (const type of RESOURCE_TYPES) {
      expect(contract.resources[type].source, type).toEqual({
        create: 'proposal-schema',
        update: 'proposal-schema',
      });
      expect(contract.resources[type].createFields.length, type).toBeGreaterThan(0);
      expect(
        contract.resources[type].createFields.some((f) => f.readOnly),
        type,
      ).toBe(false);
    }
    expect(contract.warnings).toEqual([]);
  });

  it('gives record fields for table columns with server-set fields marked read-only', () => {
    const leases = contract.recordFields.leases;
    expect(leases.find((f) => f.name === 'id')?.readOnly).toBe(true);
    expect(leases.find((f) => f.name === 'monthly_rent')).toMatchObject({ type: 'number', readOnly: false });
    expect(contract.recordFields.tenants.map((f) => f.name)).toEqual(
      expect.arrayContaining(['email', 'phone', 'status']),
    );
  });
});
