// Rent against market: how many let units sit in each range of (rent − market rent), below market in
// one colour and pattern and at or above it in another, with the total loss-to-lease. A bar opens the
// rent roll narrowed to the units in that range.
import type { RentGap } from '../../../../../shared/portfolio-overview';
import { formatMoney } from '../../../lib/format-money';
import { useCurrency } from '../../connections/use-currency';
import { navigate } from '../../../router/use-route';
import { BarChart } from './bar-chart';
import type { ChartMark, ChartSeries } from './chart-data';
import { ChartCard } from './chart-card';
import { counted, countText, gapRange } from './chart-words';

const SERIES: ChartSeries[] = [
  { key: 'below', label: 'Below market', colour: 2, pattern: 'hatch' },
  { key: 'above', label: 'At or above market', colour: 1, pattern: 'solid' },
];

export function RentGapCard({ gap }: { gap: RentGap }) {
  const currency = useCurrency();
  const marks: ChartMark[] = gap.bins.map((b) => ({
    key: `${b.from}`,
    label: formatMoney(b.from, currency, 'compact'),
    segments: [{ series: b.to <= 0 ? 'below' : 'above', value: b.count }],
    name: `${gapRange(b.from, b.to, currency)} against market: ${counted(b.count, 'unit', 'units')}`,
    valueText: b.count ? countText(b.count) : '',
  }));
  return (
    <ChartCard
      title="Rent against market"
      summary={
        gap.units ? (
          <>
            Loss-to-lease {formatMoney(gap.lossToLease, currency, 'whole')} a month over{' '}
            {counted(gap.units, 'let unit', 'let units')}; units let above market bring{' '}
            {formatMoney(gap.aboveMarket, currency, 'whole')} more.
          </>
        ) : (
          'No let unit has both a rent and a market rent above zero on record.'
        )
      }
      hint="Each bar counts the let units whose rent minus market rent falls in its range, labelled by where the range starts. Arrow keys move; Enter opens those units on the rent roll."
      notes={gap.notes}
      missing={gap.missing}
      legend={SERIES}
      table={{
        head: ['Rent − market', 'Let units'],
        numeric: [false, true],
        rows: gap.bins.map((b) => ({
          key: `${b.from}`,
          cells: [gapRange(b.from, b.to, currency), countText(b.count)],
        })),
      }}
    >
      {(hintId) =>
        marks.length ? (
          <BarChart
            label="Let units by rent minus market rent"
            hintId={hintId}
            marks={marks}
            series={SERIES}
            layout="columns"
            formatTick={countText}
            onOpen={(m) => {
              const b = gap.bins.find((x) => `${x.from}` === m.key)!;
              navigate({
                view: 'portfolio',
                tab: 'rent-roll',
                focus: { kind: 'rent-gap', from: b.from, to: b.to },
              });
            }}
          />
        ) : null
      }
    </ChartCard>
  );
}
