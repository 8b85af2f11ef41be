// The sum under a filtered list of payments, as both sides work it out: the field added up (the
// contract's money field of payments, in its own unit), the values added as whole minor units and said
// in currency units, and main's answer for every record the filters match in the offline copy.
import { z } from 'zod';
import type { CompiledContract } from './contract';
import { moneyUnitOf } from './contract';
import { currencyDigits, sumMoney, toCurrencyUnits } from './money';
import type { MoneyUnit } from './money';
import type { Collection } from './service';

/** The collections whose filtered lists have a sum. */
export const SUMMED_COLLECTIONS = ['payments'] as const satisfies readonly Collection[];
export type SummedCollection = (typeof SUMMED_COLLECTIONS)[number];

export interface SummedField {
  name: string;
  unit: MoneyUnit;
}

/** The field a filtered list's sum adds up; undefined when its records carry no money field. */
export function summedField(
  collection: Collection,
  contract: CompiledContract | undefined,
): SummedField | undefined {
  if (!(SUMMED_COLLECTIONS as readonly Collection[]).includes(collection) || !contract) return undefined;
  const field = contract.recordFields[collection].find((f) => moneyUnitOf(f) !== null);
  const unit = field ? moneyUnitOf(field) : null;
  return field && unit ? { name: field.name, unit } : undefined;
}

/** Values in the field's unit, added as whole minor units (no drift of floating point), in currency units. */
export function sumInCurrency(values: Iterable<number>, unit: MoneyUnit, currency: string): number {
  const spec = { unit, digits: currencyDigits(currency) };
  return toCurrencyUnits(sumMoney(values, spec), spec);
}

/** Every record the filters match in the offline copy: how many, and their amounts' total. */
export const wholeSumSchema = z.object({
  count: z.number().int().nonnegative(),
  /** In currency units. */
  total: z.number(),
  /** When the copy was made (an ISO timestamp). */
  asOf: z.string(),
});
export type WholeSum = z.infer<typeof wholeSumSchema>;
