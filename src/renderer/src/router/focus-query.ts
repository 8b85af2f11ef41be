// A portfolio view's focus (the rows behind one overview mark) as query parameters of its route, and
// back; anything that does not parse as a focus is dropped rather than passed on.
import { portfolioFocusSchema } from '../../../shared/portfolio-focus';
import type { PortfolioFocus } from '../../../shared/portfolio-focus';
import { assertNever } from '../../../shared/app-error';

export function focusToQuery(focus: PortfolioFocus): Record<string, string> {
  switch (focus.kind) {
    case 'month':
      return { month: focus.month };
    case 'ending':
      return { ending: String(focus.days) };
    case 'month-to-month':
      return { term: 'month-to-month' };
    case 'property':
      return focus.propertyId === null ? { no_property: '1' } : { property: focus.propertyId };
    case 'rent-gap':
      return { gap_from: String(focus.from), gap_to: String(focus.to) };
    case 'overdue':
      return { overdue: focus.bucket };
    case 'priority':
      return focus.priority === null ? { no_priority: '1' } : { priority: focus.priority };
    case 'open-age':
      return { open_age: focus.bucket };
    default:
      return assertNever(focus, 'portfolio focus');
  }
}

function candidate(q: Record<string, string>): unknown {
  if (q.month) return { kind: 'month', month: q.month };
  if (q.ending) return { kind: 'ending', days: Number(q.ending) };
  if (q.term === 'month-to-month') return { kind: 'month-to-month' };
  if (q.no_property === '1') return { kind: 'property', propertyId: null };
  if (q.property) return { kind: 'property', propertyId: q.property };
  if (q.gap_from !== undefined && q.gap_to !== undefined)
    return { kind: 'rent-gap', from: Number(q.gap_from), to: Number(q.gap_to) };
  if (q.overdue) return { kind: 'overdue', bucket: q.overdue };
  if (q.no_priority === '1') return { kind: 'priority', priority: null };
  if (q.priority) return { kind: 'priority', priority: q.priority };
  if (q.open_age) return { kind: 'open-age', bucket: q.open_age };
  return undefined;
}

export function focusFromQuery(query: Record<string, string>): PortfolioFocus | undefined {
  const parsed = portfolioFocusSchema.safeParse(candidate(query));
  return parsed.success ? parsed.data : undefined;
}
