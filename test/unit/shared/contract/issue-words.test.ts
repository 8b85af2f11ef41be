// Every problem a contract's validators can report, worded for a person: the field's label and what
// it accepts, never zod's own phrasing. A contract with one field per kind of check drives every
// issue code the compiler can produce (real contracts: issue-words-contracts.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkFields, compileContract, issueSentence } from '../../../../src/shared/contract';
import type { CompiledContract, ResourceContract } from '../../../../src/shared/contract';
import { COLLECTIONS } from '../../../../src/shared/service';

/** Words only a validator uses; none may reach a person. */
const ZOD_WORDS =
  /expected|received|invalid input|too small|too big|invalid option|unrecognized|nonoptional/i;

const FIELDS: Record<string, unknown> = {
  monthly_rent: { type: 'number', minimum: 0 },
  deposit: { type: 'number', exclusiveMinimum: 0 },
  bedrooms: { type: 'integer', maximum: 20 },
  discount: { type: 'number', exclusiveMaximum: 100 },
  rent_step: { type: 'number', multipleOf: 5 },
  title: { type: 'string', minLength: 1, maxLength: 10 },
  code: { type: 'string', minLength: 3 },
  state: { type: 'string', pattern: '^[A-Z]{2}$', description: 'Two-letter state code' },
  ref_code: { type: 'string', pattern: '^R-\\d+$' },
  priority: { type: 'string', enum: ['low', 'normal', 'high', 'emergency'] },
  kind: { const: 'unit' },
  mixed: { enum: ['a', 1] },
  end_date: { type: 'string', format: 'date' },
  starts_at: { type: 'string', format: 'date-time' },
  email: { type: 'string', format: 'email' },
  website: { type: 'string', format: 'uri' },
  token: { type: 'string', format: 'uuid' },
  opens: { type: 'string', format: 'time' },
  moved_out: { type: ['string', 'null'], format: 'date' },
  tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
  keys: { type: 'array', items: { type: 'string' }, contains: { const: 'front' } },
  address: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  extras: { type: 'object', propertyNames: { pattern: '^x_' } },
  meta: { type: 'object', minProperties: 1 },
  // `not` is beyond z.fromJSONSchema: this field goes through PropDesk's own converter.
  nickname: { type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$', not: { const: 'xx' } },
  either: { oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] },
  is_active: { type: 'boolean' },
};

/** One writable schema for every resource type, found the way a real contract is: through paths. */
function zooContract(): CompiledContract {
  const writable = { type: 'object', required: ['monthly_rent', 'priority'], properties: FIELDS };
  const record = {
    allOf: [{ type: 'object', properties: { id: { type: 'string', readOnly: true } } }, writable],
  };
  const list = {
    responses: {
      '200': {
        description: 'page',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { data: { type: 'array', items: record } } },
          },
        },
      },
    },
  };
  const paths: Record<string, unknown> = {};
  for (const c of COLLECTIONS) paths[`/api/v1/${c}`] = { get: list };
  return compileContract({ openapi: '3.1.0', info: { title: 'Zoo', version: '1' }, paths });
}

const zoo = zooContract();
const lease = zoo.resources.lease;
const label = (r: ResourceContract, name: string) => r.createFields.find((f) => f.name === name)!.label;

/** One wrong value per check, and the issue codes it must raise. */
const BAD: Array<[string, unknown, string]> = [
  ['monthly_rent', -1, 'too_small'],
  ['deposit', 0, 'too_small'],
  ['bedrooms', 21, 'too_big'],
  ['bedrooms', 1.5, 'invalid_type'],
  ['discount', 100, 'too_big'],
  ['rent_step', 7, 'not_multiple_of'],
  ['title', '', 'too_small'],
  ['title', 'far too long a title', 'too_big'],
  ['code', 'ab', 'too_small'],
  ['state', 'texas', 'invalid_format'],
  ['ref_code', 'X-1', 'invalid_format'],
  ['priority', 'urgent', 'invalid_value'],
  ['kind', 'flat', 'invalid_value'],
  ['mixed', 'b', 'invalid_union'],
  ['end_date', 'soon', 'invalid_format'],
  ['starts_at', '2027-01-31', 'invalid_format'],
  ['email', 'nobody', 'invalid_format'],
  ['website', 'not a url', 'invalid_format'],
  ['token', '1234', 'invalid_format'],
  ['opens', '9am', 'invalid_format'],
  ['moved_out', 5, 'invalid_union'],
  ['tags', [], 'too_small'],
  ['tags', ['a', 'b', 'c', 'd'], 'too_big'],
  ['tags', ['a', 'a'], 'custom'],
  ['tags', [1], 'invalid_type'],
  ['keys', ['back'], 'custom'],
  ['address', {}, 'invalid_type'],
  ['address', { city: 'Leeds', county: 'West Yorkshire' }, 'unrecognized_keys'],
  ['extras', { colour: 'red' }, 'invalid_key'],
  ['meta', {}, 'too_small'],
  ['nickname', 'a', 'too_small'],
  ['nickname', 'abcde', 'too_big'],
  ['nickname', 'AB', 'invalid_format'],
  ['either', 'ab', 'invalid_union'],
  ['is_active', 'maybe', 'invalid_type'],
  ['monthly_rent', '1200', 'invalid_type'],
];

const valid = { monthly_rent: 1000, priority: 'low' };

describe('every issue the contract compiler can produce, in words', () => {
  it('raises each issue code zod has, but invalid_element (no schema makes maps or sets)', () => {
    const seen = new Set<string>();
    for (const [name, value, code] of BAD) {
      const result = lease.createSchema.safeParse({ ...valid, [name]: value });
      expect(result.success, `${name} = ${JSON.stringify(value)}`).toBe(false);
      const codes = result.error!.issues.map((i) => i.code);
      expect(codes, name).toContain(code);
      codes.forEach((c) => seen.add(c));
    }
    // Required and unknown names come from the object around the fields.
    lease.createSchema
      .safeParse({ priority: 'low', colour: 'red' })
      .error!.issues.forEach((i) => seen.add(i.code));
    expect([...seen].sort()).toEqual([
      'custom',
      'invalid_format',
      'invalid_key',
      'invalid_type',
      'invalid_union',
      'invalid_value',
      'not_multiple_of',
      'too_big',
      'too_small',
      'unrecognized_keys',
    ]);
  });

  it.each(BAD)('%s = %j reads as a sentence with the field’s label', (name, value) => {
    const problems = checkFields(lease, 'create', { ...valid, [name]: value });
    expect(problems.length, name).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.field).toBe(name);
      expect(p.message.startsWith(label(lease, name))).toBe(true);
      expect(p.message).not.toMatch(ZOD_WORDS);
    }
  });

  it('says what is allowed, in the words a landlord would use', () => {
    const said = (name: string, value: unknown) =>
      checkFields(lease, 'create', { ...valid, [name]: value }).map((p) => p.message);
    expect(said('monthly_rent', -1)).toEqual(['Monthly rent must be 0 or more']);
    expect(said('priority', 'urgent')).toEqual(['Priority must be one of: low, normal, high, emergency']);
    expect(said('end_date', 'soon')).toEqual(['End date must be a date like 2027-01-31']);
    expect(said('deposit', 0)).toEqual(['Deposit must be more than 0']);
    expect(said('bedrooms', 1.5)).toEqual(['Bedrooms must be a whole number']);
    expect(said('title', '')).toEqual(['Title can’t be empty']);
    expect(said('title', 'far too long a title')).toEqual(['Title must have at most 10 characters']);
    expect(said('state', 'texas')).toEqual([
      'State must be in the form the service asks for (Two-letter state code)',
    ]);
    expect(said('ref_code', 'X-1')).toEqual(['Ref code must match the pattern ^R-\\d+$']);
    expect(said('opens', '9am')).toEqual(['Opens must be a time like 14:30:00Z']);
    expect(said('email', 'nobody')).toEqual(['Email must be an email address like name@example.com']);
    expect(said('moved_out', 5)).toEqual(['Moved out must be a date like 2027-01-31, or left empty']);
    expect(said('moved_out', 'later')).toEqual(['Moved out must be a date like 2027-01-31']);
    expect(said('rent_step', 7)).toEqual(['Rent step must be a multiple of 5']);
    expect(said('tags', ['a', 'a'])).toEqual(['Tags › item 2 lists the same value more than once']);
    expect(said('address', {})).toEqual(['Address › City must be text']);
    expect(said('address', { city: 'Leeds', county: 'West Yorkshire' })).toEqual([
      'Address has a part the service doesn’t accept: county',
    ]);
    expect(said('kind', 'flat')).toEqual(['Kind must be unit']);
    expect(said('is_active', 'maybe')).toEqual(['Active must be yes or no']);
  });

  it('names missing and unknown fields, and an update that changes nothing', () => {
    expect(checkFields(lease, 'create', { priority: 'low', colour: 'red' })).toEqual([
      {
        field: 'monthly_rent',
        path: 'monthly_rent',
        kind: 'missing',
        message: 'Monthly rent is required for a new lease',
      },
      {
        field: 'colour',
        path: 'colour',
        kind: 'unknown',
        message: '“colour” is not a field the service accepts for a new lease',
      },
    ]);
    expect(checkFields(zoo.resources.maintenance_request, 'update', {})).toEqual([
      {
        field: null,
        path: '',
        kind: 'change',
        message: 'Change at least one field of this maintenance request',
      },
    ]);
  });

  it('has a sentence for invalid_element too, should a schema ever produce one', () => {
    const issue = {
      code: 'invalid_element',
      origin: 'set',
      key: 1,
      issues: [],
      path: [],
      message: 'Invalid element',
    };
    expect(issueSentence(issue as z.core.$ZodIssue, { label: 'Keys' })).toBe(
      'Keys has an item that the service doesn’t accept',
    );
  });

  it('words any value at all without validator phrasing', () => {
    const names = Object.keys(FIELDS);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.jsonValue(), (name, value) => {
        for (const p of checkFields(lease, 'create', { ...valid, [name]: value })) {
          expect(p.message).not.toMatch(ZOD_WORDS);
          expect(p.message.startsWith(label(lease, name))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
