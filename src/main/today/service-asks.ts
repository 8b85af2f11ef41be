// What Today asks the service for while the offline copy is made: for each figure, the filtered
// listings whose rows hold every record the figure's rule could count, one listing per value (the
// service's document shows no filter taking several), with the values read from the contract through
// the field roles and the app's status meanings; and whether a row the service sent lies outside the
// filter it was asked with. The service's filter meanings are "not shown" (but end_date's), so the rows
// are then judged by the copy's own rules (today-figures.ts), never taken as the answer themselves.
import { dayNumber } from '../../shared/lease-running';
import { isOpenRequest } from '../../shared/maintenance-status';
import { textValue } from '../../shared/record-values';
import type { Collection, ServiceRecord } from '../../shared/service';
import { statusTone } from '../../shared/status-meaning';
import { ENDING_WINDOWS } from '../../shared/today';
import type { TodayFigureName } from '../../shared/today';
import { termRules } from '../portfolio/lease-terms';
import { isUrgentPriority } from '../portfolio/today-figures';
import { dateText } from '../portfolio/view-kit';
import type { ViewContext } from '../portfolio/view-kit';

export const FIGURE_COLLECTION: Record<TodayFigureName, Collection> = {
  endingLeases: 'leases',
  latePayments: 'payments',
  urgentMaintenance: 'maintenance_requests',
  unverifiedDocuments: 'documents',
};

export type Filters = Record<string, string>;

/** The listings a figure is read from, or why it cannot be asked for (it then waits for the copy). */
export type FigureAsks = { filters: Filters[] } | { none: string };

const DAY_MS = 86_400_000;

export function serviceAsks(figure: TodayFigureName, ctx: ViewContext): FigureAsks {
  switch (figure) {
    case 'endingLeases':
      return endingLeaseAsks(ctx);
    case 'latePayments': {
      if (!ctx.has('payments', 'due_date')) return { none: 'the contract gives payments no due date' };
      const statuses = ctx.values('payments', 'status');
      if (!statuses.length) return { none: 'the contract lists no payment statuses to ask by' };
      // Every value but those that read as paid: without a paid date the rule is the status itself.
      return { filters: statuses.filter((v) => statusTone(v) !== 'ok').map((status) => ({ status })) };
    }
    case 'urgentMaintenance':
      return urgentAsks(ctx);
    case 'unverifiedDocuments':
      return ctx.has('documents', 'is_verified')
        ? { filters: [{ is_verified: 'false' }] }
        : { none: 'the contract gives documents no verification flag' };
  }
}

/** Leases of each status that may be running, ending on or before the last window's day. */
function endingLeaseAsks(ctx: ViewContext): FigureAsks {
  if (!ctx.has('leases', 'end_date')) return { none: 'the contract gives leases no end date' };
  const listed = ctx.values('leases', 'status');
  if (!listed.length) return { none: 'the contract lists no lease statuses to ask by' };
  const { monthToMonth } = termRules(ctx);
  // Ended leases all end before the day (on or before is the filter's meaning): the lower bound is
  // PropDesk's, so statuses over and done with are left out rather than read whole.
  const running = listed.filter((v) => !monthToMonth.has(v) && statusTone(v) !== 'quiet');
  const last = dateText(
    new Date(Date.parse(`${ctx.today}T00:00:00Z`) + Math.max(...ENDING_WINDOWS) * DAY_MS).toISOString(),
  )!;
  return { filters: running.map((status) => ({ status, end_date: last })) };
}

/** Requests of each open status and each urgent priority; by priority alone with no status values. */
function urgentAsks(ctx: ViewContext): FigureAsks {
  const priorities = ctx.values('maintenance_requests', 'priority');
  if (!ctx.has('maintenance_requests', 'priority') || !priorities.length)
    return { none: 'the contract lists no maintenance priorities to ask by' };
  const urgent = priorities.filter((p) => isUrgentPriority(p, priorities));
  const open = ctx.values('maintenance_requests', 'status').filter((status) => isOpenRequest({ status }));
  return {
    filters: urgent.flatMap((priority) =>
      open.length ? open.map((status) => ({ status, priority })) : [{ priority }],
    ),
  };
}

/**
 * Whether the service sent a row its filter should have left out. `row` is in the views' shape (each
 * role under the views' name, which is the filter's own: status, priority, end_date, is_verified).
 */
export function outsideFilter(row: ServiceRecord, filters: Filters): boolean {
  return Object.entries(filters).some(([name, value]) => {
    if (name === 'end_date') {
      const end = dayNumber(row.end_date);
      return end === null || end > dayNumber(value)!;
    }
    if (name === 'is_verified') return String(row.is_verified) !== value;
    return textValue(row[name]) !== value;
  });
}
