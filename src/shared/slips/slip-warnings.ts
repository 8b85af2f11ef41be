// The warnings the submit dialog shows beside a change whose values look like a slip: a money value
// ten times (or a tenth of) what it was, or changed by more than a quarter; a start after its end; a
// date already past in a field that should lie ahead; a deposit above three months' rent. Read from
// the change's fields over the record as it was read, with the fields' kinds from the contract; the
// limits are in slip-limits.ts and each warning states the one it used.
import { moneyUnitOf, nameWords } from '../contract';
import type { FieldDescriptor } from '../contract';
import {
  DEPOSIT_MONTHS_OF_RENT,
  DEPOSIT_WORDS,
  DIGIT_SLIP_TOLERANCE,
  END_DATE_WORDS,
  FUTURE_DATE_WORDS,
  MONEY_CHANGE_PERCENT,
  RENT_WORDS,
  START_DATE_WORDS,
} from './slip-limits';

export interface SlipWarning {
  /** The field the warning is about (the start's, for a start after its end). */
  field: string;
  text: string;
}

export interface SlipChange {
  operation: string;
  fields: Record<string, unknown>;
  snapshot: Record<string, unknown> | null;
}

/** How a value of a field reads on screen (money in the connection's currency, a date as a day). */
export type ValueText = (field: FieldDescriptor, value: unknown) => string;

const has = (field: FieldDescriptor, words: readonly string[]) =>
  nameWords(field.name).some((w) => words.includes(w));
const isDate = (field: FieldDescriptor) => field.type === 'date' || field.type === 'date-time';
const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function moneyWarning(field: FieldDescriptor, was: number, now: number, text: ValueText): string | null {
  if (was <= 0 || now < 0) return null;
  const ratio = now / was;
  const change = Math.abs(ratio - 1) * 100;
  if (change <= MONEY_CHANGE_PERCENT) return null;
  const from = `${text(field, was)} → ${text(field, now)}`;
  if (Math.abs(ratio - 10) <= 10 * DIGIT_SLIP_TOLERANCE)
    return `${field.label} ${from} is ten times the current value: an extra digit?`;
  if (Math.abs(ratio - 0.1) <= 0.1 * DIGIT_SLIP_TOLERANCE)
    return `${field.label} ${from} is a tenth of the current value: a missing digit?`;
  const way = ratio > 1 ? 'rises' : 'falls';
  return `${field.label} ${from} ${way} by ${change.toFixed(1)} %, more than the ${MONEY_CHANGE_PERCENT} % PropDesk checks for.`;
}

/** Every slip warning for one change, given the fields the contract describes for it and today's day. */
export function slipWarnings(
  change: SlipChange,
  fields: readonly FieldDescriptor[],
  today: string,
  text: ValueText,
): SlipWarning[] {
  const out: SlipWarning[] = [];
  const merged = { ...(change.snapshot ?? {}), ...change.fields };
  const typed = fields.filter((f) => Object.hasOwn(change.fields, f.name));
  for (const field of typed) {
    const now = change.fields[field.name];
    if (moneyUnitOf(field) && change.operation === 'update') {
      const was = finite(change.snapshot?.[field.name]);
      const value = finite(now);
      const words = was !== null && value !== null ? moneyWarning(field, was, value, text) : null;
      if (words) out.push({ field: field.name, text: words });
    }
    const when = isDate(field) ? day(now) : null;
    if (when && has(field, FUTURE_DATE_WORDS) && when < today)
      out.push({
        field: field.name,
        text: `${field.label} ${text(field, now)} is already past, though it usually lies ahead: is the year right?`,
      });
  }
  out.push(...orderWarnings(change, fields, merged, text), ...depositWarnings(change, fields, merged, text));
  return out;
}

/** A start after its end, where either was typed in this change. */
function orderWarnings(
  change: SlipChange,
  fields: readonly FieldDescriptor[],
  merged: Record<string, unknown>,
  text: ValueText,
): SlipWarning[] {
  const dates = fields.filter(isDate);
  const start = dates.find((f) => has(f, START_DATE_WORDS));
  const end = dates.find((f) => f !== start && has(f, END_DATE_WORDS));
  if (!start || !end) return [];
  if (!Object.hasOwn(change.fields, start.name) && !Object.hasOwn(change.fields, end.name)) return [];
  const from = day(merged[start.name]);
  const until = day(merged[end.name]);
  if (!from || !until || from <= until) return [];
  return [
    {
      field: start.name,
      text: `${start.label} ${text(start, merged[start.name])} is after ${end.label.toLowerCase()} ${text(end, merged[end.name])}.`,
    },
  ];
}

/** A deposit above the stated months of rent, where the deposit or the rent was typed in this change. */
function depositWarnings(
  change: SlipChange,
  fields: readonly FieldDescriptor[],
  merged: Record<string, unknown>,
  text: ValueText,
): SlipWarning[] {
  const money = fields.filter((f) => moneyUnitOf(f));
  const deposit = money.find((f) => has(f, DEPOSIT_WORDS));
  const rent = money.find((f) => f !== deposit && has(f, RENT_WORDS));
  if (!deposit || !rent) return [];
  if (!Object.hasOwn(change.fields, deposit.name) && !Object.hasOwn(change.fields, rent.name)) return [];
  const held = finite(merged[deposit.name]);
  const monthly = finite(merged[rent.name]);
  if (held === null || monthly === null || monthly <= 0) return [];
  // Both in the same unit, as the contract keeps them (cents beside dollars is converted).
  const major = (f: FieldDescriptor, v: number) => (moneyUnitOf(f) === 'minor' ? v / 100 : v);
  const months = major(deposit, held) / major(rent, monthly);
  if (months <= DEPOSIT_MONTHS_OF_RENT) return [];
  return [
    {
      field: deposit.name,
      text: `${deposit.label} ${text(deposit, held)} is ${months.toFixed(1)} months of rent (${text(rent, monthly)}), more than the ${DEPOSIT_MONTHS_OF_RENT} months PropDesk checks for.`,
    },
  ];
}
