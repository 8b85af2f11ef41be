// Turns one field's schema into a zod validator. The schema is first inlined and normalised from
// OpenAPI 3.0 idioms (nullable, boolean exclusiveMinimum) to JSON Schema 2020-12, its patterns are
// taken out to run in a linear-time engine, and the rest is compiled with z.fromJSONSchema; whatever
// that can't handle falls back to a small converter of our own.
import { z } from 'zod';
import { separatePatterns } from './field-patterns';
import type { PatternIssue } from './field-patterns';
import type { Schema, SchemaResolver } from './schema-resolver';
import { isObject } from './schema-resolver';

const DROP = new Set([
  'discriminator',
  'xml',
  'externalDocs',
  'example',
  'examples',
  'nullable',
  'deprecated',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set(['items', 'not', 'additionalProperties', 'if', 'then', 'else', 'contains']);

/** OpenAPI 3.0 schema object -> JSON Schema 2020-12 (3.1 schemas pass through nearly unchanged). */
export function normaliseSchema(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(normaliseSchema);
  if (!isObject(input)) return input;
  const out: Schema = {};
  for (const [key, value] of Object.entries(input)) {
    if (DROP.has(key) || key.startsWith('x-')) continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseSchema(v)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(normaliseSchema);
    else if (SCHEMA_VALUES.has(key) && isObject(value)) out[key] = normaliseSchema(value);
    else out[key] = value;
  }
  // 3.0: exclusiveMinimum/Maximum are booleans modifying minimum/maximum.
  for (const [ex, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[ex] === 'boolean') {
      if (out[ex] === true && typeof out[bound] === 'number') {
        out[ex] = out[bound];
        delete out[bound];
      } else delete out[ex];
    }
  }
  if (input.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined && out.enum === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/** A small converter for the common field shapes, used when z.fromJSONSchema declines a schema. */
export function basicZod(schema: unknown): z.ZodType {
  if (!isObject(schema)) return z.unknown();
  if ('const' in schema) return z.literal(schema.const as never);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter(
      (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
    );
    if (values.length === 0) return z.never();
    return z.union(values.map((v) => z.literal(v as string)) as unknown as [z.ZodType, z.ZodType]);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const parts = branches.map(basicZod);
      return parts.length === 1 ? parts[0]! : z.union(parts as [z.ZodType, z.ZodType]);
    }
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length === 0) return z.unknown();
  const parts = types.map((t) => basicOfType(String(t), schema));
  return parts.length === 1 ? parts[0]! : z.union(parts as [z.ZodType, z.ZodType]);
}

function basicOfType(type: string, s: Schema): z.ZodType {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  switch (type) {
    case 'null':
      return z.null();
    case 'boolean':
      return z.boolean();
    case 'integer':
    case 'number': {
      let n = type === 'integer' ? z.number().int() : z.number();
      const min = num(s.minimum);
      const max = num(s.maximum);
      if (min !== undefined) n = n.min(min);
      if (max !== undefined) n = n.max(max);
      if (num(s.exclusiveMinimum) !== undefined) n = n.gt(num(s.exclusiveMinimum)!);
      if (num(s.exclusiveMaximum) !== undefined) n = n.lt(num(s.exclusiveMaximum)!);
      return n;
    }
    case 'string': {
      const str: z.ZodType<string> =
        s.format === 'date'
          ? z.iso.date()
          : s.format === 'date-time'
            ? z.iso.datetime({ offset: true })
            : z.string();
      // Real length checks, so their problems carry the limit to word for a person. Patterns never
      // reach zod: field-patterns.ts takes them out and runs them in a linear-time engine.
      const checks: Array<z.core.$ZodCheck<string>> = [];
      if (num(s.minLength) !== undefined) checks.push(z.minLength(num(s.minLength)!));
      if (num(s.maxLength) !== undefined) checks.push(z.maxLength(num(s.maxLength)!));
      return checks.length ? str.check(...checks) : str;
    }
    case 'array':
      return z.array(basicZod(s.items));
    case 'object':
      return z.record(z.string(), z.unknown());
    default:
      return z.unknown();
  }
}

export interface FieldValidatorCache {
  get(key: string): z.ZodType | undefined;
  set(key: string, value: z.ZodType): void;
}

function toZod(schema: unknown): z.ZodType {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return basicZod(schema);
  }
}

/**
 * The zod validator of one field's values; identical field schemas share one compiled validator.
 * `where` names the field for contract problems ("property field “state”").
 */
export function fieldValidator(
  schema: unknown,
  resolver: SchemaResolver,
  cache: FieldValidatorCache,
  where: string,
): z.ZodType {
  const normalised = normaliseSchema(resolver.inline(schema));
  const key = JSON.stringify(normalised);
  const known = cache.get(key);
  if (known) return known;
  // No pattern from the contract reaches zod (which would run it in JavaScript's RegExp).
  const { structural, check } = separatePatterns(normalised, {
    warn: (problem) =>
      resolver.warn(`The contract's ${problem} (${where}); PropDesk leaves that check to the service`),
    toZod,
  });
  const shape = toZod(structural);
  const validator = check
    ? shape.superRefine((value, ctx) => {
        const issues: PatternIssue[] = [];
        check(value, [], issues);
        for (const issue of issues) ctx.addIssue(asZodIssue(issue, value));
      })
    : shape;
  cache.set(key, validator);
  return validator;
}

/** A pattern check's finding as the zod issue that says the same, so issue-words words it. */
function asZodIssue(issue: PatternIssue, input: unknown): z.core.$ZodRawIssue {
  switch (issue.code) {
    case 'too_big':
      return {
        code: 'too_big',
        origin: 'string',
        maximum: issue.maximum,
        inclusive: true,
        path: issue.path,
        input,
      };
    case 'invalid_format':
      return {
        code: 'invalid_format',
        format: 'regex',
        pattern: issue.pattern,
        path: issue.path,
        input: String(input),
      };
    case 'invalid_key':
      return { code: 'invalid_key', origin: 'record', issues: [], path: issue.path, input: issue.key };
  }
}
