// Which contract field holds a lease's rent, a unit's market rent and a payment's amount, and in which
// unit: the sandbox's contract (the documented names, currency units), Lakeside's (its own names,
// minor units) and Harbor's; and amounts translated to currency units only where they need to be.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../../../../src/shared/contract';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { amountsIn, moneyRoles } from '../../../../src/main/portfolio/money-roles';

const fixture = (name: string) =>
  compileContract(
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../fixtures/contracts', name), 'utf8')),
  );
const brief = (roles: ReturnType<typeof moneyRoles>) => roles.map((r) => `${r.role}=${r.field}/${r.unit}`);

describe('money roles from the contract', () => {
  it('reads the sandbox’s documented names in currency units, and copies nothing', () => {
    const roles = moneyRoles(compileContract(buildOpenApi('http://127.0.0.1:1')));
    expect(brief(roles)).toEqual([
      'monthly_rent=monthly_rent/major',
      'market_rent=market_rent/major',
      'amount=amount/major',
    ]);
    const leases = [{ id: 'l1', monthly_rent: 1200 }];
    expect(amountsIn('leases', leases, roles, 'USD')).toBe(leases);
  });

  it('finds Lakeside’s rent, asking rent and amount in pence, and reads them in pounds', () => {
    const roles = moneyRoles(fixture('lakeside-openapi-3.1.json'));
    expect(brief(roles)).toEqual([
      'monthly_rent=rent_minor/minor',
      'market_rent=rent_minor/minor',
      'amount=amount/minor',
    ]);
    const leases = [{ id: 'tn_1', rent_minor: 125050, deposit_cents: 250000 }];
    expect(amountsIn('leases', leases, roles, 'GBP')[0]).toMatchObject({
      monthly_rent: 1250.5,
      rent_minor: 125050,
    });
    expect(amountsIn('units', [{ id: 'flt_1', rent_minor: 98000 }], roles, 'GBP')[0]).toMatchObject({
      market_rent: 980,
    });
    expect(amountsIn('payments', [{ id: 'p1', amount: 'not a number' }], roles, 'GBP')[0]).toMatchObject({
      amount: null,
    });
    // A currency without minor digits keeps whole amounts as they are.
    expect(amountsIn('leases', leases, roles, 'JPY')[0]).toMatchObject({ monthly_rent: 125050 });
  });

  it('finds Harbor’s rent_pcm and leaves out the roles its contract has no money field for', () => {
    expect(brief(moneyRoles(fixture('harbor-openapi-3.0.json')))).toEqual(['monthly_rent=rent_pcm/major']);
    expect(moneyRoles(undefined)).toEqual([]);
  });
});
