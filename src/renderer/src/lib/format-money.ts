// Money in the OS locale. Every amount the screens show goes through here, so the currency is set in
// one place (and can become a setting of each connection).
import { assertNever } from '../../../shared/app-error';

const CURRENCY = 'USD';

const exact = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
});
const whole = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: CURRENCY,
  maximumFractionDigits: 0,
});
const compact = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: CURRENCY,
  notation: 'compact',
  maximumSignificantDigits: 2,
});

/** exact: with cents; whole: rounded to whole units (chart labels); compact: "$18K", "$4.1K" (axes). */
export type MoneyStyle = 'exact' | 'whole' | 'compact';

export function formatMoney(value: number, style: MoneyStyle = 'exact'): string {
  switch (style) {
    case 'exact':
      return exact.format(value);
    case 'whole':
      return whole.format(value);
    case 'compact':
      return compact.format(value);
    default:
      return assertNever(style, 'money style');
  }
}
