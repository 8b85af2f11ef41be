// The submit dialog's slip warnings, against the sandbox's contract (dollars, start_date/end_date,
// security_deposit) and Lakeside's (cents, commences/expires, deposit_cents): a ×10 or ÷10 rent worded
// as a digit, a change over the stated limit, a start after its end, a past end, a deposit above three
// months' rent; and nothing for an ordinary rise.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContract, type CompiledContract } from '../../../src/shared/contract';
import { buildOpenApi } from '../../../src/sandbox/openapi/document';
import { slipWarnings } from '../../../src/shared/slips/slip-warnings';
import { DEPOSIT_MONTHS_OF_RENT, MONEY_CHANGE_PERCENT } from '../../../src/shared/slips/slip-limits';

const sandbox = compileContract(buildOpenApi('http://127.0.0.1:1'));
const lakeside = compileContract(
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../fixtures/contracts/lakeside-openapi-3.1.json'), 'utf8'),
  ) as Record<string, unknown>,
);
const TODAY = '2026-11-28';
const text = (_f: unknown, v: unknown) => String(v);

function warn(
  contract: CompiledContract,
  fields: Record<string, unknown>,
  snapshot: Record<string, unknown>,
) {
  const descriptors = contract.recordFields.leases;
  return slipWarnings({ operation: 'update', fields, snapshot }, descriptors, TODAY, text).map((w) => w.text);
}

describe('slip warnings', () => {
  it('words a rent ten times the current one as an extra digit, and a tenth as a missing one', () => {
    const was = { id: 'l1', monthly_rent: 1805, security_deposit: 1805 };
    expect(warn(sandbox, { monthly_rent: 18590 }, was)).toEqual([
      'Monthly rent 1805 → 18590 is ten times the current value: an extra digit?',
    ]);
    // A tenth of the rent also leaves the deposit at ten months of it: both are said.
    expect(warn(sandbox, { monthly_rent: 180.5 }, was)).toEqual([
      'Monthly rent 1805 → 180.5 is a tenth of the current value: a missing digit?',
      'Security deposit 1805 is 10.0 months of rent (180.5), more than the 3 months PropDesk checks for.',
    ]);
  });

  it('states the limit for any other money change above it, and says nothing at or below it', () => {
    const was = { id: 'l1', monthly_rent: 1000, security_deposit: 1000 };
    const [words] = warn(sandbox, { monthly_rent: 1400 }, was);
    expect(words).toContain('rises by 40.0 %');
    expect(words).toContain(`${MONEY_CHANGE_PERCENT} %`);
    expect(warn(sandbox, { monthly_rent: 1250 }, was)).toEqual([]);
    expect(warn(sandbox, { monthly_rent: 700 }, was)[0]).toContain('falls by 30.0 %');
  });

  it('reads Lakeside’s cents: a rent in minor units ten times over, and a deposit above three months', () => {
    const was = { id: 'l1', rent_minor: 150000, deposit_cents: 150000 };
    expect(warn(lakeside, { rent_minor: 1500000 }, was)[0]).toContain('an extra digit?');
    const deposit = warn(lakeside, { deposit_cents: 600000 }, was).at(-1);
    expect(deposit).toContain('4.0 months of rent');
    expect(deposit).toContain(`${DEPOSIT_MONTHS_OF_RENT} months`);
    const create = (fields: Record<string, unknown>) =>
      slipWarnings(
        { operation: 'create', fields, snapshot: null },
        lakeside.resources.lease.createFields,
        TODAY,
        text,
      );
    expect(create({ rent_minor: 150000, deposit_cents: 450000 })).toEqual([]);
    expect(create({ rent_minor: 150000, deposit_cents: 460000 })).toHaveLength(1);
  });

  it('warns of a start after its end and an end already past, by each contract’s own names', () => {
    const lease = { id: 'l1', start_date: '2026-01-01', end_date: '2027-01-01', monthly_rent: 1000 };
    expect(warn(sandbox, { start_date: '2027-02-01' }, lease)).toEqual([
      'Start date 2027-02-01 is after end date 2027-01-01.',
    ]);
    expect(warn(sandbox, { end_date: '2025-12-31' }, lease)).toEqual([
      'End date 2025-12-31 is already past, though it usually lies ahead: is the year right?',
      'Start date 2026-01-01 is after end date 2025-12-31.',
    ]);
    const theirs = { id: 'l1', commences: '2026-01-01', expires: '2027-01-01', rent_minor: 100000 };
    expect(warn(lakeside, { expires: '2026-03-01' }, theirs)[0]).toContain('already past');
  });

  it('says nothing of an ordinary rise, of values not typed in this change, or of values that are not numbers', () => {
    const lease = { id: 'l1', start_date: '2027-01-01', end_date: '2026-01-01', monthly_rent: 1000 };
    expect(warn(sandbox, { monthly_rent: 1030 }, lease)).toEqual([]);
    expect(warn(sandbox, { monthly_rent: 'lots' }, { monthly_rent: 1000 })).toEqual([]);
    expect(warn(sandbox, { monthly_rent: 5000 }, { monthly_rent: null })).toEqual([]);
  });
});
