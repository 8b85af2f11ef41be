// Amounts of money between the contract's unit and currency units, exactly: minor units are
// integers, currency units are rounded to the currency's minor digits (half away from zero), and
// sums are taken in integer minor units so no float drift accumulates.
import { assertNever } from '../app-error';

/** How the contract keeps a money field: in currency units (12.50) or integer minor units (1250). */
export type MoneyUnit = 'major' | 'minor';

export interface MoneySpec {
  unit: MoneyUnit;
  /** The currency's minor digits (currencyDigits): 2 for USD, 0 for JPY, 3 for BHD. */
  digits: number;
}

/** Moves the decimal point by `places` through the decimal text, so 1.005 * 10^2 is 100.5, not 100.49999. */
function shift(value: number, places: number): number {
  const text = String(value);
  if (/e/i.test(text)) return value * 10 ** places;
  return Number(`${text}e${places}`);
}

function roundHalfAway(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** 12.345 USD -> 1235 (integer minor units, rounded half away from zero). */
export function toMinorUnits(amount: number, digits: number): number {
  return roundHalfAway(shift(amount, digits));
}

/** 1235 -> 12.35 for a two-digit currency. */
export function fromMinorUnits(minor: number, digits: number): number {
  return shift(Math.trunc(minor), -digits);
}

/** An amount in currency units rounded to the currency's minor digits. */
export function roundToCurrency(amount: number, digits: number): number {
  return fromMinorUnits(toMinorUnits(amount, digits), digits);
}

/** A value as the contract keeps it -> integer minor units. */
export function contractToMinor(value: number, spec: MoneySpec): number {
  switch (spec.unit) {
    case 'minor':
      return roundHalfAway(value);
    case 'major':
      return toMinorUnits(value, spec.digits);
    default:
      return assertNever(spec.unit, 'money unit');
  }
}

/** Integer minor units -> the value as the contract keeps it. */
export function minorToContract(minor: number, spec: MoneySpec): number {
  switch (spec.unit) {
    case 'minor':
      return Math.trunc(minor);
    case 'major':
      return fromMinorUnits(minor, spec.digits);
    default:
      return assertNever(spec.unit, 'money unit');
  }
}

/** A value as the contract keeps it -> currency units (1250 cents -> 12.5). */
export function toCurrencyUnits(value: number, spec: MoneySpec): number {
  return fromMinorUnits(contractToMinor(value, spec), spec.digits);
}

/** Currency units -> the value the contract wants (12.5 -> 1250 when it keeps cents). */
export function fromCurrencyUnits(amount: number, spec: MoneySpec): number {
  return minorToContract(toMinorUnits(amount, spec.digits), spec);
}

/** An amount, or a sum, too large to be counted exactly in minor units (beyond 2^53 of them). */
export class MoneyRangeError extends Error {
  readonly code = 'out_of_range';
  constructor() {
    super('The amounts add up to more than PropDesk can count exactly.');
    this.name = 'MoneyRangeError';
  }
}

/**
 * The sum of values in the contract's unit, added as integer minor units: exact, or a
 * MoneyRangeError when a value or the running total leaves the integers a number holds exactly.
 */
export function sumMoney(values: Iterable<number>, spec: MoneySpec): number {
  let total = 0;
  for (const value of values) {
    const minor = contractToMinor(value, spec);
    if (!Number.isSafeInteger(minor) || !Number.isSafeInteger(total + minor)) throw new MoneyRangeError();
    total += minor;
  }
  return minorToContract(total, spec);
}
