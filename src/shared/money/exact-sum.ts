// The one way PropDesk adds money up: every amount turned into integer minor units of its currency
// (through the contract's money unit: cents as they are, currency units shifted by the currency's
// digits), added as integers, and refused in words once a sum passes the largest integer a number
// holds exactly (2^53 − 1 minor units, about 90 trillion dollars) instead of being rounded quietly.
import type { AppError } from '../app-error';
import { contractToMinor, minorToContract } from './money-amount';
import type { MoneySpec } from './money-amount';

/** A sum or an amount PropDesk cannot hold exactly; said to the user as it is. */
export class MoneyOutOfRange extends Error {
  readonly code = 'money_out_of_range';

  constructor(what: string) {
    super(
      `${what} is larger than PropDesk can add up exactly (${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')} of the currency's smallest units), so no total is shown rather than a rounded one. Narrow the figure (a shorter period, fewer records) to see it.`,
    );
    this.name = 'MoneyOutOfRange';
  }

  toAppError(): AppError {
    return { code: this.code, message: this.message };
  }
}

/** A value as the contract keeps it, in integer minor units; throws past the exact range. */
export function minorOf(value: number, spec: MoneySpec): number {
  const minor = contractToMinor(value, spec);
  if (!Number.isSafeInteger(minor)) throw new MoneyOutOfRange(`An amount of ${String(value)}`);
  return minor;
}

/**
 * Two sums in integer minor units added. Both are exact integers, so the sum is exact unless it
 * leaves the safe range, which the check sees (a rounded result is not a safe integer).
 */
export function plusMinor(total: number, minor: number): number {
  const sum = total + minor;
  if (!Number.isSafeInteger(sum)) throw new MoneyOutOfRange('A sum of these amounts');
  return sum;
}

/** Values in the contract's unit added exactly, as integer minor units. */
export function addMinor(values: Iterable<number>, spec: MoneySpec): number {
  let total = 0;
  for (const value of values) total = plusMinor(total, minorOf(value, spec));
  return total;
}

/** The sum of values in the contract's unit, added exactly, in that unit. */
export function sumMoney(values: Iterable<number>, spec: MoneySpec): number {
  return minorToContract(addMinor(values, spec), spec);
}
