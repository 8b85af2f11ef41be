// @vitest-environment happy-dom
// The sum under a filtered payments list: count and total of the rows loaded, in currency units
// whether the contract keeps amounts in units or in cents, and said to be partial while more match;
// of every payment the filters match when main answers from the offline copy, said as of its time.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledContract, FieldDescriptor } from '../../../../../src/shared/contract';
import type { ServiceRecord } from '../../../../../src/shared/service';
import { SumLine, sumOf } from '../../../../../src/renderer/src/features/collections/sum-line';
import { formatMoment } from '../../../../../src/renderer/src/lib/format-day';
import { formatMoney } from '../../../../../src/renderer/src/lib/format-money';

afterEach(cleanup);

const contractWith = (field: FieldDescriptor) =>
  ({
    recordFields: { payments: [{ name: 'status', type: 'string' }, field] },
  }) as unknown as CompiledContract;
const source = (rows: ServiceRecord[]) => ({ length: rows.length, get: (i: number) => rows[i] }) as never;

describe('the sum of a filtered payments list', () => {
  it('adds the loaded amounts in currency units, cents or not', () => {
    const units = contractWith({ name: 'amount', type: 'number' } as FieldDescriptor);
    const rows = [
      { id: 'p1', amount: 850.1 },
      { id: 'p2', amount: 850.2 },
      { id: 'p3', amount: null },
    ];
    expect(sumOf('payments', source(rows), units, 'USD')).toEqual({ count: 3, total: 1700.3 });
    const cents = contractWith({ name: 'amount_minor', type: 'integer' } as FieldDescriptor);
    const minor = [
      { id: 'p1', amount_minor: 125050 },
      { id: 'p2', amount_minor: 99 },
    ];
    expect(sumOf('payments', source(minor), cents, 'GBP')).toEqual({ count: 2, total: 1251.49 });
    expect(sumOf('tenants', source(rows), units, 'USD')).toBeNull();
  });

  it('says the sum covers the rows loaded while more match', () => {
    render(<SumLine sum={{ count: 4, total: 3400 }} more currency="USD" />);
    expect(screen.getByRole('status').textContent).toBe(
      `4 payments · ${formatMoney(3400, 'USD')} — of those loaded so far; more match these filters.`,
    );
  });

  it('says when the loaded rows are all that match', () => {
    render(<SumLine sum={{ count: 2, total: 1700 }} more={false} currency="USD" />);
    expect(screen.getByRole('status').textContent).toBe(
      `2 payments · ${formatMoney(1700, 'USD')} — of those loaded, which are all that match these filters.`,
    );
  });

  it('gives the whole filter from the offline copy, as of its time, over the rows loaded', () => {
    const asOf = '2026-11-26T08:05:00.000Z';
    render(
      <SumLine
        sum={{ count: 100, total: 85000 }}
        whole={{ count: 1, total: 850.5, asOf }}
        more
        currency="USD"
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      `1 payment · ${formatMoney(850.5, 'USD')} — every payment these filters match, from the offline copy as of ${formatMoment(asOf)}.`,
    );
  });
});
