// Money as text in the OS locale: formatting with Intl.NumberFormat for a currency, and reading a
// typed amount back ("$1,250.50", "1.250,50 €", "(12)") into currency units or the contract's unit.
import { currencyDigits, currencyName } from './currency';
import { fromCurrencyUnits, toCurrencyUnits, toMinorUnits } from './money-amount';
import type { MoneySpec } from './money-amount';

const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** 1250.5 USD -> "$1,250.50" (en-US), "1.250,50 $" (de-DE). `amount` is in currency units. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  return moneyFormat(currency, locale).format(amount);
}

/** A value as the contract keeps it (cents or currency units), formatted in its currency. */
export function formatContractMoney(
  value: number,
  spec: MoneySpec,
  currency: string,
  locale?: string,
): string {
  return formatMoney(toCurrencyUnits(value, spec), currency, locale);
}

export type ParsedMoney = { ok: true; amount: number } | { ok: false; message: string };

interface Separators {
  group: string;
  decimal: string;
  symbol: string;
}

function separators(currency: string, locale: string | undefined): Separators {
  const parts = moneyFormat(currency, locale).formatToParts(-12345.5);
  const of = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { group: of('group'), decimal: of('decimal') || '.', symbol: of('currency') };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A typed amount in currency units. Currency signs, the code and grouping are dropped; the locale's
 * decimal mark is read, and so is a '.' or ',' followed by other than three digits (someone typing
 * 1250.50 in a locale that groups with '.'). More decimals than the currency has is an error.
 */
export function parseMoney(text: string, currency: string, locale?: string): ParsedMoney {
  const { group, decimal, symbol } = separators(currency, locale);
  let t = text.trim();
  const bracketed = /^\(.*\)$/.test(t);
  if (bracketed) t = t.slice(1, -1);
  t = t
    .replace(new RegExp(escape(currency), 'ig'), '')
    .replace(symbol ? new RegExp(escape(symbol), 'g') : /$^/, '')
    .replace(/[\s\u00a0\u202f$€£¥¤']/g, '')
    .replace(/[\u2212\u2012\u2013]/g, '-');
  const negative = bracketed || t.startsWith('-');
  t = t.replace(/^[-+]/, '');
  if (group && group.trim()) {
    // A grouping mark followed by exactly three digits groups; followed by anything else it is meant as a decimal mark.
    const groupRe = new RegExp(`${escape(group)}(?=\\d{3}(?!\\d))`, 'g');
    t = t.replace(groupRe, '');
  }
  t = t.replace(decimal, '.').replace(/,/g, '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) {
    return { ok: false, message: `“${text.trim()}” is not an amount of money` };
  }
  const digits = currencyDigits(currency);
  const fraction = t.includes('.') ? t.split('.')[1]!.replace(/0+$/, '') : '';
  if (fraction.length > digits) {
    const name = currencyName(currency, locale);
    return {
      ok: false,
      message:
        digits === 0
          ? `“${text.trim()}” has decimals, but amounts in ${name} are whole numbers`
          : `“${text.trim()}” has more than ${digits} decimal places, the most ${name} amounts have`,
    };
  }
  const amount = Number(t);
  return { ok: true, amount: negative && amount !== 0 ? -amount : amount };
}

export type ParsedContractMoney = { ok: true; value: number } | { ok: false; message: string };

/** A typed amount as the contract wants it: an integer when the contract keeps minor units. */
export function parseContractMoney(
  text: string,
  spec: MoneySpec,
  currency: string,
  locale?: string,
): ParsedContractMoney {
  const parsed = parseMoney(text, currency, locale);
  if (!parsed.ok) return parsed;
  const value = fromCurrencyUnits(parsed.amount, spec);
  if (!Number.isSafeInteger(toMinorUnits(parsed.amount, spec.digits))) {
    return { ok: false, message: `“${text.trim()}” is too large an amount` };
  }
  return { ok: true, value };
}
