// Which text of a record is searchable, read from the contract: checked on the sandbox's own contract
// and on two other services' shapes (acme 3.1, harbor 3.0), whose field names differ entirely.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContract } from '../../../../../src/shared/contract';
import type { CompiledContract } from '../../../../../src/shared/contract';
import {
  createRecordTextSource,
  fallbackRecordText,
  phoneDigits,
  textFieldsOf,
} from '../../../../../src/main/store/offline-copy/record-text';
import { startSandbox } from '../../../../../src/sandbox';
import type { Sandbox } from '../../../../../src/sandbox';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../fixtures/contracts', name), 'utf8'),
  ) as unknown;

let sandbox: Sandbox;
let sandboxJson: string;
const contracts: Record<string, CompiledContract> = {};

beforeAll(async () => {
  sandbox = await startSandbox({});
  sandboxJson = await (await fetch(`${sandbox.baseUrl}/api/v1/openapi.json`)).text();
  contracts.sandbox = compileContract(JSON.parse(sandboxJson));
  contracts.acme = compileContract(fixture('acme-openapi-3.1.json'));
  contracts.harbor = compileContract(fixture('harbor-openapi-3.0.json'));
});
afterAll(() => sandbox.close());

describe('searchable text', () => {
  it('takes the string fields of each collection from the contract, never IDs, dates or enums', () => {
    expect(textFieldsOf(contracts.sandbox!, 'tenants')).toEqual(['name', 'email', 'phone']);
    expect(textFieldsOf(contracts.sandbox!, 'properties')).toEqual([
      'name',
      'address_line1',
      'city',
      'state',
      'postal_code',
    ]);
    // Read-only bookkeeping every record carries (who last wrote it) is not what a record is about;
    // a read-only field of one collection (the lease's own reference) is.
    expect(textFieldsOf(contracts.sandbox!, 'leases')).toEqual(['lease_number']);
    expect(textFieldsOf(contracts.sandbox!, 'payments')).toEqual([]);
    expect(textFieldsOf(contracts.acme!, 'tenants')).toEqual(['full_name', 'email', 'phone']);
    expect(textFieldsOf(contracts.acme!, 'units')).toEqual(['label']);
    expect(textFieldsOf(contracts.harbor!, 'tenants')).toEqual([
      'given_name',
      'family_name',
      'email',
      'mobile',
    ]);
    expect(textFieldsOf(contracts.harbor!, 'maintenance_requests')).toEqual(['summary']);
  });

  it('adds the digits of phone-like values, from each group on', () => {
    expect(phoneDigits('(555) 010-4477')).toEqual(['5550104477', '0104477']);
    expect(phoneDigits('+1 (201) 555-0123')).toEqual(['12015550123', '2015550123', '5550123']);
    for (const notPhone of ['10001', '2024-01-31 ', 'Flat 3', '12-34', 'call 555 0100'])
      expect(phoneDigits(notPhone)).toEqual([]);
  });

  it('follows the cached contract of each connection, and without one indexes every string but IDs and dates', () => {
    const cache: Record<string, { hash: string; json: string }> = {
      harbor: { hash: 'h1', json: JSON.stringify(fixture('harbor-openapi-3.0.json')) },
    };
    const source = createRecordTextSource({ hash: (id) => cache[id]?.hash, json: (id) => cache[id]?.json });
    const occupant = {
      id: 'occ_1',
      given_name: 'Zoë',
      family_name: 'Ångström',
      email: 'z@a.example',
      mobile: '07700 900123',
      occupancy: 'x',
    };
    expect(source('harbor', 'tenants')(occupant)).toBe('Zoë Ångström z@a.example 07700 900123 07700900123');
    expect(source('none', 'tenants')(occupant)).toBe(fallbackRecordText(occupant));
    expect(
      fallbackRecordText({
        id: 'a_1',
        unit_id: 'u_1',
        name: 'Flat',
        due: '2024-01-31',
        at: '2024-01-31T10:00:00Z',
        n: 5,
      }),
    ).toBe('Flat');
    // A new contract version is read again.
    cache.harbor = { hash: 'h2', json: sandboxJson };
    expect(
      source(
        'harbor',
        'tenants',
      )({ id: 't', name: 'Ana', email: 'ana@x.example', phone: null, status: 'current' }),
    ).toBe('Ana ana@x.example');
  });
});
