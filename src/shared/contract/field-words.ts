// Field names read as words: "address_line1" -> "Address line 1", "unit_id" -> "Unit",
// "is_active" -> "Active". The one place a field's machine name becomes a label; a contract's own
// `title` for a field always wins over it. Its siblings: a field's enum value (enumWords, below) and a
// collection's or resource type's name (collectionWords, resourceNoun in shared/service).
import { isResourceType } from '../service/collections';

/** Short forms people write in capitals, or spell out (a map: a field may be named "constructor"). */
const WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    id: 'ID',
    ids: 'IDs',
    url: 'URL',
    uri: 'URI',
    api: 'API',
    zip: 'ZIP',
    vat: 'VAT',
    iban: 'IBAN',
    sms: 'SMS',
    utc: 'UTC',
    sqft: 'sq ft',
    pcm: 'per month',
    no: 'no.',
  }),
);

/** Suffixes that name the unit a value is in: shown in brackets after the rest. */
const UNIT_SUFFIXES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    cents: '(cents)',
    minor: '(minor units)',
    bytes: '(bytes)',
    pct: '(%)',
    percent: '(%)',
  }),
);

/** Splits any naming style into lower-case words: snake, kebab, camel, dotted, letters then digits. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/**
 * A field name as a label. `<resource>_id` names the record it points at ("Unit"); a boolean's
 * `is_` is dropped ("Active"); a timestamp's `_at` is dropped ("Created"); unit suffixes go in
 * brackets ("Size (bytes)"). Non-field identifiers ("maintenance_request") read the same way.
 */
export function fieldWords(name: string): string {
  let words = nameWords(name);
  if (words.length === 0) return name;
  const last = words[words.length - 1]!;
  const head = words.slice(0, -1);
  if ((last === 'id' || last === 'ids') && head.length > 0 && isResourceType(head.join('_'))) {
    words = last === 'ids' ? [...head.slice(0, -1), `${head[head.length - 1]}s`] : head;
  } else if (last === 'at' && head.length > 0) {
    words = head;
  }
  if (words.length > 1 && words[0] === 'is') words = words.slice(1);
  const unit = words.length > 1 ? UNIT_SUFFIXES.get(words[words.length - 1]!) : undefined;
  if (unit) words = [...words.slice(0, -1), unit];
  const out = words.map((w) => WORDS.get(w) ?? w);
  const first = out[0]!;
  out[0] = first === first.toUpperCase() ? first : first[0]!.toUpperCase() + first.slice(1);
  return out.join(' ');
}

/** The label of a field: the contract's `title` when it gives one, else its name as words. */
export function fieldLabel(name: string, title?: unknown): string {
  return typeof title === 'string' && title.trim() ? title.trim() : fieldWords(name);
}

/** "monthly rent" from "Monthly rent": a field's label inside a sentence ("ID", "ZIP code" stay). */
export function inSentence(label: string): string {
  if (label.length > 1 && label[1] === label[1]!.toUpperCase()) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** A value of a field's enum as the screens and files say it: "make_ready" -> "make ready". */
export const enumWords = (value: string): string => value.replace(/_/g, ' ');
