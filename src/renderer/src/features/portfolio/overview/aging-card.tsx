// Delinquency aging: the amounts overdue 0–30, 31–60, 61–90 and over 90 days, an estimate from
// payments like the delinquency worklist (and labelled so). A bar opens the worklist narrowed to the
// payments of that bucket.
import type { Aging } from '../../../../../shared/portfolio-overview';
import { formatMoney } from '../../../lib/format-money';
import { useCurrency } from '../../connections/use-currency';
import { navigate } from '../../../router/use-route';
import { BarChart } from './bar-chart';
import type { ChartMark, ChartSeries } from './chart-data';
import { ChartCard } from './chart-card';
import { counted, countText } from './chart-words';

const SERIES: ChartSeries[] = [{ key: 'owed', label: 'Overdue (estimate)', colour: 2, pattern: 'solid' }];

export function AgingCard({ aging }: { aging: Aging }) {
  const amounts = aging.total !== null;
  const currency = useCurrency();
  const marks: ChartMark[] = aging.buckets.map((b) => {
    const payments = counted(b.count, 'payment', 'payments');
    return {
      key: b.key,
      label: b.label,
      segments: [{ series: 'owed', value: amounts ? (b.amount ?? 0) : b.count }],
      name: amounts
        ? `${b.label} overdue: ${formatMoney(b.amount ?? 0, currency, 'whole')} in ${payments}`
        : `${b.label} overdue: ${payments}`,
      valueText: amounts ? formatMoney(b.amount ?? 0, currency, 'compact') : countText(b.count),
      detail: payments,
    };
  });
  const count = aging.buckets.reduce((s, b) => s + b.count, 0);
  return (
    <ChartCard
      title="Delinquency aging (estimate from payments)"
      summary={
        amounts ? (
          <>
            An estimated {formatMoney(aging.total ?? 0, currency, 'whole')} overdue in{' '}
            {counted(count, 'payment', 'payments')}.
          </>
        ) : (
          <>An estimated {counted(count, 'payment', 'payments')} overdue (the contract has no amounts).</>
        )
      }
      hint="Arrow keys move between age buckets; Enter opens the payments of that bucket on the delinquency worklist."
      notes={aging.notes}
      missing={aging.missing}
      table={{
        head: ['Days overdue', 'Payments', 'Amount'],
        numeric: [false, true, true],
        rows: aging.buckets.map((b) => ({
          key: b.key,
          cells: [b.label, countText(b.count), b.amount === null ? '—' : formatMoney(b.amount, currency)],
        })),
      }}
    >
      {(hintId) => (
        <BarChart
          label={amounts ? 'Amount overdue by age' : 'Payments overdue by age'}
          hintId={hintId}
          marks={marks}
          series={SERIES}
          layout="columns"
          formatTick={(v) => (amounts ? formatMoney(v, currency, 'compact') : countText(v))}
          onOpen={(m) =>
            navigate({
              view: 'portfolio',
              tab: 'delinquency',
              focus: { kind: 'overdue', bucket: aging.buckets.find((b) => b.key === m.key)!.key },
            })
          }
        />
      )}
    </ChartCard>
  );
}
