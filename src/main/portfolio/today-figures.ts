// Today's figures from the offline copy, by the same rules as the portfolio views they link to: leases
// ending within 30 and 60 days as the expirations view selects them, late payments as the delinquency
// view counts them, open urgent requests as the maintenance view narrows to a priority, and documents
// not verified as the service's is_verified filter selects them. A figure whose records have no copy,
// or whose fields the contract lacks, is null: the screen says it is not known instead of showing 0.
import { textValue } from '../../shared/record-values';
import { isOpenRequest } from '../../shared/maintenance-status';
import type { Collection, ServiceRecord } from '../../shared/service';
import { ENDING_WINDOWS } from '../../shared/today';
import type { TodaySummary } from '../../shared/today';
import { estimateRules, owedOf, unpaidCharges } from './unpaid-charges';
import { endingWithin } from './expirations';
import { leaseTerm, termRules } from './lease-terms';
import { priorityRank } from './maintenance';
import { dayNumber, leaseRent, missingFieldNotes, money } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';

export const TODAY_NEEDS: readonly Collection[] = ['leases', 'payments', 'maintenance_requests', 'documents'];

export type TodayFigures = Pick<
  TodaySummary,
  'endingLeases' | 'latePayments' | 'urgentMaintenance' | 'unverifiedDocuments' | 'notes'
>;

/** Priorities urgent enough for Today: those that read as high or more pressing. */
const URGENT_UP_TO = priorityRank('high', []);

/** Whether Today counts requests of this priority (`listed`: the contract's priorities, in order). */
export const isUrgentPriority = (priority: string, listed: readonly string[]): boolean =>
  priorityRank(priority, listed) <= URGENT_UP_TO;

export function todayFigures(
  data: PortfolioData,
  documents: readonly ServiceRecord[],
  ctx: ViewContext,
  missing: readonly Collection[],
): TodayFigures {
  const { notes } = missingFieldNotes(ctx, [
    ['leases', 'end_date', 'leases ending soon cannot be counted'],
    ['payments', 'due_date', 'late payments cannot be counted'],
    ['maintenance_requests', 'priority', 'urgent requests cannot be told apart'],
    ['documents', 'is_verified', 'documents waiting for a check cannot be counted'],
  ]);
  const known = (collection: Collection, field: string) =>
    !missing.includes(collection) && ctx.has(collection, field);
  return {
    endingLeases: known('leases', 'end_date') ? endingLeases(data.leases, ctx) : null,
    latePayments: known('payments', 'due_date') ? latePayments(data.payments, ctx) : null,
    urgentMaintenance: known('maintenance_requests', 'priority')
      ? urgentMaintenance(data.maintenance_requests, ctx)
      : null,
    unverifiedDocuments: known('documents', 'is_verified')
      ? documents.filter((d) => d.is_verified === false).length
      : null,
    notes,
  };
}

function endingLeases(leases: readonly ServiceRecord[], ctx: ViewContext): TodaySummary['endingLeases'] {
  const today = dayNumber(ctx.today)!;
  const rules = termRules(ctx);
  const rents = ctx.has('leases', 'monthly_rent');
  return ENDING_WINDOWS.map((days) => {
    const selection = endingWithin(days);
    let count = 0;
    let rent = 0;
    for (const lease of leases) {
      const term = leaseTerm(lease, today, rules);
      if (!term || selection.groupOf(term, today) === null) continue;
      count += 1;
      rent += leaseRent(lease, ctx.has) ?? 0;
    }
    return { days, count, rent: rents ? money(rent) : null };
  });
}

/** The same figures as the Delinquency view's total, by the same rule. */
function latePayments(payments: readonly ServiceRecord[], ctx: ViewContext): TodaySummary['latePayments'] {
  const owed = owedOf(unpaidCharges(payments, ctx), ctx);
  return { count: owed.count, amount: estimateRules(ctx).hasAmount ? (owed.total ?? 0) : null };
}

function urgentMaintenance(
  requests: readonly ServiceRecord[],
  ctx: ViewContext,
): TodaySummary['urgentMaintenance'] {
  const listed = ctx.values('maintenance_requests', 'priority');
  // A contract without an enum: the priorities the records carry.
  const values = listed.length
    ? listed
    : [...new Set(requests.map((r) => textValue(r.priority)).filter((p): p is string => p !== null))];
  const urgent = values
    .filter((p) => isUrgentPriority(p, listed))
    .sort((a, b) => priorityRank(a, listed) - priorityRank(b, listed));
  return urgent.map((priority) => ({
    priority,
    count: requests.filter((r) => isOpenRequest(r) && textValue(r.priority) === priority).length,
  }));
}
