// Describes one field of a record or of a suggestion from its schema: a humanised label, a simple
// type for the UI, enum values, whether it may be null or is read-only, and its documented limits.
import type { Schema, SchemaResolver } from './schema-resolver';
import { isObject } from './schema-resolver';
import { fieldLabel } from './field-words';

export type FieldType =
  'string' | 'number' | 'integer' | 'boolean' | 'date' | 'date-time' | 'enum' | 'unknown';
export type EnumValue = string | number | boolean;

export interface FieldDescriptor {
  name: string;
  label: string;
  type: FieldType;
  enumValues?: EnumValue[];
  /** Must be given when creating (always false for updates and record fields). */
  required: boolean;
  nullable: boolean;
  readOnly: boolean;
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  description?: string;
  /** The schema's `x-` keywords, as the contract wrote them (e.g. a money unit). */
  extensions?: Record<string, unknown>;
}

function isNullSchema(s: unknown, resolver: SchemaResolver): boolean {
  const r = resolver.resolve(s);
  return (
    r.type === 'null' ||
    (Array.isArray(r.enum) && r.enum.length === 1 && r.enum[0] === null) ||
    r.const === null
  );
}

/** Splits a schema into "may be null" and the schema of its non-null values. */
export function unwrapNullable(
  schema: Schema,
  resolver: SchemaResolver,
): { core: Schema; nullable: boolean } {
  let nullable = schema.nullable === true;
  let core: Schema = schema;
  if (Array.isArray(core.type) && core.type.includes('null')) {
    nullable = true;
    const rest = core.type.filter((t) => t !== 'null');
    core = { ...core, type: rest.length === 1 ? rest[0] : rest };
  }
  if (Array.isArray(core.enum) && core.enum.includes(null)) {
    nullable = true;
    core = { ...core, enum: core.enum.filter((v) => v !== null) };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = core[key];
    if (!Array.isArray(branches)) continue;
    const nonNull = branches.filter((b) => !isNullSchema(b, resolver));
    if (nonNull.length < branches.length) {
      nullable = true;
      const { [key]: _drop, ...rest } = core;
      core =
        nonNull.length === 1 ? { ...resolver.flatten(nonNull[0]), ...rest } : { ...rest, [key]: nonNull };
    }
  }
  return { core, nullable };
}

function simpleType(core: Schema): FieldType {
  const types = Array.isArray(core.type) ? core.type : core.type === undefined ? [] : [core.type];
  if (types.length !== 1) return 'unknown';
  switch (types[0]) {
    case 'string':
      return core.format === 'date' ? 'date' : core.format === 'date-time' ? 'date-time' : 'string';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    default:
      return 'unknown';
  }
}

const isEnumValue = (v: unknown): v is EnumValue =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function describeField(
  name: string,
  schema: unknown,
  resolver: SchemaResolver,
  options: { required: boolean },
): FieldDescriptor {
  const flat = resolver.flatten(schema);
  const { core, nullable } = unwrapNullable(flat, resolver);
  const values = Array.isArray(core.enum) ? core.enum : 'const' in core ? [core.const] : undefined;
  const enumValues = values?.filter(isEnumValue);
  const type: FieldType = enumValues && enumValues.length > 0 ? 'enum' : simpleType(core);
  const d: FieldDescriptor = {
    name,
    label: fieldLabel(name, flat.title),
    type,
    required: options.required,
    nullable,
    readOnly: flat.readOnly === true || core.readOnly === true,
  };
  if (type === 'enum') d.enumValues = enumValues;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const min = num(core.minimum);
  const max = num(core.maximum);
  const exMin = num(core.exclusiveMinimum);
  const exMax = num(core.exclusiveMaximum);
  if (exMin !== undefined) [d.min, d.exclusiveMin] = [exMin, true];
  else if (min !== undefined) [d.min, d.exclusiveMin] = [min, core.exclusiveMinimum === true];
  if (exMax !== undefined) [d.max, d.exclusiveMax] = [exMax, true];
  else if (max !== undefined) [d.max, d.exclusiveMax] = [max, core.exclusiveMaximum === true];
  if (!d.exclusiveMin) delete d.exclusiveMin;
  if (!d.exclusiveMax) delete d.exclusiveMax;
  const minLength = num(core.minLength);
  const maxLength = num(core.maxLength);
  if (minLength !== undefined) d.minLength = minLength;
  if (maxLength !== undefined) d.maxLength = maxLength;
  if (typeof core.pattern === 'string') d.pattern = core.pattern;
  if (typeof core.format === 'string') d.format = core.format;
  const description = typeof flat.description === 'string' ? flat.description : core.description;
  if (typeof description === 'string' && description.trim()) d.description = description.trim();
  const extensions = Object.entries({ ...core, ...flat }).filter(([key]) => key.startsWith('x-'));
  if (extensions.length > 0) d.extensions = Object.fromEntries(extensions);
  return d;
}

/** The properties of an object schema as (name, schema) pairs, in the contract's order. */
export function objectProperties(schema: Schema): Array<[string, unknown]> {
  return isObject(schema.properties) ? Object.entries(schema.properties) : [];
}
