// What becomes of a created record once a person decided on its suggestion, on plain data: the
// record the service reported, else the one new record carrying the suggested values, else a choice
// for the landlord; a dismissed or expired suggestion ends the later part, in words that say why.
import { describe, expect, it } from 'vitest';
import { createdOutcome } from '../../../../../src/main/drafts/parts/created-outcome';
import type { DecidedRecord } from '../../../../../src/main/store/parts-repo';

const decided = (over: Partial<DecidedRecord>): DecidedRecord => ({
  draftId: 'd1',
  changeId: 'tenant',
  connectionId: 'c1',
  proposalId: 'p1',
  resourceType: 'tenant',
  fields: { name: 'Ana Lopez' },
  beforeIds: ['t_1'],
  status: 'applied',
  reportedId: null,
  ...over,
});

const never = (): Promise<string[]> => {
  throw new Error('read when it should not be');
};

describe('what became of a created record', () => {
  it('ends when the suggestion was dismissed or left to expire', async () => {
    await expect(createdOutcome(decided({ status: 'dismissed' }), never)).resolves.toEqual({
      state: 'ended',
      note: 'The new tenant was dismissed at the service, so it will not be created and this part cannot name it. Choose an existing tenant instead, or draft the tenant again.',
    });
    const expired = await createdOutcome(
      decided({ status: 'expired', resourceType: 'maintenance_request' }),
      never,
    );
    expect(expired).toMatchObject({ state: 'ended' });
    expect(expired.note).toMatch(/^The new maintenance request was left to expire at the service/);
  });

  it('takes the record the service reported, without reading', async () => {
    await expect(createdOutcome(decided({ reportedId: 't_9' }), never)).resolves.toEqual({
      state: 'found',
      recordId: 't_9',
      note: null,
    });
  });

  it('takes the one record that carries the values and was not there before, and says so', async () => {
    const outcome = await createdOutcome(decided({}), async () => ['t_1', 't_7']);
    expect(outcome).toMatchObject({ state: 'found', recordId: 't_7' });
    expect(outcome.note).toMatch(/did not say which tenant it created/);
  });

  it('asks the landlord to choose among several new ones, or when what was there before is unknown', async () => {
    await expect(createdOutcome(decided({}), async () => ['t_1', 't_7', 't_8'])).resolves.toMatchObject({
      state: 'choose',
      candidates: ['t_7', 't_8'],
      note: expect.stringMatching(/2 tenant records carry the suggested values/),
    });
    await expect(createdOutcome(decided({ beforeIds: null }), async () => ['t_1'])).resolves.toMatchObject({
      state: 'choose',
      candidates: ['t_1'],
      note: expect.stringMatching(/could not read the tenant records before it was sent/),
    });
  });

  it('asks the landlord to choose when no record carries the values any more', async () => {
    await expect(createdOutcome(decided({}), async () => ['t_1'])).resolves.toMatchObject({
      state: 'choose',
      candidates: [],
      note: expect.stringMatching(/no tenant with the suggested values can be found/),
    });
  });

  it('fails, to be tried again, when the records cannot be read', async () => {
    await expect(createdOutcome(decided({}), () => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
  });
});
