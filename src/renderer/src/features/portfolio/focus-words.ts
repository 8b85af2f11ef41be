// What a narrowed portfolio view says it shows ("the 12 leases ending in March 2027"), from the route's
// focus and main's count; pure, so the sentence is tested as text.
import type { PortfolioViewName } from '../../../../shared/portfolio';
import type { PortfolioFocus } from '../../../../shared/portfolio-focus';
import { assertNever } from '../../../../shared/app-error';
import { counted, gapRange, monthName } from './overview/chart-words';

export function focusWords(
  view: PortfolioViewName,
  focus: PortfolioFocus,
  shown: { label: string; shown: number },
  currency: string,
): string {
  const n = shown.shown;
  switch (focus.kind) {
    case 'month':
      return `the ${counted(n, 'lease', 'leases')} ending in ${monthName(focus.month)}`;
    case 'ending':
      return `the ${counted(n, 'lease', 'leases')} ending in the next ${focus.days} days`;
    case 'month-to-month':
      return `the ${counted(n, 'month-to-month lease', 'month-to-month leases')}`;
    case 'property':
      return view === 'vacancy'
        ? `the ${counted(n, 'vacant unit', 'vacant units')} of ${shown.label}`
        : `the ${counted(n, 'unit', 'units')} of ${shown.label}`;
    case 'rent-gap':
      return `the ${counted(n, 'let unit', 'let units')} whose rent is ${gapRange(focus.from, focus.to, currency)} against market`;
    case 'overdue':
      return `payments ${shown.label.toLowerCase()} overdue (${counted(n, 'tenant line', 'tenant lines')})`;
    case 'priority':
      return focus.priority === null
        ? `the ${counted(n, 'open request', 'open requests')} with no priority`
        : `the ${counted(n, 'open request', 'open requests')} of ${shown.label} priority`;
    case 'open-age':
      return focus.bucket === 'age_unknown'
        ? `the ${counted(n, 'open request', 'open requests')} whose age is not known`
        : `the ${counted(n, 'request', 'requests')} open ${shown.label.toLowerCase()}`;
    default:
      return assertNever(focus, 'portfolio focus');
  }
}
