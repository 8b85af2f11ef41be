// The sum under a filtered list of payments ("A tenant's payments, unpaid: 4 loaded, $3,400.00"): the
// count and total of the rows loaded, said as such while more are still to load, so a landlord need
// not add them up. The amount field is the contract's money field of payments, in its own unit.
import type { CompiledContract } from '../../../../shared/contract';
import { moneyUnitOf } from '../../../../shared/contract';
import { currencyDigits, sumMoney, toCurrencyUnits } from '../../../../shared/money';
import type { Collection } from '../../../../shared/service';
import type { RowSource } from './paged-rows';
import { formatMoney } from '../../lib/format-money';

/** The count and sum of the loaded rows' amounts; null when the list is not a filtered money list. */
export function sumOf(
  collection: Collection,
  rows: RowSource,
  contract: CompiledContract | undefined,
  currency: string,
): { count: number; total: number } | null {
  if (collection !== 'payments' || !contract) return null;
  const field = contract.recordFields.payments.find((f) => moneyUnitOf(f) !== null);
  const unit = field ? moneyUnitOf(field) : null;
  if (!field || !unit) return null;
  const spec = { unit, digits: currencyDigits(currency) };
  const values: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const value = rows.get(i)?.[field.name];
    if (typeof value === 'number') values.push(value);
  }
  return { count: rows.length, total: toCurrencyUnits(sumMoney(values, spec), spec) };
}

export function SumLine({
  sum,
  more,
  currency,
}: {
  sum: { count: number; total: number };
  /** More rows match than are loaded. */
  more: boolean;
  currency: string;
}) {
  return (
    <p className="sum-line" role="status">
      <strong>
        {sum.count.toLocaleString()} {sum.count === 1 ? 'payment' : 'payments'} ·{' '}
        {formatMoney(sum.total, currency)}
      </strong>
      {more ? <span className="muted"> — of those loaded so far; more match these filters.</span> : null}
    </p>
  );
}
