// Plain-language problems on real contracts and on the shapes PropDesk itself checks: a wrong value in
// every field of three contracts, a malformed batch, and refused IPC arguments.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  batchIssueSentence,
  checkFields,
  compileContract,
  issueAtPath,
  validateChanges,
} from '../../../../src/shared/contract';
import type { FieldDescriptor } from '../../../../src/shared/contract';
import { CHANNELS } from '../../../../src/shared/ipc';
import { RESOURCE_TYPES } from '../../../../src/shared/service';
import { buildOpenApi } from '../../../../src/sandbox/openapi/document';
import { loadFixture } from '../../../support/fixture';

/** Words only a validator uses; none may reach a person. */
const ZOD_WORDS =
  /expected|received|invalid input|too small|too big|invalid option|unrecognized|nonoptional/i;

/** A value of the wrong kind for a field, whatever the contract calls it. */
function wrongValue(d: FieldDescriptor): unknown {
  switch (d.type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'lots';
    case 'boolean':
      return 'maybe';
    case 'date':
    case 'date-time':
      return 'someday';
    case 'enum':
      return 'not-one-of-them';
    case 'unknown':
      return Symbol.for('nothing JSON can hold');
  }
}

describe.each([
  ['the sandbox', () => compileContract(buildOpenApi('http://127.0.0.1:1'))],
  ['Harbor', () => compileContract(loadFixture('harbor-openapi-3.0.json'))],
  ['Lakeside', () => compileContract(loadFixture('lakeside-openapi-3.1.json'))],
])('a wrong value in every field of %s’s contract', (_name, build) => {
  const contract = build();
  it('is refused with the field’s label and what it accepts', () => {
    let checked = 0;
    for (const type of RESOURCE_TYPES) {
      const resource = contract.resources[type];
      for (const d of resource.updateFields) {
        const problems = checkFields(resource, 'update', { [d.name]: wrongValue(d) });
        expect(problems.length, `${type}.${d.name}`).toBeGreaterThan(0);
        expect(problems[0]!.message.startsWith(d.label), problems[0]!.message).toBe(true);
        expect(problems[0]!.message).not.toMatch(ZOD_WORDS);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });
});

describe('the batch’s own shape and IPC arguments', () => {
  it('words a malformed batch the same way', () => {
    const acme = compileContract(loadFixture('acme-openapi-3.1.json'));
    const check = validateChanges(acme, {
      changes: [{ operation: 'update', resourceType: 'lease', fields: {} }],
    });
    expect(check.ok).toBe(false);
    const messages = check.ok ? [] : check.problems.map((p) => p.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m).not.toMatch(ZOD_WORDS);
    const empty = validateChanges(acme, { changes: [] });
    expect(empty.ok ? [] : empty.problems.map((p) => p.message)).toEqual([
      'Changes must have at least 1 item',
    ]);
  });

  it('words refused IPC arguments by the name of what was wrong', () => {
    const add = CHANNELS['connections.add'].args.safeParse({
      name: 'Office',
      baseUrl: 'https://pm.example.com',
      apiKey: 'short',
    });
    expect(add.success).toBe(false);
    expect(issueAtPath(add.error!.issues[0]!)).toBe('API key must have at least 8 characters');
    const limit = CHANNELS['collections.list'].args.safeParse({ collection: 'leases', limit: 500 });
    expect(issueAtPath(limit.error!.issues[0]!)).toBe('Limit must be 100 or less');
    const batch = batchIssueSentence({
      code: 'too_small',
      origin: 'string',
      minimum: 1,
      inclusive: true,
      path: ['changes', 2, 'resourceId'],
      message: 'x',
    } as z.core.$ZodIssue);
    expect(batch).toBe('Change 3: Resource ID can’t be empty');
  });
});
