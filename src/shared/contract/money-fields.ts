// Which fields of a contract hold money, and in which unit. A number the contract names or describes
// as rent, an amount, a price, a deposit, a fee or a balance is money; it is kept in minor units
// (cents) when its name ends in _cents or _minor, or its description, format or an `x-` keyword says
// so. Nothing here knows a field by its full name: the words decide.
import type { MoneyUnit } from '../money/money-amount';
import type { FieldDescriptor } from './field-descriptor';
import { nameWords } from './field-words';

type Described = Pick<FieldDescriptor, 'name' | 'type'> &
  Partial<Pick<FieldDescriptor, 'description' | 'format' | 'extensions'>>;

const MONEY_WORDS = new Set([
  'rent',
  'amount',
  'price',
  'deposit',
  'fee',
  'fees',
  'balance',
  'cost',
  'charge',
  'payment',
  'premium',
  'arrears',
]);
const MINOR_WORDS = new Set(['cents', 'cent', 'minor', 'pence']);
/** Words that make a number something else even beside a money word: "rent_increase_percent". */
const NOT_MONEY = new Set([
  'percent',
  'pct',
  'rate',
  'ratio',
  'count',
  'days',
  'months',
  'years',
  'number',
  'no',
]);

const MINOR_TEXT = /\b(cents?|pence|minor (currency )?units?|smallest (currency )?units?)\b/i;
const MONEY_TEXT = /\b(currency|money|dollars?|euros?|pounds sterling|monetary)\b/i;

function extensionSays(extensions: Record<string, unknown> | undefined): MoneyUnit | 'money' | undefined {
  if (!extensions) return undefined;
  let found: MoneyUnit | 'money' | undefined;
  for (const [key, value] of Object.entries(extensions)) {
    if (!/money|currency|amount|unit/i.test(key)) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (MINOR_TEXT.test(text) || /\bminor\b/i.test(text)) return 'minor';
    if (/\b(major|decimal)\b/i.test(text)) found = 'major';
    else if (/money|currency/i.test(key)) found ??= 'money';
  }
  return found;
}

/** The unit a field keeps money in, or null when it is not money. */
export function moneyUnitOf(field: Described): MoneyUnit | null {
  if (field.type !== 'number' && field.type !== 'integer') return null;
  const words = nameWords(field.name);
  if (words.some((w) => NOT_MONEY.has(w))) return null;
  const description = field.description ?? '';
  const format = field.format ?? '';
  const extension = extensionSays(field.extensions);
  const minor =
    extension === 'minor' ||
    words.some((w) => MINOR_WORDS.has(w)) ||
    MINOR_TEXT.test(description) ||
    /cents|minor/i.test(format);
  const money =
    minor ||
    extension !== undefined ||
    words.some((w) => MONEY_WORDS.has(w)) ||
    MONEY_TEXT.test(description) ||
    /money|currency/i.test(format);
  if (!money) return null;
  return minor ? 'minor' : 'major';
}

/** Every money field of a list of fields, by name. */
export function moneyFields(fields: readonly Described[]): Map<string, MoneyUnit> {
  const out = new Map<string, MoneyUnit>();
  for (const field of fields) {
    const unit = moneyUnitOf(field);
    if (unit) out.set(field.name, unit);
  }
  return out;
}
