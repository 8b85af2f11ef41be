// The fixed safe-ID rule and the contract's pattern refuse a created record's ID before the service
// is asked anything about it: an unsafe ID never goes into a request path either.
import { describe, expect, it } from 'vitest';
import { refuseCreatedId, unsafeIdReason } from '../../../../../src/main/drafts/parts/created-id-check';

describe('the check of a created record’s ID', () => {
  it('takes ordinary IDs and refuses empty, long, invisible, direction-changing and path-changing ones', () => {
    for (const ok of ['ten_1', 'T-00042', 'c1f0e6a2-4b1e-4d1a-9d0e-2f1c3b4a5d6e', 'a.b'])
      expect(unsafeIdReason(ok), ok).toBeNull();
    const refused = [
      '',
      '  ',
      'x'.repeat(129),
      'ten\n1',
      'ten\u0000',
      'ten\u202e1',
      'ten\u2066',
      'ten\u200f',
      '\ufefften',
      'a/b',
      'a\\b',
      '..',
      'a..b',
      '%2e%2e',
      'a?b=1',
      'a#b',
      ' ten_1',
    ];
    for (const bad of refused) expect(unsafeIdReason(bad), JSON.stringify(bad)).not.toBeNull();
  });

  it('refuses an ID outside the contract’s pattern without reading it from the service', async () => {
    const asked: string[] = [];
    const client = {
      get: (_collection: string, id: string) => {
        asked.push(id);
        return Promise.reject(new Error('not expected'));
      },
    };
    const subject = { resourceType: 'tenant' as const, fields: { name: 'Jordan' } };
    await expect(refuseCreatedId(client, subject, 'uni_1', '^ten_[0-9]+$')).resolves.toMatch(
      /does not have the form its contract gives tenant IDs/,
    );
    await expect(refuseCreatedId(client, subject, '../units', undefined)).resolves.toMatch(/does not accept/);
    expect(asked).toEqual([]);
  });
});
