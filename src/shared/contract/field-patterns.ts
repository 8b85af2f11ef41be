// Patterns from the service's contract are untrusted input: they run only in re2js, whose matching
// time grows linearly with the value, never in JavaScript's backtracking RegExp (one crafted pattern
// could hang main or the renderer). They are taken out of a field's schema before it becomes zod and
// checked by the function built here, which follows the value through properties, items and unions;
// a string longer than its field allows (10,000 characters when it says nothing) is refused before
// its pattern runs.
import { RE2JS } from 're2js';
import type { z } from 'zod';
import { isObject } from './schema-resolver';
import type { Schema } from './schema-resolver';

/** Longest string a pattern is run on when the field gives no maxLength. */
export const PATTERN_VALUE_LIMIT = 10_000;
/** Longer patterns are refused: no real field format needs one, and compiling costs grow with it. */
const MAX_PATTERN_LENGTH = 1_000;

/** What a pattern check found, shaped like the zod issue it becomes, so it is worded like any other. */
export type PatternIssue =
  | { path: Array<string | number>; code: 'too_big'; maximum: number }
  | { path: Array<string | number>; code: 'invalid_format'; pattern: string }
  | { path: Array<string | number>; code: 'invalid_key'; key: string };
export type PatternCheck = (value: unknown, path: Array<string | number>, issues: PatternIssue[]) => void;

export interface PatternOptions {
  /** Told about a pattern that is not run here, in words ("pattern … cannot …"). */
  warn: (problem: string) => void;
  /** The structural validator of a union branch, to tell which branch a value belongs to. */
  toZod: (schema: unknown) => z.ZodType;
}

export interface SeparatedSchema {
  /** The schema with no regular expression left in it. */
  structural: unknown;
  /** Checks its patterns; absent when it has none that run. */
  check?: PatternCheck;
}

// Keywords whose meaning would flip or spread if a pattern were taken out of them (a `not` of an
// emptied schema refuses everything): when one holds a pattern it is dropped whole, as open.
const DROPPED_WITH_A_PATTERN = ['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'dependentSchemas'];

function holdsPattern(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsPattern);
  if (!isObject(value)) return false;
  if (typeof value.pattern === 'string' || value.patternProperties !== undefined) return true;
  return Object.values(value).some(holdsPattern);
}

function compile(source: string, warn: PatternOptions['warn']): RE2JS | undefined {
  const shown = source.length > 80 ? `${source.slice(0, 80)}…` : source;
  if (source.length > MAX_PATTERN_LENGTH) {
    warn(`pattern ${shown} is longer than ${MAX_PATTERN_LENGTH} characters`);
    return undefined;
  }
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 120) : 'not readable';
    warn(`pattern ${shown} cannot run in a linear-time engine (${reason})`);
    return undefined;
  }
}

function stringCheck(schema: Schema, out: Schema, o: PatternOptions): PatternCheck | undefined {
  const re = compile(schema.pattern as string, o.warn);
  if (!re) return undefined;
  // The length is checked here, before the pattern, with one plain message instead of zod's.
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  delete out.maxLength;
  const limit = max ?? PATTERN_VALUE_LIMIT;
  const pattern = schema.pattern as string;
  return (value, path, issues) => {
    if (typeof value !== 'string') return;
    if (value.length > limit) issues.push({ path, code: 'too_big', maximum: limit });
    else if (!re.test(value)) issues.push({ path, code: 'invalid_format', pattern });
  };
}

/** Names inside an object checked against a pattern (propertyNames), by the same linear-time engine. */
function keyCheck(names: Schema, o: PatternOptions): PatternCheck | undefined {
  const re = compile(names.pattern as string, o.warn);
  if (!re) return undefined;
  const limit = typeof names.maxLength === 'number' ? names.maxLength : PATTERN_VALUE_LIMIT;
  return (value, path, issues) => {
    if (!isObject(value)) return;
    for (const key of Object.keys(value))
      if (key.length > limit || !re.test(key)) issues.push({ path, code: 'invalid_key', key });
  };
}

/** A propertyNames schema that is only a pattern (with a length), which keyCheck runs in full. */
function onlyAPattern(names: unknown): names is Schema {
  if (!isObject(names) || typeof names.pattern !== 'string') return false;
  return Object.keys(names).every((k) => ['pattern', 'type', 'maxLength'].includes(k));
}

function unionCheck(branches: SeparatedSchema[], o: PatternOptions): PatternCheck | undefined {
  if (!branches.some((b) => b.check)) return undefined;
  const known = branches.map((b) => ({ accepts: o.toZod(b.structural), check: b.check }));
  // The value passes when some branch takes it both in shape and in its patterns.
  return (value, path, issues) => {
    let first: PatternIssue[] | undefined;
    for (const branch of known) {
      if (!branch.accepts.safeParse(value).success) continue;
      const found: PatternIssue[] = [];
      branch.check?.(value, path, found);
      if (found.length === 0) return;
      first ??= found;
    }
    if (first) issues.push(...first);
  };
}

/** Splits a normalised field schema (no $refs left) into its structure and its pattern checks. */
export function separatePatterns(schema: unknown, o: PatternOptions): SeparatedSchema {
  if (Array.isArray(schema)) return { structural: schema.map((s) => separatePatterns(s, o).structural) };
  if (!isObject(schema)) return { structural: schema };
  const out: Schema = { ...schema };
  const checks: PatternCheck[] = [];
  const add = (check: PatternCheck | undefined) => check && checks.push(check);

  if (typeof schema.pattern === 'string') {
    delete out.pattern;
    add(stringCheck(schema, out, o));
  }
  if (isObject(schema.properties)) {
    const inner: Array<[string, PatternCheck]> = [];
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, sub]) => {
        const part = separatePatterns(sub, o);
        if (part.check) inner.push([name, part.check]);
        return [name, part.structural];
      }),
    );
    if (inner.length)
      add((value, path, issues) => {
        if (!isObject(value)) return;
        for (const [name, check] of inner)
          if (Object.hasOwn(value, name)) check(value[name], [...path, name], issues);
      });
  }
  if (isObject(schema.additionalProperties)) {
    const part = separatePatterns(schema.additionalProperties, o);
    out.additionalProperties = part.structural;
    const named = new Set(isObject(schema.properties) ? Object.keys(schema.properties) : []);
    if (part.check)
      add((value, path, issues) => {
        if (!isObject(value)) return;
        for (const [key, v] of Object.entries(value))
          if (!named.has(key)) part.check!(v, [...path, key], issues);
      });
  }
  if (isObject(schema.items)) {
    const part = separatePatterns(schema.items, o);
    out.items = part.structural;
    if (part.check)
      add((value, path, issues) => {
        if (Array.isArray(value)) value.forEach((v, i) => part.check!(v, [...path, i], issues));
      });
  }
  for (const key of ['prefixItems', 'items'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const parts = list.map((s) => separatePatterns(s, o));
    out[key] = parts.map((p) => p.structural);
    add((value, path, issues) => {
      if (Array.isArray(value))
        parts.forEach((p, i) => i < value.length && p.check?.(value[i], [...path, i], issues));
    });
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((s) => separatePatterns(s, o));
    out.allOf = parts.map((p) => p.structural);
    for (const part of parts) add(part.check);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const parts = list.map((s) => separatePatterns(s, o));
    out[key] = parts.map((p) => p.structural);
    add(unionCheck(parts, o));
  }
  if (onlyAPattern(schema.propertyNames)) {
    delete out.propertyNames;
    add(keyCheck(schema.propertyNames, o));
  }
  if (schema.patternProperties !== undefined) {
    // Its keys are patterns too. Without it, names it allowed would fall under additionalProperties.
    delete out.patternProperties;
    if (out.additionalProperties === false) delete out.additionalProperties;
    o.warn('patternProperties (names matched by patterns) are not checked');
  }
  for (const key of DROPPED_WITH_A_PATTERN) {
    if (key in out && holdsPattern(out[key])) {
      delete out[key];
      o.warn(`pattern inside "${key}" is not checked`);
    }
  }
  // Inlined schemas need no definitions; left in, their patterns would reach zod.
  delete out.$defs;
  delete out.definitions;
  if (checks.length === 0) return { structural: out };
  return { structural: out, check: (value, path, issues) => checks.forEach((c) => c(value, path, issues)) };
}
