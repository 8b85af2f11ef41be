// Narrows a portfolio view to the rows behind one overview mark by narrowing the records it reads, so
// its rows, totals and CSV all describe the same subset; and names the subset for the screen.
import { isOpenRequest } from '../../shared/maintenance-status';
import { textValue } from '../../shared/record-values';
import type { PortfolioViewName } from '../../shared/portfolio';
import type { PortfolioFocus } from '../../shared/portfolio-focus';
import { assertNever } from '../../shared/app-error';
import { AGE_BUCKETS, ageBucket, daysOverdue, estimateRules } from './unpaid-charges';
import { endingWithin, NEXT_120_DAYS } from './expirations';
import type { ExpirySelection } from './expirations';
import { monthIndex, monthOfKey } from './lease-terms';
import { reportedField, requestAge } from './maintenance';
import { openAgeBucket, OPEN_AGES, priorityLabel } from './overview-maintenance';
import { rentGaps } from './overview-rent-gap';
import { recordNames } from './record-names';
import { dayNumber, NO_PROPERTY } from './view-kit';
import type { PortfolioData, ViewContext } from './view-kit';

export interface FocusedInput {
  data: PortfolioData;
  /** The expirations view's choice of leases. */
  selection: ExpirySelection;
  /** What the subset is, for the screen's statement (a property's name, a month as YYYY-MM …). */
  label: string;
}

const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function applyFocus(
  view: PortfolioViewName,
  focus: PortfolioFocus,
  data: PortfolioData,
  ctx: ViewContext,
): FocusedInput {
  const today = dayNumber(ctx.today)!;
  const keep = (narrowed: Partial<PortfolioData>, label: string): FocusedInput => ({
    data: { ...data, ...narrowed },
    selection: NEXT_120_DAYS,
    label,
  });
  switch (focus.kind) {
    case 'month': {
      const month = monthOfKey(focus.month);
      const heading = monthName.format(new Date(Date.UTC(1970, month, 1)));
      return {
        data,
        label: focus.month,
        selection: {
          groupLabel: 'Ends in',
          groups: [heading],
          groupOf: (term) =>
            term.kind === 'ends' && term.day >= today && monthIndex(term.day) === month ? heading : null,
        },
      };
    }
    case 'ending':
      return { data, label: `ending within ${focus.days} days`, selection: endingWithin(focus.days) };
    case 'month-to-month':
      return {
        data,
        label: 'month-to-month',
        selection: {
          groupLabel: 'Term',
          groups: ['Month-to-month'],
          groupOf: (term) => (term.kind === 'month-to-month' ? 'Month-to-month' : null),
        },
      };
    case 'property': {
      const units = data.units.filter((u) => textValue(u.property_id) === focus.propertyId);
      const name = recordNames(data, ctx).of('properties', focus.propertyId, NO_PROPERTY);
      return keep({ units }, name);
    }
    case 'rent-gap': {
      const gaps = rentGaps(data, ctx);
      const inRange = (id: string) => {
        const gap = gaps.get(id);
        return gap !== undefined && gap !== null && gap >= focus.from && gap < focus.to;
      };
      return keep({ units: data.units.filter((u) => inRange(u.id)) }, `${focus.from} to ${focus.to}`);
    }
    case 'overdue': {
      const { hasPaidDate } = estimateRules(ctx);
      const payments = data.payments.filter((p) => {
        const age = daysOverdue(p, today, hasPaidDate);
        return age !== null && ageBucket(age) === focus.bucket;
      });
      return keep({ payments }, AGE_BUCKETS.find((b) => b.key === focus.bucket)!.label);
    }
    case 'priority': {
      const requests = data.maintenance_requests.filter(
        (r) => isOpenRequest(r) && textValue(r.priority) === focus.priority,
      );
      return keep({ maintenance_requests: requests }, priorityLabel(focus.priority));
    }
    case 'open-age': {
      const field = reportedField(ctx);
      const requests = data.maintenance_requests.filter(
        (r) => isOpenRequest(r) && openAgeBucket(requestAge(r, field, today)) === focus.bucket,
      );
      const label = OPEN_AGES.find((b) => b.key === focus.bucket)?.label ?? 'Age not known';
      return keep({ maintenance_requests: requests }, label);
    }
    default:
      return assertNever(focus, `focus for the ${view} view`);
  }
}
