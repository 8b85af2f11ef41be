// Specialises the change-item schema of POST /api/v1/proposals to one (resourceType, operation)
// pair: follows oneOf/anyOf (with discriminator mappings), allOf and if/then/else, keeping the parts
// whose resourceType/operation constraints (const, enum, mapping) admit the pair. The result is one
// flat object schema whose `fields` property holds that pair's writable fields.
import type { Operation, ResourceType } from '../service';
import type { Schema, SchemaResolver } from './schema-resolver';
import { isObject, mergeSchemas } from './schema-resolver';

export interface ChangePair {
  resourceType: ResourceType;
  operation: Operation;
}

const KEYS = ['resourceType', 'operation'] as const;
const MAX_DEPTH = 40;

interface Specialised {
  schema: Schema;
  /** How many of resourceType/operation were pinned by a const, enum or mapping: more is more specific. */
  pinned: number;
}

/** true/false when the property's schema fixes the allowed values; undefined when it doesn't say. */
function allows(propSchema: unknown, value: string, resolver: SchemaResolver): boolean | undefined {
  const s = resolver.flatten(propSchema);
  if ('const' in s) return s.const === value;
  if (Array.isArray(s.enum)) return s.enum.includes(value);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) {
      const answers = branches.map((b) => allows(b, value, resolver));
      if (answers.every((a) => a !== undefined)) return answers.some(Boolean);
    }
  }
  return undefined;
}

/** Values a discriminator mapping gives to a branch ($ref): "lease" for "#/…/LeaseChange". */
function mappedValues(parent: Schema, branch: unknown): { property: string; values: string[] } | undefined {
  const disc = parent.discriminator;
  if (!isObject(disc) || typeof disc.propertyName !== 'string' || !isObject(disc.mapping)) return undefined;
  if (!isObject(branch) || typeof branch.$ref !== 'string') return undefined;
  const ref = branch.$ref;
  const values = Object.entries(disc.mapping)
    .filter(([, target]) => target === ref)
    .map(([value]) => value);
  return { property: disc.propertyName, values };
}

export function specialise(
  schema: unknown,
  pair: ChangePair,
  resolver: SchemaResolver,
  depth = 0,
): Specialised | null {
  const s = resolver.resolve(schema);
  if (depth > MAX_DEPTH) return { schema: s, pinned: 0 };
  const {
    allOf,
    oneOf,
    anyOf,
    if: ifSchema,
    then: thenSchema,
    else: elseSchema,
    discriminator: _d,
    ...own
  } = s;
  let pinned = 0;
  if (isObject(own.properties)) {
    for (const key of KEYS) {
      if (own.properties[key] === undefined) continue;
      const answer = allows(own.properties[key], pair[key], resolver);
      if (answer === false) return null;
      if (answer === true) pinned++;
    }
  }
  let merged: Schema = own;
  const add = (part: Specialised) => {
    merged = mergeSchemas(merged, part.schema);
    pinned += part.pinned;
  };
  for (const part of Array.isArray(allOf) ? allOf : []) {
    const r = specialise(part, pair, resolver, depth + 1);
    if (!r) return null;
    add(r);
  }
  for (const branches of [oneOf, anyOf]) {
    if (!Array.isArray(branches)) continue;
    let best: Specialised | null = null;
    for (const branch of branches) {
      const mapped = mappedValues(s, branch);
      let bonus = 0;
      if (mapped && (KEYS as readonly string[]).includes(mapped.property) && mapped.values.length) {
        if (!mapped.values.includes(pair[mapped.property as (typeof KEYS)[number]])) continue;
        bonus = 1;
      }
      const r = specialise(branch, pair, resolver, depth + 1);
      if (!r) continue;
      const candidate = { schema: r.schema, pinned: r.pinned + bonus };
      if (!best || candidate.pinned > best.pinned) best = candidate;
    }
    if (!best) return null;
    add(best);
  }
  if (ifSchema !== undefined) {
    // The condition holds for this pair unless its resourceType/operation constraints exclude it.
    const holds = specialise(ifSchema, pair, resolver, depth + 1) !== null;
    const branch = holds ? thenSchema : elseSchema;
    if (branch !== undefined) {
      const r = specialise(branch, pair, resolver, depth + 1);
      if (!r) return null;
      add({ schema: r.schema, pinned: r.pinned + (holds ? 1 : 0) });
    }
  }
  return { schema: merged, pinned };
}
