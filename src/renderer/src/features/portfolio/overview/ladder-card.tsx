// The lease expiration ladder: leases ending in each of the next 18 months as bars by count, the rent
// at stake under each month, month-to-month leases apart after a divider, and the months holding more
// than 15 % of the portfolio's monthly rent standing out in colour, pattern, a ▲ and in words. A bar
// opens that month's expirations; the leases of the bar holding the tab stop go to the rent review.
import { TrendingUp } from 'lucide-react';
import { useState } from 'react';
import type { ExpirationLadder } from '../../../../../shared/portfolio-overview';
import { formatMoney } from '../../../lib/format-money';
import { useCurrency } from '../../connections/use-currency';
import { navigate } from '../../../router/use-route';
import { rentReviewHash } from '../portfolio-table';
import { BarChart } from './bar-chart';
import type { ChartMark, ChartSeries } from './chart-data';
import { ChartCard } from './chart-card';
import {
  counted,
  countText,
  ladderMarkName,
  ladderName,
  monthName,
  monthTick,
  shareText,
} from './chart-words';

const MTM = 'month-to-month';
const SERIES: ChartSeries[] = [{ key: 'leases', label: 'Leases ending', colour: 1, pattern: 'solid' }];

function standOutWords(l: ExpirationLadder, currency: string): string {
  const months = l.months.filter((m) => m.standsOut);
  if (l.portfolioRent === null)
    return 'The contract has no rents, so no month can be weighed against the rent roll.';
  if (!months.length)
    return `No month holds more than ${shareText(l.standOutShare)} of the portfolio’s monthly rent (${formatMoney(l.portfolioRent, currency, 'whole')}).`;
  const list = months
    .map(
      (m) =>
        `${monthName(m.month)} (${shareText(m.share ?? 0)}, ${formatMoney(m.rent ?? 0, currency, 'whole')})`,
    )
    .join(', ');
  return `Stands out — more than ${shareText(l.standOutShare)} of the portfolio’s monthly rent (${formatMoney(l.portfolioRent, currency, 'whole')}) ends in ${list}.`;
}

/** A bar per month, then month-to-month apart: each with the rent at stake and its share in words. */
function ladderMarks(l: ExpirationLadder, currency: string): ChartMark[] {
  return [
    ...l.months.map((m, i) => ({
      key: m.month,
      label: monthTick(m.month, i === 0),
      ...(m.rent !== null ? { detail: formatMoney(m.rent, currency, 'compact') } : {}),
      segments: [{ series: 'leases', value: m.count }],
      name: ladderMarkName(m, currency),
      valueText:
        m.standsOut && m.share !== null
          ? `${countText(m.count)} · ${shareText(m.share)}`
          : countText(m.count),
      emphasis: m.standsOut,
    })),
    {
      key: MTM,
      label: 'Month-to-month',
      ...(l.monthToMonth.rent !== null
        ? { detail: formatMoney(l.monthToMonth.rent, currency, 'compact') }
        : {}),
      segments: [{ series: 'leases', value: l.monthToMonth.count }],
      name: ladderName('Month-to-month', l.monthToMonth.count, l.monthToMonth.rent, null, currency),
      valueText: countText(l.monthToMonth.count),
      apart: true,
    },
  ];
}

/** The ladder's figures as a table, for reading them in order or copying them. */
function ladderTable(l: ExpirationLadder, currency: string) {
  return {
    head: ['Month', 'Leases ending', 'Monthly rent', 'Share of portfolio rent', 'Stands out'],
    numeric: [false, true, true, true, false],
    rows: [
      ...l.months.map((m) => ({
        key: m.month,
        cells: [
          monthName(m.month),
          countText(m.count),
          m.rent === null ? '—' : formatMoney(m.rent, currency),
          m.share === null ? '—' : shareText(m.share),
          m.standsOut ? 'Yes' : '',
        ],
      })),
      {
        key: MTM,
        cells: [
          'Month-to-month',
          countText(l.monthToMonth.count),
          l.monthToMonth.rent === null ? '—' : formatMoney(l.monthToMonth.rent, currency),
          '',
          '',
        ],
      },
    ],
  };
}

export function LadderCard({ ladder }: { ladder: ExpirationLadder }) {
  const [current, setCurrent] = useState<string | null>(null);
  const currency = useCurrency();
  const rents = ladder.portfolioRent !== null;
  const total = ladder.months.reduce((s, m) => s + m.count, 0);
  const marks = ladderMarks(ladder, currency);
  const open = (key: string) =>
    navigate({
      view: 'portfolio',
      tab: 'expirations',
      focus: key === MTM ? { kind: 'month-to-month' } : { kind: 'month', month: key },
    });
  const chosen = current ?? ladder.months.find((m) => m.count)?.month ?? MTM;
  const chosenIds =
    chosen === MTM ? ladder.monthToMonth.leaseIds : ladder.months.find((m) => m.month === chosen)!.leaseIds;
  const chosenName = chosen === MTM ? 'month-to-month' : `ending in ${monthName(chosen)}`;
  return (
    <ChartCard
      title="Lease expirations, next 18 months"
      wide
      summary={
        <>
          {counted(total, 'lease ends', 'leases end')} in the next 18 months;{' '}
          {counted(ladder.monthToMonth.count, 'lease runs', 'leases run')} month-to-month.{' '}
          {standOutWords(ladder, currency)}
        </>
      }
      hint="Arrow keys move between months; Enter opens that month’s expirations."
      notes={ladder.notes}
      missing={ladder.missing}
      legend={SERIES}
      legendExtra={
        rents ? (
          <li>
            <span className="ov-swatch chart-alert ov-swatch-hatch" aria-hidden />▲ more than{' '}
            {shareText(ladder.standOutShare)} of the portfolio’s monthly rent
          </li>
        ) : null
      }
      actions={
        <button
          type="button"
          className="btn"
          disabled={chosenIds.length === 0}
          onClick={() => {
            window.location.hash = rentReviewHash(chosenIds);
          }}
        >
          <TrendingUp size={14} aria-hidden /> Review rents of the{' '}
          {counted(chosenIds.length, 'lease', 'leases')} {chosenName}
        </button>
      }
      table={ladderTable(ladder, currency)}
    >
      {(hintId) => (
        <BarChart
          label="Leases ending per month"
          hintId={hintId}
          marks={marks}
          series={SERIES}
          layout="columns"
          formatTick={countText}
          onOpen={(m) => open(m.key)}
          onCurrent={(m) => setCurrent(m.key)}
        />
      )}
    </ChartCard>
  );
}
