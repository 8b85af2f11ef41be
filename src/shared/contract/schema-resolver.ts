// Reads schemas inside one OpenAPI document: follows local $refs (JSON pointers, cycle-safe), merges
// allOf parts into one flat view, and inlines a schema completely for conversion to zod. Schemas are
// reached only through paths and $refs, never by a component's name.
import { ContractError } from './contract-error';

export type Schema = Record<string, unknown>;

export function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_DEPTH = 64;

export class SchemaResolver {
  readonly warnings: string[] = [];

  constructor(private readonly root: unknown) {}

  /** The value a local JSON pointer ("#/components/…") points at. */
  target(ref: string): unknown {
    if (!ref.startsWith('#')) {
      this.warn(`The contract refers to ${ref} outside itself; that part is treated as open`);
      return {};
    }
    const pointer = ref.slice(1);
    if (pointer === '') return this.root;
    if (!pointer.startsWith('/')) throw new ContractError(`The contract has a malformed reference ${ref}`);
    let current: unknown = this.root;
    for (const raw of pointer.slice(1).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
      else if (isObject(current) && Object.prototype.hasOwnProperty.call(current, key))
        current = current[key];
      else throw new ContractError(`The contract refers to ${ref}, which it does not contain`);
    }
    return current;
  }

  /** Follows $ref chains; keywords beside a $ref (description, readOnly, nullable …) are kept. */
  resolve(schema: unknown): Schema {
    let current: unknown = schema;
    const seen = new Set<string>();
    let siblings: Schema = {};
    while (isObject(current) && typeof current.$ref === 'string') {
      const ref = current.$ref;
      if (seen.has(ref)) {
        this.warn(`The contract's reference ${ref} points back to itself; that part is treated as open`);
        return {};
      }
      seen.add(ref);
      const { $ref: _ref, ...rest } = current;
      siblings = { ...rest, ...siblings };
      current = this.target(ref);
    }
    if (current === true || current === undefined) return { ...siblings };
    if (current === false) return { not: {}, ...siblings };
    if (!isObject(current)) throw new ContractError('The contract has a schema that is not an object');
    return Object.keys(siblings).length ? { ...current, ...siblings } : current;
  }

  /** One object view of a schema with its allOf parts merged (properties and required united). */
  flatten(schema: unknown, depth = 0): Schema {
    const s = this.resolve(schema);
    if (!Array.isArray(s.allOf) || depth > MAX_DEPTH) return s;
    const { allOf, ...own } = s;
    let out: Schema = { ...own };
    for (const part of allOf as unknown[]) out = mergeSchemas(out, this.flatten(part, depth + 1));
    return out;
  }

  /** A self-contained copy with every $ref replaced by its target; a cycle becomes an open schema. */
  inline(schema: unknown, stack: ReadonlySet<string> = new Set(), depth = 0): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.inline(s, stack, depth + 1));
    if (!isObject(schema)) return schema;
    if (depth > MAX_DEPTH) return {};
    if (typeof schema.$ref === 'string') {
      if (stack.has(schema.$ref)) return {};
      const next = new Set(stack).add(schema.$ref);
      const { $ref, ...rest } = schema;
      const target = this.inline(this.target($ref), next, depth + 1);
      return isObject(target) ? { ...target, ...(this.inline(rest, next, depth + 1) as Schema) } : target;
    }
    // Built from entries, never by assignment: a field may be named "__proto__" or "constructor".
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        // Enum and const values and examples are data, not schemas: copy them as they are.
        key === 'enum' || key === 'const' || key === 'example' || key === 'examples' || key === 'default'
          ? value
          : this.inline(value, stack, depth + 1),
      ]),
    );
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }
}

/** Merges b into a: properties united (a name in both becomes allOf of both), required united. */
export function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...b, ...a };
  if (isObject(a.properties) || isObject(b.properties)) {
    // A field's name is the contract's, so it may be one an object has already ("constructor",
    // "toString") or one that assigning would not make a property ("__proto__"): kept in a map.
    const props = new Map(Object.entries(isObject(a.properties) ? a.properties : {}));
    for (const [name, schema] of Object.entries(isObject(b.properties) ? b.properties : {})) {
      const before = props.get(name);
      props.set(name, before === undefined ? schema : { allOf: [before, schema] });
    }
    out.properties = Object.fromEntries(props);
  }
  const required = [
    ...(Array.isArray(a.required) ? a.required : []),
    ...(Array.isArray(b.required) ? b.required : []),
  ].filter((r): r is string => typeof r === 'string');
  if (required.length) out.required = [...new Set(required)];
  // The stricter additionalProperties wins: false over a schema over true/absent.
  if (a.additionalProperties === false || b.additionalProperties === false) out.additionalProperties = false;
  return out;
}
