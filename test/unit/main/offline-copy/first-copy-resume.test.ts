// A first copy stopped part way (the demo organisation started again with a new expiry, the app
// closed) is taken up again the next time the connection is in use, even though the collections that
// had landed are already in use: the copy is complete only with all of them. Against a small service
// in the test that holds each request until the test answers it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tmpdir } from 'node:os';
import { ApiClient } from '../../../../src/main/api/api-client';
import { RequestScheduler } from '../../../../src/main/api/scheduler/request-scheduler';
import { freeBytesIn } from '../../../../src/main/offline-copy/disk-room';
import { DEFAULT_COPY_BUDGET } from '../../../../src/main/offline-copy/copy-budget';
import { copyOrder, OfflineCopyService } from '../../../../src/main/offline-copy/offline-copy-service';
import { startHeldServer } from '../../../support/held-server';
import type { HeldServer } from '../../../support/held-server';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';
import { patiently } from '../../../support/patience';
import { TODAY_NEEDS } from '../../../../src/main/portfolio/today-figures';

/** The order the builder gives the copy: Today's collections first. */
const COPY_ORDER = copyOrder(TODAY_NEEDS);

let service: HeldServer;
let temp: TempStore;

beforeEach(async () => {
  service = await startHeldServer();
  temp = tempStore('first-copy-resume');
});
afterEach(async () => {
  await service.close();
  temp.close();
});

const onePage = (collection: string) => ({
  data: [{ id: `${collection}-1` }],
  nextCursor: null,
  hasMore: false,
});
const collectionOf = (path: string) => new URL(path, 'http://service').pathname.split('/').at(-1)!;

describe('a first copy stopped part way', () => {
  it('resumes at the next start though some of its collections are in use, and not once all are', async () => {
    const client = new ApiClient({
      baseUrl: service.baseUrl,
      getApiKey: () => 'pdk_ResumeKey0123456789abcdef',
      fetch,
      scheduler: new RequestScheduler(),
    });
    const copy = new OfflineCopyService({
      firstCollections: TODAY_NEEDS,
      repo: temp.store.offlineCopies,
      activeId: () => 'c1',
      clientFor: () => client,
      log: () => undefined,
      loadContract: async () => undefined,
      freeBytes: freeBytesIn(tmpdir()),
      budget: DEFAULT_COPY_BUDGET,
    });
    expect(copy.startFirstCopy('c1')).toBe(true);
    await vi.waitFor(() => expect(service.held()).toHaveLength(COPY_ORDER.length), patiently);
    // Two collections land; the rest are stopped on their way.
    const [first, second] = COPY_ORDER;
    for (const request of service.held())
      if ([first, second].includes(collectionOf(request.path) as never))
        request.answer(200, onePage(collectionOf(request.path)));
    await vi.waitFor(
      () => expect(copy.status('c1').collections.filter((c) => c.run?.state === 'done')).toHaveLength(2),
      patiently,
    );
    await copy.cancel('c1');
    expect(
      copy
        .status('c1')
        .collections.filter((c) => c.count > 0)
        .map((c) => c.collection),
    ).toEqual([first, second]);

    service.autoAnswer((request) => ({ status: 200, body: onePage(collectionOf(request.path)) }));
    expect(copy.startFirstCopy('c1')).toBe(true);
    expect((await copy.whenIdle('c1')).state).toBe('done');
    expect(copy.status('c1').collections.every((c) => c.count === 1)).toBe(true);
    // Complete: the next start makes no copy of its own (updating it is the user's or the schedule's).
    expect(copy.startFirstCopy('c1')).toBe(false);
  });
});
