// Money on screens, in the OS locale and the active connection's currency (see use-currency.ts):
// every amount a screen shows goes through here or format-typed.ts, so nothing assumes a currency.
import { assertNever } from '../../../shared/app-error';
import { currencyDigits, formatMoney as formatExact, toCurrencyUnits } from '../../../shared/money';
import type { MoneyUnit } from '../../../shared/money';

/** exact: with the currency's minor digits; whole: rounded to whole units (chart labels); compact: "$18K". */
export type MoneyStyle = 'exact' | 'whole' | 'compact';

const formats = new Map<string, Intl.NumberFormat>();

function styled(currency: string, style: 'whole' | 'compact'): Intl.NumberFormat {
  const key = `${style}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      undefined,
      style === 'whole'
        ? { style: 'currency', currency, maximumFractionDigits: 0 }
        : { style: 'currency', currency, notation: 'compact', maximumSignificantDigits: 2 },
    );
    formats.set(key, format);
  }
  return format;
}

/** An amount in currency units (12.5, not 1250 cents) in the given currency. */
export function formatMoney(amount: number, currency: string, style: MoneyStyle = 'exact'): string {
  switch (style) {
    case 'exact':
      return formatExact(amount, currency);
    case 'whole':
    case 'compact':
      return styled(currency, style).format(amount);
    default:
      return assertNever(style, 'money style');
  }
}

/** An amount as the contract keeps it (currency units, or minor units such as cents), shown exactly. */
export function formatContractAmount(value: number, unit: MoneyUnit, currency: string): string {
  return formatMoney(toCurrencyUnits(value, { unit, digits: currencyDigits(currency) }), currency);
}
