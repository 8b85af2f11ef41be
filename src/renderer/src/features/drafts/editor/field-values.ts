// Between a change's typed field values and what its form inputs hold: raw input values per field,
// parsing them back by the contract's type, the fields an update actually sends (only those that
// differ from the record as fetched), and the shared zod validators' verdict per field.
import type { FieldDescriptor, ResourceContract } from '../../../../../shared/contract';
import { checkFields, mustBe } from '../../../../../shared/contract';
import type { Operation } from '../../../../../shared/service';

/** What an input holds: text for most controls, a boolean for a checkbox, null for "not set". */
export type RawValue = string | boolean | null;
export type RawValues = Record<string, RawValue>;

export type Parsed =
  { kind: 'absent' } | { kind: 'value'; value: unknown } | { kind: 'error'; message: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO date-time -> the value of an <input type="datetime-local"> in local time. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

export function rawFromValue(d: FieldDescriptor, value: unknown): RawValue {
  if (value === undefined || value === null) return d.type === 'boolean' ? null : '';
  switch (d.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'enum': {
      const index = (d.enumValues ?? []).findIndex((v) => v === value);
      return index >= 0 ? String(index) : '';
    }
    case 'date-time':
      return typeof value === 'string' ? toLocalInput(value) : '';
    case 'number':
    case 'integer':
      return typeof value === 'number' ? String(value) : String(value);
    case 'string':
    case 'date':
      return typeof value === 'string' ? value : String(value);
    case 'unknown':
      return JSON.stringify(value);
  }
}

export interface ParseContext {
  operation: Operation;
  /** The record as fetched, for updates; null when it could not be read. */
  snapshot: Record<string, unknown> | null;
}

function parseEmpty(d: FieldDescriptor, ctx: ParseContext): Parsed {
  // Creating: an empty input suggests nothing. Updating a record read earlier: empty means "clear
  // it" where the contract allows, otherwise it is a mistake. Without a snapshot: nothing to change.
  if (ctx.operation === 'create' || !ctx.snapshot) return { kind: 'absent' };
  if (d.nullable) return { kind: 'value', value: null };
  if (d.type === 'string') return { kind: 'value', value: '' };
  return { kind: 'error', message: `${d.label} needs a value; undo to keep the current one` };
}

export function parseRaw(d: FieldDescriptor, raw: RawValue | undefined, ctx: ParseContext): Parsed {
  if (raw === undefined) return { kind: 'absent' };
  if (raw === null || raw === '') return parseEmpty(d, ctx);
  if (typeof raw === 'boolean') return { kind: 'value', value: raw };
  switch (d.type) {
    case 'number':
    case 'integer': {
      const n = Number(raw.trim());
      if (raw.trim() === '' || !Number.isFinite(n)) return { kind: 'error', message: mustBe(d.label, d) };
      return { kind: 'value', value: n };
    }
    case 'enum': {
      const values = d.enumValues ?? [];
      const index = Number(raw);
      return Number.isInteger(index) && index >= 0 && index < values.length
        ? { kind: 'value', value: values[index] }
        : { kind: 'error', message: mustBe(d.label, d) };
    }
    case 'date-time': {
      const t = new Date(raw);
      return Number.isNaN(t.getTime())
        ? { kind: 'error', message: mustBe(d.label, d) }
        : { kind: 'value', value: t.toISOString() };
    }
    case 'boolean':
      return { kind: 'error', message: mustBe(d.label, d) };
    case 'unknown':
      try {
        return { kind: 'value', value: JSON.parse(raw) as unknown };
      } catch {
        return {
          kind: 'error',
          message: `${d.label} must be written as JSON, for example "text", 12 or {"name": "value"}`,
        };
      }
    case 'string':
    case 'date':
      return { kind: 'value', value: raw };
  }
}

export interface BuiltFields {
  /** What the change sends: for updates, only fields that differ from the record as fetched. */
  fields: Record<string, unknown>;
  /** Inputs that can't be read as their type, by field name. */
  inputErrors: Record<string, string>;
}

export function buildFields(
  descriptors: readonly FieldDescriptor[],
  raws: RawValues,
  ctx: ParseContext,
): BuiltFields {
  const fields: Record<string, unknown> = {};
  const inputErrors: Record<string, string> = {};
  for (const d of descriptors) {
    const parsed = parseRaw(d, raws[d.name], ctx);
    if (parsed.kind === 'error') inputErrors[d.name] = parsed.message;
    if (parsed.kind !== 'value') continue;
    if (ctx.operation === 'update' && ctx.snapshot) {
      const current = ctx.snapshot[d.name];
      // Back to the current value: the field is no longer part of the suggestion.
      if (sameValue(current ?? null, parsed.value)) continue;
    }
    fields[d.name] = parsed.value;
  }
  return { fields, inputErrors };
}

/** The raw input values a change's form starts from: the record as fetched, overlaid with the draft's values. */
export function initialRaws(
  descriptors: readonly FieldDescriptor[],
  fields: Record<string, unknown>,
  ctx: ParseContext,
): RawValues {
  const raws: RawValues = {};
  for (const d of descriptors) {
    const base = ctx.operation === 'update' && ctx.snapshot ? ctx.snapshot[d.name] : undefined;
    const value = Object.prototype.hasOwnProperty.call(fields, d.name) ? fields[d.name] : base;
    raws[d.name] = rawFromValue(d, value);
  }
  return raws;
}

export interface FieldVerdict {
  /** The first problem of each field, worded with its label. */
  byField: Record<string, string>;
  /** Required fields not given yet: pointed out once the user gets to them. */
  missing: ReadonlySet<string>;
  /** Problems of the change as a whole, e.g. "Change at least one field of this lease". */
  general: string[];
}

/** Runs the contract's own zod validator over the fields a change sends, in words for a person. */
export function validateFields(
  resource: ResourceContract,
  operation: Operation,
  fields: Record<string, unknown>,
): FieldVerdict {
  const byField: Record<string, string> = {};
  const missing = new Set<string>();
  const general: string[] = [];
  for (const p of checkFields(resource, operation, fields)) {
    if (p.field === null) general.push(p.message);
    else {
      byField[p.field] ??= p.message;
      if (p.kind === 'missing') missing.add(p.field);
    }
  }
  return { byField, missing, general };
}
