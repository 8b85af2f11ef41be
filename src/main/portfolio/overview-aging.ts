// The overview's delinquency aging: the amounts overdue 0–30, 31–60, 61–90 and over 90 days. The same
// estimate from payments as the delinquency worklist, by the same rules, and labelled as one.
import { numberValue } from '../../shared/record-values';
import type { Aging } from '../../shared/portfolio-overview';
import { AGE_BUCKETS, ageBucket, daysOverdue, estimateRules } from './unpaid-charges';
import { dayNumber, money } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';

type ChartFigures = Omit<Aging, 'missing'>;

export function delinquencyAging(data: PortfolioData, ctx: ViewContext): ChartFigures {
  const today = dayNumber(ctx.today)!;
  const { notes, hasPaidDate, hasAmount } = estimateRules(ctx);
  const tally = new Map(AGE_BUCKETS.map((b) => [b.key, { count: 0, amount: 0 }]));
  for (const payment of data.payments) {
    const age = daysOverdue(payment, today, hasPaidDate);
    if (age === null) continue;
    const t = tally.get(ageBucket(age))!;
    t.count += 1;
    t.amount += hasAmount ? (numberValue(payment.amount) ?? 0) : 0;
  }
  const buckets = AGE_BUCKETS.map((b) => {
    const t = tally.get(b.key)!;
    return { key: b.key, label: b.label, count: t.count, amount: hasAmount ? money(t.amount) : null };
  });
  return {
    notes,
    buckets,
    total: hasAmount ? money(buckets.reduce((s, b) => s + (b.amount ?? 0), 0)) : null,
  };
}
