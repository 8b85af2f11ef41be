// Which of a record's own fields name it, ranked: the words of each field's name and title, its
// description, its format, and whether it is required or set by the service. A display name beats a
// title beats a unit number beats an address line beats a description; an email, ID, date or web
// address names a record only when nothing else can. No field is known by its full name.
import type { FieldDescriptor } from './field-descriptor';
import { nameWords } from './field-words';
import { moneyUnitOf } from './money-fields';
import { referencedCollection } from './references';

export interface LabelCandidate {
  /** One field, or a person's first and last name read together. */
  fields: string[];
  score: number;
  /** An email, date, web address or ID: names the record only when nothing else says anything. */
  weak: boolean;
  /** Named by its very name as the record's name or title, not merely described as one. */
  outright: boolean;
}

/** Scores by the words of a name; the first rule that matches wins. */
const WORD_RULES: Array<[(w: readonly string[]) => boolean, number]> = [
  [(w) => w.includes('display') && w.includes('name'), 120],
  [(w) => w.length === 2 && w[0] === 'full' && w[1] === 'name', 115],
  [(w) => w.length === 1 && w[0] === 'name', 110],
  [(w) => isPersonPart(w) !== null, 40],
  [(w) => w.at(-1) === 'name' || w.some((x) => x.endsWith('name') && x !== 'name'), 100],
  [(w) => w.includes('title') || w.includes('label'), 95],
  [(w) => w.includes('headline'), 90],
  [(w) => w.includes('subject') || w.includes('summary'), 85],
  [(w) => w.includes('unit') && ['number', 'no', 'code', 'num'].some((x) => w.includes(x)), 90],
  [
    (w) =>
      ['number', 'no', 'code', 'reference', 'num'].some((x) => w.includes(x)) &&
      !w.some((x) => CONTACT.has(x)),
    70,
  ],
  [(w) => (w.includes('address') || w.includes('street')) && !w.some((x) => /^[2-9]$/.test(x)), 60],
  [(w) => w.includes('description'), 30],
  [(w) => w.includes('details'), 25],
  [(w) => w.includes('notes') || w.includes('note') || w.includes('comment'), 15],
];

/** Numbers and codes that reach or place someone rather than name a record. */
const CONTACT = new Set([
  'postal',
  'zip',
  'post',
  'country',
  'currency',
  'area',
  'phone',
  'mobile',
  'fax',
  'tax',
  'vat',
  'bank',
  'account',
  'card',
  'routing',
  'sort',
]);
/** A name, title or label by its very name. */
const OUTRIGHT = 95;
/** Below this a field says nothing about naming its record (a city, a status, free notes). */
const NAMING_FLOOR = 20;

/** Words that make a field an identifier or a link, never a name a person reads. */
const NOT_A_NAME = new Set([
  'id',
  'ids',
  'ref',
  'uuid',
  'guid',
  'key',
  'token',
  'hash',
  'url',
  'uri',
  'type',
  'kind',
  'status',
  'state',
]);
/** Formats that name a record only when nothing else can. */
const WEAK_FORMATS = new Set([
  'email',
  'uuid',
  'uri',
  'url',
  'hostname',
  'ipv4',
  'ipv6',
  'date',
  'date-time',
  'time',
]);
const NAMING_TEXT =
  /\b(name[ds]?|call(ed|s)?|known (as|by)|title|label|heading|headline|display(ed)?|shown|recogni[sz]e[ds]?|reference)\b/i;
const NON_NAMING_TEXT = /\b(identifier|opaque|internal|secret|hash)\b/i;

const FIRST = new Set(['first', 'given', 'forename']);
const LAST = new Set(['last', 'family', 'surname']);

/** 'first' or 'last' for a person's name part ("given_name", "surname"), else null. */
function isPersonPart(words: readonly string[]): 'first' | 'last' | null {
  if (words.length === 1 && LAST.has(words[0]!)) return 'last';
  if (words.length === 1 && FIRST.has(words[0]!)) return null;
  if (words.length === 2 && words[1] === 'name' && FIRST.has(words[0]!)) return 'first';
  if (words.length === 2 && words[1] === 'name' && LAST.has(words[0]!)) return 'last';
  return null;
}

function wordScore(words: readonly string[]): number {
  for (const [matches, score] of WORD_RULES) if (matches(words)) return score;
  return 10;
}

/** How well one field names its record, or null when it never can. */
export function labelScore(d: FieldDescriptor): Omit<LabelCandidate, 'fields'> | null {
  const words = nameWords(d.name);
  if (d.name === 'id' || words.some((w) => NOT_A_NAME.has(w)) || referencedCollection(d.name)) return null;
  const textual = d.type === 'string' || d.type === 'date' || d.type === 'date-time';
  // A whole number can name a record ("unit_no": 12), an amount of money cannot.
  const numeric = (d.type === 'integer' || d.type === 'number') && moneyUnitOf(d) === null;
  if (!textual && !numeric) return null;
  const byWords = Math.max(wordScore(words), d.label ? wordScore(nameWords(d.label)) : 0);
  let score = byWords;
  if (numeric && score < 70) return null;
  // A description that says people call the record by this field is as good as its name saying so.
  if (d.description && NAMING_TEXT.test(d.description)) score += 60;
  if (d.description && NON_NAMING_TEXT.test(d.description)) score -= 30;
  if (d.maxLength !== undefined && d.maxLength > 300) score -= 40;
  if (d.required) score += 5;
  if (d.nullable) score -= 5;
  // Set by the service: a reference it issues ("L-1042") is a name; a timestamp or author is not.
  if (d.readOnly) score += score >= 70 ? 5 : -20;
  const weak = d.type !== 'string' || (d.format !== undefined && WEAK_FORMATS.has(d.format));
  // A timestamp or ID the service stamps on every record tells one record from another in nothing a person reads.
  if (weak && d.readOnly) return null;
  if (!weak && score < NAMING_FLOOR) return null;
  return { score: weak ? score - 200 : score, weak, outright: !weak && byWords >= OUTRIGHT };
}

/** The record's own naming fields, best first; ties keep the contract's order. */
export function rankLabelFields(fields: readonly FieldDescriptor[]): LabelCandidate[] {
  const out: LabelCandidate[] = [];
  let first: FieldDescriptor | undefined;
  let last: FieldDescriptor | undefined;
  for (const d of fields) {
    const part = d.type === 'string' ? isPersonPart(nameWords(d.name)) : null;
    if (part === 'first') first ??= d;
    if (part === 'last') last ??= d;
    const scored = labelScore(d);
    if (scored) out.push({ fields: [d.name], ...scored });
  }
  // A person as first and last name, when the contract keeps no whole name.
  if (first && last) out.push({ fields: [first.name, last.name], score: 105, weak: false, outright: true });
  return out
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.score - a.c.score || a.i - b.i)
    .map(({ c }) => c);
}

/** The date that says which charge a record is (due before paid, never a timestamp the service set). */
export function chargeDate(fields: readonly FieldDescriptor[]): string | undefined {
  const score = (d: FieldDescriptor) => {
    const w = nameWords(d.name);
    return (
      (w.includes('due') ? 20 : 0) +
      (w.includes('period') || w.includes('month') ? 10 : 0) +
      (d.required ? 5 : 0) -
      (d.readOnly ? 30 : 0) -
      (d.nullable ? 10 : 0)
    );
  };
  return best(
    fields.filter((d) => d.type === 'date' || d.type === 'date-time'),
    score,
  );
}

/** The amount that says how much a charge is (the amount before anything paid or outstanding). */
export function chargeAmount(fields: readonly FieldDescriptor[]): string | undefined {
  const score = (d: FieldDescriptor) => {
    const w = nameWords(d.name);
    return (
      (w.includes('amount') ? 20 : 0) +
      (w.includes('due') ? 5 : 0) -
      (w.includes('paid') ? 10 : 0) +
      (d.required ? 5 : 0) -
      (d.readOnly ? 30 : 0)
    );
  };
  return best(
    fields.filter((d) => moneyUnitOf(d) !== null),
    score,
  );
}

function best(fields: readonly FieldDescriptor[], score: (d: FieldDescriptor) => number): string | undefined {
  let top: { name: string; score: number } | undefined;
  for (const d of fields) {
    const s = score(d);
    if (!top || s > top.score) top = { name: d.name, score: s };
  }
  return top?.name;
}
