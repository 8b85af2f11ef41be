// @vitest-environment happy-dom
// A tenant's balance as the page says it: what is owed, since when and how many charges, with the
// estimate's caveat, the unpaid charges oldest first with a red chip; and a related payment that was
// paid late reads as paid, with its paid date, never like a debt.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Balance } from '../../../../../src/shared/balance';
import { BalanceView, balanceWords } from '../../../../../src/renderer/src/features/records/balance-card';
import { RelatedListCard } from '../../../../../src/renderer/src/features/records/related-list';
import { formatDay } from '../../../../../src/renderer/src/lib/format-day';
import { formatMoney } from '../../../../../src/renderer/src/lib/format-money';

afterEach(cleanup);

const caleb: Balance = {
  total: 3400,
  count: 4,
  since: '2025-12-01',
  tenants: 1,
  charges: [
    { paymentId: 'pay_1', due: '2025-12-01', amount: 850, daysOverdue: 360, status: 'late' },
    { paymentId: 'pay_2', due: '2026-01-01', amount: 850, daysOverdue: 329, status: 'late' },
    { paymentId: 'pay_3', due: '2026-02-01', amount: 850, daysOverdue: 298, status: 'pending' },
    { paymentId: 'pay_4', due: '2026-03-01', amount: 850, daysOverdue: 270, status: null },
  ],
  notes: ['An estimate from payments: the service exposes no ledger.'],
  today: '2026-11-26',
  source: { kind: 'service' },
};

describe('a tenant’s balance', () => {
  it('says what is owed, since when and in how many charges, with the caveat', () => {
    render(<BalanceView balance={caleb} collection="tenants" currency="USD" />);
    expect(
      screen.getByText(
        `Owes ${formatMoney(3400, 'USD')} since ${formatDay('2025-12-01')} — 4 unpaid charges`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^An estimate from payments/)).toBeTruthy();
    const charges = within(screen.getByRole('list', { name: 'Unpaid charges, oldest first' }));
    const items = charges.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('a')!.textContent)).toEqual(
      caleb.charges.map((c) => `Due ${formatDay(c.due)}`),
    );
    expect(items.map((li) => li.querySelector('.badge')!.getAttribute('data-tone'))).toEqual([
      'owed',
      'owed',
      'owed',
      'owed',
    ]);
  });

  it('says nothing is overdue, and what a property’s tenants owe', () => {
    expect(balanceWords({ ...caleb, count: 0, total: 0, since: null, charges: [] }, 'tenants', 'USD')).toBe(
      'Owes nothing overdue',
    );
    expect(balanceWords({ ...caleb, tenants: 3, count: 7 }, 'properties', 'USD')).toBe(
      `Its tenants owe ${formatMoney(3400, 'USD')} since ${formatDay('2025-12-01')} — 7 unpaid charges, 3 tenants`,
    );
  });
});

describe('a related payment’s chip', () => {
  it('reads paid with its paid date when a "late" charge was paid, and owed when it was not', () => {
    render(
      <RelatedListCard
        list={{
          collection: 'payments',
          filters: { tenant_id: 't1' },
          total: 2,
          rows: [
            { id: 'p1', status: 'late', due_date: '2025-01-01', paid_date: null },
            { id: 'p2', status: 'late', due_date: '2025-02-01', paid_date: '2025-02-20' },
          ],
        }}
        labels={(_c, id) => ({ id, state: 'named', text: id, title: id })}
      />,
    );
    const chips = [...document.querySelectorAll('.badge')];
    expect(chips.map((c) => [c.textContent, c.getAttribute('data-tone')])).toEqual([
      ['late', 'owed'],
      [`late · paid ${formatDay('2025-02-20')}`, 'attention'],
    ]);
  });
});
