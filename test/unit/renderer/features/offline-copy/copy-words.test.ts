// The offline copy's state in plain words, as the status bar, Today and the offline copy screen say it.
import { describe, expect, it } from 'vitest';
import type { OfflineCopyStatus } from '../../../../../src/shared/portfolio';
import { COLLECTIONS } from '../../../../../src/shared/service';
import { copyLine } from '../../../../../src/renderer/src/features/offline-copy/copy-words';

const status = (over: Partial<OfflineCopyStatus>, asOf: string | null = null): OfflineCopyStatus => ({
  connectionId: 'c1',
  keepCopy: true,
  state: 'idle',
  current: null,
  progress: 0,
  fetched: 0,
  message: null,
  notes: [],
  budget: 'Each collection holds at most 1,500,000 records.',
  collections: COLLECTIONS.map((collection) => ({ collection, asOf, count: asOf ? 3 : 0, pending: null })),
  ...over,
});

describe('the offline copy in words', () => {
  it('is being made the first time and updated later, with how far it is', () => {
    expect(copyLine(status({ state: 'running', progress: 0.424 }))).toEqual({
      text: 'Making the offline copy… 42 %',
      tone: 'busy',
    });
    expect(copyLine(status({ state: 'running', progress: 0.5 }, '2026-11-24T14:02:00Z')).text).toBe(
      'Updating the offline copy… 50 %',
    );
    // The first copy, with some collections already in: still being made.
    const partly = status({ state: 'running', progress: 0.8 });
    partly.collections[0] = { ...partly.collections[0]!, asOf: '2026-11-24T14:02:00Z', count: 3 };
    expect(copyLine(partly).text).toBe('Making the offline copy… 80 %');
  });

  it('says how old it is, that there is none, that none is kept, or why it stopped', () => {
    expect(copyLine(status({ state: 'done' }, '2026-11-24T14:02:00Z')).text).toMatch(/^Offline copy as of /);
    expect(copyLine(status({})).text).toBe('No offline copy yet');
    expect(copyLine(status({ keepCopy: false })).text).toBe('No offline copy kept on this computer');
    expect(copyLine(status({ state: 'failed', message: 'The offline copy could not be finished.' }))).toEqual(
      {
        text: 'The offline copy could not be finished.',
        tone: 'problem',
      },
    );
  });
});
