// The currency a connection's amounts are in: the one chosen for it, else the one of this computer's
// region. Main works it out, so its computations (a rent review's rounding) and the screens agree.
import { currencyForLocale } from '../../shared/money';

export type CurrencySource = 'chosen' | 'region';

/** The locale this process formats in; its region (or its language's likely region) picks the currency. */
export function systemLocale(): string {
  return Intl.DateTimeFormat().resolvedOptions().locale;
}

export function connectionCurrency(
  row: { currency?: string | null },
  locale: string = systemLocale(),
): { currency: string; source: CurrencySource } {
  return row.currency
    ? { currency: row.currency, source: 'chosen' }
    : { currency: currencyForLocale(locale), source: 'region' };
}
