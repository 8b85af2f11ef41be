// The overview's lease expiration ladder: leases ending in each of the next 18 months (this month
// first) with the monthly rent at stake, month-to-month leases counted apart, and the months where
// more than 15 % of the portfolio's monthly rent ends marked so they stand out.
import type { ExpirationLadder, LadderMonth } from '../../shared/portfolio-overview';
import { leaseTerm, monthIndex, monthKey, termRules } from './lease-terms';
import { dayNumber, leaseRent, missingFieldNotes, money, runningRent } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';

export const LADDER_MONTHS = 18;
export const STAND_OUT_SHARE = 0.15;

type ChartFigures = Omit<ExpirationLadder, 'missing'>;

export function expirationLadder(data: PortfolioData, ctx: ViewContext): ChartFigures {
  const today = dayNumber(ctx.today)!;
  const { notes, has } = missingFieldNotes(ctx, [
    ['leases', 'monthly_rent', 'only lease counts are shown, not the rent at stake'],
    ['leases', 'end_date', 'no lease can be said to end'],
  ]);
  const rules = termRules(ctx);
  const rentsKnown = has('leases', 'monthly_rent');
  const first = monthIndex(today);
  const tally = Array.from({ length: LADDER_MONTHS }, () => ({
    count: 0,
    rent: 0,
    leaseIds: [] as string[],
  }));
  const monthToMonth = { count: 0, rent: 0, leaseIds: [] as string[] };
  let unreadable = 0;
  for (const lease of data.leases) {
    const term = leaseTerm(lease, today, rules);
    if (term === null) {
      if (rules.endDates && lease.end_date != null && dayNumber(lease.end_date) === null) unreadable += 1;
      continue;
    }
    let into = monthToMonth;
    if (term.kind === 'ends') {
      const offset = monthIndex(term.day) - first;
      if (term.day < today || offset >= LADDER_MONTHS) continue;
      into = tally[offset]!;
    }
    into.count += 1;
    into.rent += leaseRent(lease, has) ?? 0;
    into.leaseIds.push(lease.id);
  }
  if (unreadable)
    notes.push(
      `${unreadable.toLocaleString('en')} leases have an end date that cannot be read and are left out.`,
    );
  const portfolioRent = rentsKnown ? runningRent(data.leases, ctx) : null;
  const months: LadderMonth[] = tally.map((m, i) => {
    const rent = rentsKnown ? money(m.rent) : null;
    const share = rent !== null && portfolioRent ? rent / portfolioRent : null;
    return {
      month: monthKey(first + i),
      count: m.count,
      rent,
      share,
      standsOut: share !== null && share > STAND_OUT_SHARE,
      leaseIds: m.leaseIds,
    };
  });
  return {
    notes,
    months,
    monthToMonth: { ...monthToMonth, rent: rentsKnown ? money(monthToMonth.rent) : null },
    portfolioRent,
    standOutShare: STAND_OUT_SHARE,
  };
}
