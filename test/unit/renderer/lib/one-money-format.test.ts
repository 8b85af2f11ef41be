// One money format on every screen: the grid and details panel (formatTyped), the draft's change
// cards and submit dialog (formatFieldValue), Portfolio's tables (formatCell) and the suggestions
// screen (formatTyped through its field format) write one amount the same way: grouped, with the
// currency's symbol, two decimals unless the currency has none, whatever unit and name the contract
// gives the lease's rent (acme's monthly_rent, harbor's rent_pcm, lakeside's rent_minor in cents).
import { describe, expect, it } from 'vitest';
import acmeJson from '../../../fixtures/contracts/acme-openapi-3.1.json?raw';
import harborJson from '../../../fixtures/contracts/harbor-openapi-3.0.json?raw';
import lakesideJson from '../../../fixtures/contracts/lakeside-openapi-3.1.json?raw';
import { compileContract, moneyUnitOf } from '../../../../src/shared/contract';
import { formatFieldValue } from '../../../../src/renderer/src/features/drafts/editor/change-summary';
import { formatCell } from '../../../../src/renderer/src/features/portfolio/format-cell';
import { formatMoney } from '../../../../src/renderer/src/lib/format-money';
import { formatTyped } from '../../../../src/renderer/src/lib/format-typed';

const CONTRACTS = { acme: acmeJson, harbor: harborJson, lakeside: lakesideJson };
const AMOUNTS = [
  { currency: 'USD', amount: 2895 },
  { currency: 'EUR', amount: 1234567.5 },
  { currency: 'JPY', amount: 98000 },
];

describe('one money format', () => {
  for (const [file, json] of Object.entries(CONTRACTS)) {
    const contract = compileContract(JSON.parse(json) as unknown);
    const rent = contract.resources.lease.updateFields.find((d) => moneyUnitOf(d))!;
    it.each(AMOUNTS)(
      `${file}: ${rent.name} of $amount $currency reads alike everywhere`,
      ({ currency, amount }) => {
        const unit = moneyUnitOf(rent)!;
        // The value as the contract keeps it: cents when it keeps minor units (none for yen).
        const kept = unit === 'minor' ? Math.round(amount * (currency === 'JPY' ? 1 : 100)) : amount;
        const expected = formatMoney(amount, currency);
        const grid = formatTyped(kept, { type: rent.type, money: unit, name: rent.name }, currency);
        const card = formatFieldValue(kept, rent, currency);
        const portfolio = formatCell(amount, 'money', currency);
        expect({ grid, card, portfolio }).toEqual({ grid: expected, card: expected, portfolio: expected });
      },
    );
  }

  it('groups thousands, shows the symbol, and two decimals unless the currency has none', () => {
    expect(formatMoney(2895, 'USD')).toBe('$2,895.00');
    expect(formatMoney(98000, 'JPY')).toMatch(/^[¥￥]98,000$/);
    expect(formatMoney(1234567.5, 'EUR')).toBe('€1,234,567.50');
  });
});
