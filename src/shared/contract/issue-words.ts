// Validation problems in words a person can act on: the field's label and what it accepts
// ("Monthly rent must be 0 or more", "End date must be a date like 2027-01-31"). Every issue code
// zod can report has a sentence here (the switch is exhaustive), so none of zod's own phrasing
// ("Invalid input: expected number, received string") reaches a screen.
import type { z } from 'zod';
import { assertNever } from '../app-error';
import type { EnumValue, FieldDescriptor } from './field-descriptor';
import { fieldWords } from './field-words';

type Issue = z.core.$ZodIssue;

/** Examples a person can copy; the year is arbitrary but always a real calendar date. */
const FORMATS: Record<string, string> = {
  date: 'a date like 2027-01-31',
  'date-time': 'a date and time like 2027-01-31T14:30:00Z',
  datetime: 'a date and time like 2027-01-31T14:30:00Z',
  time: 'a time like 14:30:00Z',
  duration: 'a duration like P1M (one month) or PT2H (two hours)',
  email: 'an email address like name@example.com',
  uri: 'a web address like https://example.com',
  url: 'a web address like https://example.com',
  uuid: 'an identifier like 123e4567-e89b-12d3-a456-426614174000',
  hostname: 'a host name like example.com',
  ipv4: 'an IPv4 address like 192.0.2.1',
  ipv6: 'an IPv6 address like 2001:db8::1',
  e164: 'a phone number in international form like +14155550123',
};

const TYPES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  integer: 'a whole number',
  boolean: 'yes or no',
  null: 'empty',
  array: 'a list',
  object: 'a group of named values',
  record: 'a group of named values',
  date: 'a date like 2027-01-31',
};

const SHOWN_VALUES = 12;

/** "low, normal, high" (the values the service accepts, as it spells them). */
export function valueList(values: readonly unknown[]): string {
  const shown = values.slice(0, SHOWN_VALUES).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return values.length > SHOWN_VALUES
    ? `${shown.join(', ')} (and ${values.length - SHOWN_VALUES} more)`
    : shown.join(', ');
}

function oneOf(values: readonly unknown[]): string {
  return values.length === 1 ? valueList(values) : `one of: ${valueList(values)}`;
}

/** What a field accepts, as the end of "… must be": "a number", "one of: low, high". */
export function allowedWords(d: Pick<FieldDescriptor, 'type' | 'format' | 'enumValues'>): string {
  switch (d.type) {
    case 'enum':
      return oneOf((d.enumValues ?? []) as EnumValue[]);
    case 'string':
      return (d.format && FORMATS[d.format]) ?? 'text';
    case 'date':
    case 'date-time':
      return FORMATS[d.type]!;
    case 'number':
    case 'integer':
    case 'boolean':
      return TYPES[d.type]!;
    case 'unknown':
      return 'a value the service accepts';
    default:
      return assertNever(d.type, 'field type');
  }
}

/** "Monthly rent must be a number" (or "…, or left empty" where the contract allows that). */
export function mustBe(
  label: string,
  d: Pick<FieldDescriptor, 'type' | 'format' | 'enumValues' | 'nullable'>,
): string {
  return `${label} must be ${allowedWords(d)}${d.nullable ? ', or left empty' : ''}`;
}

const num = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : String(n));

function sizeWord(origin: string, n: number | bigint): string {
  const count = num(n);
  const one = count === '1';
  if (origin === 'string') return `${count} character${one ? '' : 's'}`;
  if (origin === 'object') return `${count} value${one ? '' : 's'}`;
  return `${count} item${one ? '' : 's'}`;
}

function tooSmall(label: string, issue: Extract<Issue, { code: 'too_small' }>): string {
  const { origin, minimum, inclusive } = issue;
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive
      ? `${label} must be ${num(minimum)} or more`
      : `${label} must be more than ${num(minimum)}`;
  }
  if (origin === 'date') return `${label} must be on or after ${num(minimum)}`;
  if (origin === 'string' && num(minimum) === '1') return `${label} can’t be empty`;
  if (issue.exact) return `${label} must have exactly ${sizeWord(origin, minimum)}`;
  return `${label} must have at least ${sizeWord(origin, minimum)}`;
}

function tooBig(label: string, issue: Extract<Issue, { code: 'too_big' }>): string {
  const { origin, maximum, inclusive } = issue;
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive
      ? `${label} must be ${num(maximum)} or less`
      : `${label} must be less than ${num(maximum)}`;
  }
  if (origin === 'date') return `${label} must be on or before ${num(maximum)}`;
  if (issue.exact) return `${label} must have exactly ${sizeWord(origin, maximum)}`;
  return `${label} must have at most ${sizeWord(origin, maximum)}`;
}

function badFormat(
  label: string,
  issue: Extract<Issue, { code: 'invalid_format' }>,
  d?: FieldDescriptor,
): string {
  // A format the compiler turned into a pattern (time) is still named by the contract's format.
  const known = (d?.format && FORMATS[d.format]) ?? FORMATS[issue.format];
  if (known) return `${label} must be ${known}`;
  if ('prefix' in issue && typeof issue.prefix === 'string')
    return `${label} must start with “${issue.prefix}”`;
  if ('suffix' in issue && typeof issue.suffix === 'string')
    return `${label} must end with “${issue.suffix}”`;
  if ('includes' in issue && typeof issue.includes === 'string')
    return `${label} must contain “${issue.includes}”`;
  if (issue.format === 'regex') {
    return d?.description
      ? `${label} must be in the form the service asks for (${d.description})`
      : `${label} must match the pattern ${d?.pattern ?? issue.pattern ?? ''}`.trimEnd();
  }
  return `${label} must be a valid ${fieldWords(issue.format).toLowerCase()}`;
}

/** The most telling issue inside a failed union: one about the value itself, not its type. */
function unionDetail(issue: Extract<Issue, { code: 'invalid_union' }>): Issue | undefined {
  const inner = issue.errors.flat();
  return inner.find(
    (i) => i.code !== 'invalid_type' && i.code !== 'invalid_value' && i.code !== 'invalid_union',
  );
}

export interface IssueSubject {
  /** The field the issue is about, when the contract describes it (not for a part inside it). */
  field?: FieldDescriptor | undefined;
  /** What the person calls it: the field's label, with any part inside it ("Address › City"). */
  label: string;
}

/** One sentence for one issue; the label always starts it. */
export function issueSentence(issue: Issue, subject: IssueSubject): string {
  const { label, field: d } = subject;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return `${label} must be a whole number`;
      if (d) return mustBe(label, d);
      return `${label} must be ${TYPES[issue.expected] ?? 'a value the service accepts'}`;
    case 'too_small':
      return tooSmall(label, issue);
    case 'too_big':
      return tooBig(label, issue);
    case 'invalid_format':
      return badFormat(label, issue, d);
    case 'not_multiple_of':
      return `${label} must be a multiple of ${num(issue.divisor)}`;
    case 'invalid_value':
      return `${label} must be ${oneOf(issue.values)}`;
    case 'unrecognized_keys':
      return `${label} has ${issue.keys.length === 1 ? 'a part' : 'parts'} the service doesn’t accept: ${valueList(issue.keys)}`;
    case 'invalid_union': {
      const detail = unionDetail(issue);
      if (detail) return issueSentence(detail, subject);
      if (d) return mustBe(label, d);
      const values = issue.errors.flat().flatMap((i) => (i.code === 'invalid_value' ? i.values : []));
      return values.length > 0
        ? `${label} must be ${oneOf(values)}`
        : `${label} isn’t in a form the service accepts`;
    }
    case 'invalid_key':
      return `${label} has a name inside it that the service doesn’t accept`;
    case 'invalid_element':
      return `${label} has an item that the service doesn’t accept`;
    case 'custom':
      // The contract compiler's own checks (uniqueItems, contains) speak validator; anything else
      // comes from PropDesk's refinements, already written for a person.
      if (/^Array items must be unique/.test(issue.message))
        return `${label} lists the same value more than once`;
      if (/^Array must contain/.test(issue.message))
        return `${label} doesn’t include the items the service asks for`;
      if (!issue.message || issue.message === 'Invalid input')
        return `${label} isn’t a value the service accepts`;
      return issue.message;
    default:
      return assertNever(issue, 'validation issue');
  }
}

/** "Address › City" for a problem inside a field; list positions count from 1. */
export function pathLabel(label: string, inner: readonly PropertyKey[]): string {
  const parts = inner.map((p) => (typeof p === 'number' ? `item ${p + 1}` : fieldWords(String(p))));
  return [label, ...parts].join(' › ');
}

/** An issue of any checked shape, labelled from its path ("API key must have at least 8 characters"). */
export function issueAtPath(issue: Issue, rootLabel = 'This value'): string {
  const [first, ...rest] = issue.path;
  const label = first === undefined ? rootLabel : pathLabel(fieldWords(String(first)), rest);
  return issueSentence(issue, { label });
}
