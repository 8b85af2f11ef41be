// The default column order of a collection's list: what names the record first (its own name, or
// the records it links to when those name it, as a lease by its unit and tenant), then what a
// landlord scans a list for (its states, its key date, its key amount), then the rest. Each field's
// role comes from the contract: links, enums, dates and money, read from the words of its name and
// its type as the label rule reads them; no field is known by its full name.
import type { Collection } from '../service';
import type { FieldDescriptor } from './field-descriptor';
import { nameWords } from './field-words';
import { labelPlanFor } from './label-plan';
import { moneyUnitOf } from './money-fields';
import { referencedCollection } from './references';

/** Last words of a field that holds another record's identifier ("unit_ref", "lease_id"). */
const LINK_WORDS = new Set(['id', 'ref', 'key', 'uuid']);
/** Words of the date a list is scanned by: when a lease ends, when a charge is due. */
const KEY_DATE_WORDS = new Set(['end', 'ends', 'ending', 'expires', 'expiry', 'until', 'due', 'next']);
/** Words of the amount a list is scanned by: the rent or the charge, before a deposit or a fee. */
const KEY_MONEY_WORDS = new Set(['rent', 'amount', 'due', 'total']);

function isLink(d: FieldDescriptor): boolean {
  if (d.name === 'id') return false;
  if (referencedCollection(d.name)) return true;
  const words = nameWords(d.name);
  return words.length > 1 && LINK_WORDS.has(words.at(-1)!) && (d.type === 'string' || d.type === 'integer');
}

/**
 * Fields in a plain order: what people edit first, then fields the service sets itself (read-only
 * ones such as timestamps), with the record's own ID last.
 */
export function orderForDisplay<T extends { name: string; readOnly?: boolean }>(fields: readonly T[]): T[] {
  const rank = (f: T) => (f.name === 'id' ? 2 : f.readOnly || /_(at|by)$/.test(f.name) ? 1 : 0);
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/** A date or amount a person writes, not a time the service stamps. */
const writable = (d: FieldDescriptor) => !d.readOnly && !/_(at|by)$/.test(d.name);

function best(
  fields: readonly FieldDescriptor[],
  score: (d: FieldDescriptor) => number,
): FieldDescriptor | undefined {
  let top: FieldDescriptor | undefined;
  for (const d of fields) if (!top || score(d) > score(top)) top = d;
  return top;
}

const hits = (d: FieldDescriptor, words: ReadonlySet<string>) =>
  nameWords(d.name).filter((w) => words.has(w)).length;

function keyDate(fields: readonly FieldDescriptor[]): FieldDescriptor | undefined {
  const dates = fields.filter((d) => (d.type === 'date' || d.type === 'date-time') && writable(d));
  return best(
    dates,
    (d) => hits(d, KEY_DATE_WORDS) * 20 + (d.type === 'date' ? 5 : 0) + (d.required ? 2 : 0),
  );
}

function keyMoney(fields: readonly FieldDescriptor[]): FieldDescriptor | undefined {
  const amounts = fields.filter((d) => moneyUnitOf(d) !== null && writable(d));
  return best(amounts, (d) => hits(d, KEY_MONEY_WORDS) * 20 + (d.required ? 2 : 0));
}

/**
 * The fields in a list's default order. `described` says which collections the contract holds
 * records of, so a link into one it does not is not followed for a name.
 */
export function keyFieldOrder<T extends FieldDescriptor>(
  collection: Collection,
  fields: readonly T[],
  described: (collection: Collection) => boolean,
): T[] {
  const plan = labelPlanFor(collection, fields, described);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const contextLinks = new Set(
    plan.context.flatMap((p) => (p.kind === 'reference' ? p.options : [])).map((o) => o.field),
  );
  const afterLinks = new Set(
    plan.after.flatMap((p) => (p.kind === 'reference' ? p.options : [])).map((o) => o.field),
  );
  // A link the label rule cannot follow (a "unit_ref") still names a record that is named by its links.
  const links = fields.filter(
    (d) => contextLinks.has(d.name) || (!plan.ownWithContext && isLink(d) && !afterLinks.has(d.name)),
  );
  const ownName = plan.own.find((c) => !c.weak);
  const names = [
    ...(ownName && (plan.ownWithContext || links.length === 0) ? ownName.fields : []),
    ...links.map((d) => d.name),
  ];
  const scan = [
    ...fields.filter((d) => d.type === 'enum' && writable(d)).map((d) => d.name),
    keyDate(fields)?.name,
    keyMoney(fields)?.name,
  ];
  const first = [...new Set([...names, ...scan])].filter((n): n is string => n !== undefined);
  const taken = new Set(first);
  return [...first.map((n) => byName.get(n)!), ...orderForDisplay(fields.filter((f) => !taken.has(f.name)))];
}
