// Money in the contract's unit and in currency units: exact conversions, rounding at the currency's
// own minor digits, sums without float drift, Intl formatting and reading typed amounts back.
import { describe, expect, it } from 'vitest';
import {
  addMinor,
  currencyCodes,
  currencyDigits,
  currencyForLocale,
  formatContractMoney,
  formatMoney,
  fromCurrencyUnits,
  isCurrencyCode,
  MoneyOutOfRange,
  parseContractMoney,
  parseMoney,
  regionCurrency,
  roundToCurrency,
  sumMoney,
  toCurrencyUnits,
  toMinorUnits,
} from '../../../../src/shared/money';
import { tabledRegions } from '../../../../src/shared/money/region-currency';

const cents = { unit: 'minor', digits: 2 } as const;
const dollars = { unit: 'major', digits: 2 } as const;
/** Intl separates amount and sign with no-break spaces in some locales; compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('currency digits and codes', () => {
  it('reads minor digits from Intl: USD 2, JPY 0, BHD 3', () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('BHD')]).toEqual([2, 0, 3]);
  });

  it('accepts ISO 4217 codes Intl knows, nothing else', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('EURO')).toBe(false);
    expect(isCurrencyCode(978)).toBe(false);
  });

  it('maps every region of its table to a code Intl knows', () => {
    const unknown = tabledRegions().filter((r) => !currencyCodes().has(regionCurrency(r)!));
    expect(unknown).toEqual([]);
    expect(tabledRegions().length).toBeGreaterThan(230);
  });
});

describe('the default currency of a locale', () => {
  it.each([
    ['en-US', 'USD'],
    ['en-GB', 'GBP'],
    ['de-AT', 'EUR'],
    ['fr-CA', 'CAD'],
    ['ja-JP', 'JPY'],
    ['de-CH', 'CHF'],
    ['en-IN', 'INR'],
  ])('%s -> %s', (locale, currency) => {
    expect(currencyForLocale(locale)).toBe(currency);
  });

  it('asks Intl for the likely region of a bare language or a macro-region', () => {
    expect(currencyForLocale('ja')).toBe('JPY');
    expect(currencyForLocale('de')).toBe('EUR');
    expect(currencyForLocale('en-150')).toBe('USD');
  });

  it('honours a currency chosen in the locale itself, and says “no currency” for nonsense', () => {
    expect(currencyForLocale('en-US-u-cu-eur')).toBe('EUR');
    expect(currencyForLocale('en-GB-u-ca-gregory-cu-chf')).toBe('CHF');
    expect(currencyForLocale('not a locale!')).toBe('XXX');
  });
});

describe('amounts between units', () => {
  it('rounds half away from zero at the currency’s digits, without binary surprises', () => {
    expect(roundToCurrency(1.005, 2)).toBe(1.01);
    expect(roundToCurrency(-1.005, 2)).toBe(-1.01);
    expect(roundToCurrency(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundToCurrency(1234.5, 0)).toBe(1235);
    expect(roundToCurrency(1.0005, 3)).toBe(1.001);
    expect(toMinorUnits(-0.001, 2)).toBe(0);
  });

  it('converts cents to and from currency units exactly, always as integers', () => {
    expect(toCurrencyUnits(145050, cents)).toBe(1450.5);
    expect(fromCurrencyUnits(1450.5, cents)).toBe(145050);
    expect(fromCurrencyUnits(19.99, cents)).toBe(1999);
    expect(fromCurrencyUnits(12.345, cents)).toBe(1235);
    expect(Number.isInteger(fromCurrencyUnits(1033.335, cents))).toBe(true);
    expect(fromCurrencyUnits(12.345, dollars)).toBe(12.35);
    expect(toCurrencyUnits(12.5, dollars)).toBe(12.5);
    expect(fromCurrencyUnits(1250.4, { unit: 'minor', digits: 0 })).toBe(1250);
  });

  it('sums without drift in either unit', () => {
    expect(
      sumMoney(
        Array.from({ length: 1000 }, () => 0.1),
        dollars,
      ),
    ).toBe(100);
    expect(sumMoney([0.1, 0.2], dollars)).toBe(0.3);
    expect(sumMoney([1999, 1, 100000], cents)).toBe(102000);
    expect(sumMoney([], cents)).toBe(0);
  });

  it('adds in integer minor units of the contract’s unit, and refuses a sum past the exact range in words', () => {
    expect(addMinor([1450.5, 0.1, 0.2], dollars)).toBe(145080);
    expect(addMinor([145050, 30], cents)).toBe(145080);
    // 2^53 − 1 cents is the last sum a number holds exactly; one cent more is refused, not rounded.
    expect(addMinor([Number.MAX_SAFE_INTEGER - 1, 1], cents)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => addMinor([Number.MAX_SAFE_INTEGER, 1], cents)).toThrow(MoneyOutOfRange);
    expect(() => sumMoney([9e13, 9e13], dollars)).toThrow(/larger than PropDesk can add up exactly/);
    const refused = (() => {
      try {
        return addMinor([1e300], dollars);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(MoneyOutOfRange);
    expect((refused as MoneyOutOfRange).toAppError().code).toBe('money_out_of_range');
  });
});

describe('money as text', () => {
  it('formats in the given currency and locale', () => {
    expect(formatMoney(1250.5, 'USD', 'en-US')).toBe('$1,250.50');
    expect(plain(formatMoney(1250.5, 'EUR', 'de-DE'))).toBe('1.250,50 €');
    expect(formatMoney(1250.5, 'GBP', 'en-GB')).toBe('£1,250.50');
    expect(formatMoney(125000, 'JPY', 'ja-JP')).toMatch(/^[¥￥]125,000$/);
    expect(formatContractMoney(145050, cents, 'USD', 'en-US')).toBe('$1,450.50');
  });

  it.each([
    ['1250.50', 'USD', 'en-US', 1250.5],
    ['$1,250.50', 'USD', 'en-US', 1250.5],
    [' USD 1,250 ', 'USD', 'en-US', 1250],
    ['(12.00)', 'USD', 'en-US', -12],
    ['-7', 'USD', 'en-US', -7],
    ['1.250,50 €', 'EUR', 'de-DE', 1250.5],
    ['1250,5', 'EUR', 'de-DE', 1250.5],
    ['1250.50', 'EUR', 'de-DE', 1250.5],
    ['1.250', 'EUR', 'de-DE', 1250],
    ['1 250,50', 'EUR', 'fr-FR', 1250.5],
    ['12,5', 'USD', 'en-US', 12.5],
    ['¥125,000', 'JPY', 'ja-JP', 125000],
  ])('reads “%s” (%s, %s) as %d', (text, currency, locale, amount) => {
    expect(parseMoney(text, currency, locale)).toEqual({ ok: true, amount });
  });

  it('says what is wrong with text that is not an amount', () => {
    expect(parseMoney('lots', 'USD', 'en-US')).toEqual({
      ok: false,
      message: '“lots” is not an amount of money',
    });
    expect(parseMoney('1.234,5', 'USD', 'en-US').ok).toBe(false);
    const decimals = parseMoney('12.345', 'USD', 'en-US');
    expect(decimals).toMatchObject({
      ok: false,
      message: expect.stringMatching(/more than 2 decimal places/),
    });
    expect(parseMoney('1250.5', 'JPY', 'en-US')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/whole numbers/),
    });
    expect(parseMoney('', 'USD', 'en-US').ok).toBe(false);
  });

  it('reads a typed amount into the contract’s unit: integer cents where it keeps cents', () => {
    expect(parseContractMoney('$1,450.50', cents, 'USD', 'en-US')).toEqual({ ok: true, value: 145050 });
    expect(parseContractMoney('19.99', cents, 'USD', 'en-US')).toEqual({ ok: true, value: 1999 });
    expect(parseContractMoney('19.99', dollars, 'USD', 'en-US')).toEqual({ ok: true, value: 19.99 });
    expect(parseContractMoney('1e300', cents, 'USD', 'en-US').ok).toBe(false);
    expect(parseContractMoney('99999999999999999999', cents, 'USD', 'en-US').ok).toBe(false);
  });
});
