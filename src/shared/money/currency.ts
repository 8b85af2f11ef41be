// Currencies: which ISO 4217 codes are valid (those Intl can format), how many minor digits each
// has (from Intl), and the default for a locale: a `-u-cu-` choice in the locale itself, else the
// currency of the locale's region, where Intl supplies the likely region a bare language implies.
import { regionCurrency } from './region-currency';

let supported: ReadonlySet<string> | undefined;

/** The ISO 4217 codes this runtime's Intl knows. */
export function currencyCodes(): ReadonlySet<string> {
  supported ??= new Set(Intl.supportedValuesOf('currency'));
  return supported;
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) && currencyCodes().has(value);
}

/**
 * The code used when nothing better is known: ISO 4217's "no currency". Intl formats it with the
 * generic sign (¤), which says plainly that the currency was not chosen.
 */
export const NO_CURRENCY = 'XXX';

const digitCache = new Map<string, number>();

/** Minor digits of a currency as Intl formats it: 2 for USD, 0 for JPY, 3 for BHD. */
export function currencyDigits(currency: string): number {
  let digits = digitCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    digitCache.set(currency, digits ?? 2);
  }
  return digits ?? 2;
}

function parseLocale(locale: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(locale);
  } catch {
    return undefined;
  }
}

/** The currency a locale names or implies; NO_CURRENCY only when neither it nor its language says. */
export function currencyForLocale(locale: string): string {
  const parsed = parseLocale(locale);
  if (!parsed) return NO_CURRENCY;
  // en-US-u-cu-eur: the person chose a currency in their OS settings.
  const chosen = /-u(?:-[a-z0-9]{2,8})*?-cu-([a-z]{3})(?:-|$)/i.exec(parsed.toString())?.[1]?.toUpperCase();
  if (chosen && isCurrencyCode(chosen)) return chosen;
  // A region such as 150 (Europe) or 419 (Latin America) has no one currency: fall back to the
  // language's likely country, as Intl gives it.
  const candidates = [parsed.maximize().region, parseLocale(parsed.language)?.maximize().region];
  for (const region of candidates) {
    const currency = region ? regionCurrency(region) : undefined;
    if (currency && isCurrencyCode(currency)) return currency;
  }
  return NO_CURRENCY;
}

/** The currency's name in the locale's words ("US Dollar"), or the code when Intl has none. */
export function currencyName(currency: string, locale?: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}
