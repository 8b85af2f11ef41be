// The sum under a filtered list of payments ("4 payments · $3,400.00"), so a landlord need not add
// them up: of every payment the filters match when the offline copy is complete (said as of its
// time), else of the rows loaded, said as such. The amount field is the contract's money field of
// payments, in its own unit, by the rule main sums the copy by (src/shared/list-sum.ts).
import type { CompiledContract } from '../../../../shared/contract';
import { sumInCurrency, summedField } from '../../../../shared/list-sum';
import type { WholeSum } from '../../../../shared/list-sum';
import type { Collection } from '../../../../shared/service';
import { useMemo } from 'react';
import type { RowSource } from './paged-rows';
import { useWholeSum } from './use-collections-api';
import { formatMoment } from '../../lib/format-day';
import { formatMoney } from '../../lib/format-money';

/** The count and sum of the loaded rows' amounts; null when the list is not a filtered money list. */
export function sumOf(
  collection: Collection,
  rows: RowSource,
  contract: CompiledContract | undefined,
  currency: string,
): { count: number; total: number } | null {
  const field = summedField(collection, contract);
  if (!field) return null;
  const values: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const value = rows.get(i)?.[field.name];
    if (typeof value === 'number') values.push(value);
  }
  return { count: rows.length, total: sumInCurrency(values, field.unit, currency) };
}

/** A filtered list's sum of what is loaded (null when unfiltered or not of money) and, from the copy, of all it matches. */
export function useListSum(
  collection: Collection,
  query: Record<string, string>,
  rows: RowSource,
  contract: CompiledContract | undefined,
  currency: string,
) {
  const filtered = Object.keys(query).length > 0;
  const sum = useMemo(
    () => (filtered ? sumOf(collection, rows, contract, currency) : null),
    [filtered, collection, rows, contract, currency],
  );
  const whole = useWholeSum('payments', query, collection === 'payments' && sum !== null);
  return { sum, whole: whole.data?.sum };
}

export function SumLine({
  sum,
  whole,
  more,
  currency,
}: {
  /** Of the rows loaded. */
  sum: { count: number; total: number };
  /** Of every row the filters match, from the offline copy; null or undefined without one. */
  whole?: WholeSum | null | undefined;
  /** More rows match than are loaded. */
  more: boolean;
  currency: string;
}) {
  const shown = whole ?? sum;
  const said = whole
    ? ` — every payment these filters match, from the offline copy as of ${formatMoment(whole.asOf)}.`
    : more
      ? ' — of those loaded so far; more match these filters.'
      : ' — of those loaded, which are all that match these filters.';
  return (
    <p className="sum-line" role="status">
      <strong>
        {shown.count.toLocaleString()} {shown.count === 1 ? 'payment' : 'payments'} ·{' '}
        {formatMoney(shown.total, currency)}
      </strong>
      <span className="muted">{said}</span>
    </p>
  );
}
