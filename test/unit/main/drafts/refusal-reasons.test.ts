// The service's reasons for refusing a batch reach the changes and fields they name, for every error
// body shape the client reads, through the real client over HTTP: a small service answers each shape,
// and the reasons are mapped onto the changes as they were sent. Where nothing can be placed, the
// words say what to do instead of pointing at marks that are not there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import { problemsFromRefusal, refusalMessage } from '../../../../src/main/drafts/refusal';
import type { SentItem } from '../../../../src/main/drafts/refusal';
import { startHeldServer } from '../../../support/held-server';
import type { HeldServer } from '../../../support/held-server';

const sent: SentItem[] = [
  {
    changeId: 'rent',
    item: { operation: 'update', resourceType: 'lease', resourceId: 'lease_1', fields: { monthly_rent: 1 } },
  },
  {
    changeId: 'repair',
    item: {
      operation: 'create',
      resourceType: 'maintenance_request',
      fields: { title: 'Boiler', unit_id: 'unit_x', priority: 'urgent' },
    },
  },
];

/** Many reasons, so the body is far over the 4 KB the client keeps of a body's other details. */
const many = Array.from({ length: 60 }, (_, i) => ({
  path: 'changes.1.fields.priority',
  message: `Priority is not one of the allowed values (reason ${i} of a long list that fills the body up).`,
}));

const SHAPES: Array<{ name: string; body: unknown; type?: string }> = [
  {
    name: '{error:{code,message,details:{errors}}} (the sandbox)',
    body: {
      error: {
        code: 'invalid_request',
        message: 'The request is not valid: 1 problem (see details.errors).',
        details: { errors: [{ path: 'changes.1.fields.unit_id', message: 'No unit with this ID exists.' }] },
      },
    },
  },
  {
    name: 'problem+json with invalid-params',
    type: 'application/problem+json',
    body: {
      type: 'https://example.com/problems/validation',
      title: 'Invalid request',
      'invalid-params': [{ name: 'changes[1].fields.unit_id', reason: 'No unit with this ID exists.' }],
    },
  },
  {
    name: 'JSON:API errors with a source pointer',
    body: {
      errors: [{ detail: 'No unit with this ID exists.', source: { pointer: '/changes/1/fields/unit_id' } }],
    },
  },
  {
    name: 'pydantic detail with loc',
    body: {
      detail: [{ loc: ['body', 'changes', 1, 'fields', 'unit_id'], msg: 'No unit with this ID exists.' }],
    },
  },
  {
    name: 'a map of field errors',
    body: {
      message: 'Invalid',
      fieldErrors: { 'changes[1].fields.unit_id': ['No unit with this ID exists.'] },
    },
  },
  {
    name: 'a bare array of {field, message}',
    body: [{ field: '$.changes[1].fields.unit_id', message: 'No unit with this ID exists.' }],
  },
];

describe('the service’s reasons on the fields they name', () => {
  let server: HeldServer;
  let client: ApiClient;
  let answer: { status: number; body: unknown; type?: string };

  beforeAll(async () => {
    server = await startHeldServer();
    server.autoAnswer(() => ({
      status: answer.status,
      body: answer.body,
      headers: { 'content-type': answer.type ?? 'application/json' },
    }));
    client = new ApiClient({
      baseUrl: server.baseUrl,
      getApiKey: () => 'pdk_test_key_0123456789abcdef',
      fetch: globalThis.fetch,
      maxRetries: 0,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  async function refusal(): Promise<ApiError> {
    const error = await client
      .submitBatch(JSON.stringify({ label: 'Checks', changes: sent.map((s) => s.item) }), 'propdesk-key')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  for (const shape of SHAPES) {
    it(`marks the unit of the repair from ${shape.name}`, async () => {
      answer = { status: 400, body: shape.body, ...(shape.type ? { type: shape.type } : {}) };
      const problems = problemsFromRefusal(await refusal(), sent);
      expect(problems).toEqual([
        { changeId: 'repair', path: 'fields.unit_id', message: 'No unit with this ID exists.' },
      ]);
      expect(refusalMessage(await refusal(), problems, [])).toMatch(
        /correct what is marked beside the changes/,
      );
    });
  }

  it('keeps every reason of a body over 4 KB, each on its change', async () => {
    answer = {
      status: 422,
      body: { error: { code: 'invalid_request', message: 'Invalid', details: { errors: many } } },
    };
    expect(JSON.stringify(answer.body).length).toBeGreaterThan(4096);
    const problems = problemsFromRefusal(await refusal(), sent);
    expect(problems).toHaveLength(60);
    expect(problems.every((p) => p.changeId === 'repair' && p.path === 'fields.priority')).toBe(true);
  });

  it('places a bare field name on the one change that has it, and says what to do when nothing is placed', async () => {
    answer = { status: 400, body: { errors: [{ field: 'monthly_rent', message: 'Must be above 0.' }] } };
    expect(problemsFromRefusal(await refusal(), sent)).toEqual([
      { changeId: 'rent', path: 'fields.monthly_rent', message: 'Must be above 0.' },
    ]);

    answer = { status: 400, body: { error: { code: 'invalid_request', message: 'Something is off.' } } };
    const nothing = await refusal();
    const words = refusalMessage(nothing, problemsFromRefusal(nothing, sent), []);
    expect(words).not.toMatch(/fix what is marked|correct what is marked/);
    expect(words).toMatch(/nothing is marked/);
    expect(words).toMatch(/Something is off/);
  });
});
