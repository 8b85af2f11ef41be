// A `pattern` in openapi.json is untrusted input: it runs in a linear-time engine (re2js) or not at
// all, and over-long values are refused before any pattern runs. Checked on both fixture contracts
// (a 3.1 record schema field and a 3.0 suggestion schema field).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContract, validateChanges } from '../../../../src/shared/contract';

type Doc = { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
const fixture = (name: string): Doc =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../fixtures/contracts', name), 'utf8')) as Doc;

/** acme 3.1: the property's `state` field, read through $refs into PropertyFields. */
function acmeWith(state: Record<string, unknown>) {
  const doc = fixture('acme-openapi-3.1.json');
  doc.components.schemas.PropertyFields!.properties.state = state;
  return compileContract(doc);
}

/** harbor 3.0: the building's `postcode` field inside the suggestion schema's `fields`. */
function harborWith(postcode: Record<string, unknown>) {
  const doc = fixture('harbor-openapi-3.0.json');
  const suggestion = doc.components.schemas.BuildingSuggestion as unknown as {
    properties: { fields: { properties: Record<string, unknown> } };
  };
  suggestion.properties.fields.properties.postcode = postcode;
  return compileContract(doc);
}

function problems(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return [];
  // The finding as zod reports it; how a person reads it is issue-words' concern (tested there).
  return (
    result.error as { issues: Array<{ path: PropertyKey[]; code: string; maximum?: number }> }
  ).issues.map((i) => ({
    path: i.path.map(String).join('.'),
    code: i.code,
    ...(i.maximum !== undefined ? { maximum: i.maximum } : {}),
  }));
}

const CATASTROPHIC = '^(a+)+$';

describe('contract patterns run in the linear engine', () => {
  // With a backtracking engine (JavaScript's RegExp), ^(a+)+$ against many "a"s and a final "!" tries
  // every way of splitting the "a"s before failing: about 2^n steps, astronomically long for n = 9,999
  // (already a second for n = 25). These checks finish at all, within the test timeout, only
  // because the pattern runs in re2js, whose time grows linearly with the value. How long they take is
  // not asserted here: speed belongs in benchmarks.
  it('refuses a 10,000-character value that defeats backtracking, on both contracts', () => {
    const value = `${'a'.repeat(9999)}!`;
    const acme = acmeWith({ type: 'string', pattern: CATASTROPHIC });
    expect(problems(acme.resources.property.updateSchema, { state: value })).toEqual([
      { path: 'state', code: 'invalid_format' },
    ]);
    expect(problems(acme.resources.property.updateSchema, { state: 'aaaa' })).toEqual([]);
    const harbor = harborWith({ type: 'string', pattern: CATASTROPHIC });
    expect(problems(harbor.resources.property.updateSchema, { postcode: value })).toEqual([
      { path: 'postcode', code: 'invalid_format' },
    ]);
  });

  it('runs the pattern over a 50,000-character value when the field allows that length', () => {
    const value = `${'a'.repeat(49999)}!`;
    const acme = acmeWith({ type: 'string', maxLength: 100_000, pattern: CATASTROPHIC });
    expect(problems(acme.resources.property.updateSchema, { state: value })).toEqual([
      { path: 'state', code: 'invalid_format' },
    ]);
    expect(problems(acme.resources.property.updateSchema, { state: 'a'.repeat(50_000) })).toEqual([]);
  });

  it('refuses a value longer than 10,000 characters before any pattern runs, with one finding', () => {
    const value = `${'a'.repeat(49999)}!`;
    const acme = acmeWith({ type: 'string', pattern: CATASTROPHIC });
    expect(problems(acme.resources.property.updateSchema, { state: value })).toEqual([
      { path: 'state', code: 'too_big', maximum: 10_000 },
    ]);
    const harbor = harborWith({ type: 'string', pattern: CATASTROPHIC });
    expect(problems(harbor.resources.property.updateSchema, { postcode: value })).toEqual([
      { path: 'postcode', code: 'too_big', maximum: 10_000 },
    ]);
  });

  it('refuses a value longer than the field’s maxLength before its pattern, with one finding', () => {
    const c = acmeWith({ type: 'string', maxLength: 20, pattern: CATASTROPHIC });
    expect(problems(c.resources.property.updateSchema, { state: 'a'.repeat(21) })).toEqual([
      { path: 'state', code: 'too_big', maximum: 20 },
    ]);
    expect(problems(c.resources.property.updateSchema, { state: 'a'.repeat(20) })).toEqual([]);
  });

  it('reports a pattern the linear engine cannot run as a contract problem, and leaves that check to the service', () => {
    // Lookahead and back-references need backtracking; re2js refuses them, so they never run here.
    for (const pattern of ['^(?=.*\\d)[a-z\\d]+$', '^(a)\\1$']) {
      const c = acmeWith({ type: 'string', pattern });
      expect(c.warnings.join(' ')).toContain(`pattern ${pattern}`);
      expect(c.warnings.join(' ')).toMatch(/state/);
      expect(problems(c.resources.property.updateSchema, { state: 'no digits here' })).toEqual([]);
    }
  });

  it('keeps ordinary patterns working, on nullable fields, inside arrays and through validateChanges', () => {
    const acme = compileContract(fixture('acme-openapi-3.1.json'));
    expect(problems(acme.resources.property.updateSchema, { state: 'CA' })).toEqual([]);
    expect(problems(acme.resources.property.updateSchema, { state: 'Ca' })).toHaveLength(1);
    const harbor = compileContract(fixture('harbor-openapi-3.0.json'));
    expect(problems(harbor.resources.property.updateSchema, { postcode: 'AB1 2CD' })).toEqual([]);
    expect(problems(harbor.resources.property.updateSchema, { postcode: 'ab' })).toHaveLength(1);

    const nullable = harborWith({ type: 'string', nullable: true, pattern: '^[A-Z]{2}$' });
    expect(problems(nullable.resources.property.updateSchema, { postcode: null })).toEqual([]);
    expect(problems(nullable.resources.property.updateSchema, { postcode: 'zz' })).toHaveLength(1);

    const list = acmeWith({ type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' } });
    expect(problems(list.resources.property.updateSchema, { state: ['CA', 'ny', 'TX'] })).toEqual([
      { path: 'state.1', code: 'invalid_format' },
    ]);

    const checked = validateChanges(acme, {
      changes: [{ operation: 'update', resourceType: 'property', resourceId: 'p1', fields: { state: 'c' } }],
    });
    expect(checked).toMatchObject({
      ok: false,
      problems: [
        { index: 0, path: 'fields.state', message: expect.stringMatching(/^State must be/) as unknown },
      ],
    });
  });
});
