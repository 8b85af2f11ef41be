// Turns the text of one CSV cell into a value of its contract field's type. Spreadsheets write
// numbers with currency signs and thousands separators and booleans as yes/no, so those are read;
// anything that can't be read says what was expected. An empty cell means "not given".
import type { FieldDescriptor } from '../../../../../shared/contract';
import { mustBe } from '../../../../../shared/contract';

export type Converted = { ok: true; value: unknown } | { ok: false; message: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

function readNumber(text: string): number | null {
  // "$1,450.50", "1 450", "€ 12": grouping and currency signs are dropped; a decimal comma is not guessed.
  const cleaned = text.replace(/[\s$€£,]/g, '');
  if (!NUMBER.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** The field's rule, as everywhere else, and the text that broke it. */
const refused = (field: FieldDescriptor, text: string) => ({
  ok: false as const,
  message: `${mustBe(field.label, field)} (not “${text}”)`,
});

export function convertCell(raw: string, field: FieldDescriptor): Converted {
  const text = raw.trim();
  if (text === '') return { ok: true, value: undefined };
  // "null" empties a field that may be empty; elsewhere it is just text (or an error below).
  if (field.nullable && text.toLowerCase() === 'null') return { ok: true, value: null };
  switch (field.type) {
    case 'number': {
      const n = readNumber(text);
      return n === null ? refused(field, text) : { ok: true, value: n };
    }
    case 'integer': {
      const n = readNumber(text);
      return n !== null && Number.isInteger(n) ? { ok: true, value: n } : refused(field, text);
    }
    case 'boolean': {
      const t = text.toLowerCase();
      if (TRUE.has(t)) return { ok: true, value: true };
      if (FALSE.has(t)) return { ok: true, value: false };
      return refused(field, text);
    }
    case 'date':
      return isCalendarDate(text) ? { ok: true, value: text } : refused(field, text);
    case 'date-time': {
      const ms = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text) ? Date.parse(text.replace(' ', 'T')) : NaN;
      return Number.isNaN(ms) ? refused(field, text) : { ok: true, value: new Date(ms).toISOString() };
    }
    case 'enum': {
      const values = field.enumValues ?? [];
      const key = (v: string) => v.toLowerCase().replace(/[\s-]+/g, '_');
      const match =
        values.find((v) => String(v) === text) ?? values.find((v) => key(String(v)) === key(text));
      return match === undefined ? refused(field, text) : { ok: true, value: match };
    }
    case 'string':
    case 'unknown':
      return { ok: true, value: text };
  }
}
