// What the landlord looks at is never queued behind the offline copy: the copy's pages are background
// work of the connection's scheduler, so a list page asked for while the copy's pages wait for a slot
// is sent as soon as one is free, before all of them. Against a small service in the test that holds
// each request until the test answers it; order and counts only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tmpdir } from 'node:os';
import { ApiClient } from '../../../../src/main/api/api-client';
import { RequestScheduler } from '../../../../src/main/api/scheduler/request-scheduler';
import type { RunOptions } from '../../../../src/main/api/scheduler/request-scheduler';
import type { ScheduledRequest } from '../../../../src/main/api/scheduler/scheduled-request';
import { freeBytesIn } from '../../../../src/main/offline-copy/disk-room';
import { DEFAULT_COPY_BUDGET } from '../../../../src/main/offline-copy/copy-budget';
import { createCopyFirstReader } from '../../../../src/main/offline-copy/copy-first-reader';
import { copyOrder, OfflineCopyService } from '../../../../src/main/offline-copy/offline-copy-service';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
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
  temp = tempStore('copy-priority');
});
afterEach(async () => {
  await service.close();
  temp.close();
});

const lastPage = { status: 200, body: { data: [], nextCursor: null, hasMore: false } };

/** Payments four full pages long, every other collection one page. */
function listings(request: { path: string }) {
  const url = new URL(request.path, 'http://service');
  const collection = url.pathname.split('/').at(-1)!;
  const page = Number(url.searchParams.get('cursor') ?? '1');
  const more = collection === 'payments' && page < 4;
  const data = Array.from({ length: 100 }, (_, i) => ({ id: `${collection}-${page}-${i}` }));
  return { status: 200, body: { data, nextCursor: more ? String(page + 1) : null, hasMore: more } };
}

function copyOver(scheduler: RequestScheduler) {
  const client = new ApiClient({
    baseUrl: service.baseUrl,
    getApiKey: () => 'pdk_PriorityKey0123456789abcdef',
    fetch,
    scheduler,
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
  return { client, copy };
}

describe('priorities between the copy and the screen', () => {
  it('a list page asked for while the copy’s pages wait is sent before all of them', async () => {
    // Two at a time, so the copy's seven first pages queue behind two in flight.
    const { client, copy } = copyOver(new RequestScheduler({ limits: { initial: 2, min: 1, max: 2 } }));
    const screen = createCopyFirstReader({
      reader: new OfflineReader(temp.store.offlineCopies),
      activeId: () => 'c1',
      client: () => client,
      isOnline: () => true,
      checkNow: () => Promise.reject(new Error('no list in this test is reloaded')),
      recordFields: () => undefined,
      ownTerms: () => undefined,
    });
    copy.start();
    await vi.waitFor(() => expect(service.held()).toHaveLength(2), patiently);
    const onScreen = screen.list({ collection: 'units', filters: {} });
    service.autoAnswer(() => lastPage);
    for (const request of service.held()) request.answer(lastPage.status, lastPage.body);
    expect((await onScreen).data).toEqual([]);
    expect((await copy.whenIdle('c1')).state).toBe('done');

    const sent = service.arrivals.map((r) => {
      const url = new URL(r.path, service.baseUrl);
      return `${url.pathname.split('/').at(-1)}${url.searchParams.get('limit') === '100' ? '' : ' (on screen)'}`;
    });
    // The two in flight, then the screen's page, then the copy's queued pages in their order.
    expect(sent).toEqual([...COPY_ORDER.slice(0, 2), 'units (on screen)', ...COPY_ORDER.slice(2)]);
  });

  it('an update ranks each page by the pages its listing has left, as the copy in use says; a first copy ranks payments first', async () => {
    // The scheduler itself starts a larger order first (request-scheduler.test.ts); here, what the
    // copy asks of it, seen at its door.
    const asked: string[] = [];
    class Watched extends RequestScheduler {
      override run<T>(options: RunOptions, work: (request: ScheduledRequest) => Promise<T>): Promise<T> {
        const url = new URL(options.share ?? '', service.baseUrl);
        asked.push(
          `${url.pathname.split('/').at(-1)} ${url.searchParams.get('cursor') ?? '1'}: ${options.order ?? 0}`,
        );
        return super.run(options, work);
      }
    }
    service.autoAnswer(listings);
    const { copy: first } = copyOver(new Watched());
    first.start();
    expect((await first.whenIdle('c1')).state).toBe('done');
    const others = COPY_ORDER.filter((c) => c !== 'payments');
    expect(asked.sort()).toEqual(
      [...others.map((c) => `${c} 1: 0`), ...[1, 2, 3, 4].map((n) => `payments ${n}: 1`)].sort(),
    );

    asked.length = 0;
    const { copy: update } = copyOver(new Watched());
    update.start();
    expect((await update.whenIdle('c1')).state).toBe('done');
    expect(asked.filter((a) => a.startsWith('payments'))).toEqual([
      'payments 1: 4',
      'payments 2: 3',
      'payments 3: 2',
      'payments 4: 1',
    ]);
    expect(asked.filter((a) => !a.startsWith('payments')).sort()).toEqual(
      others.map((c) => `${c} 1: 1`).sort(),
    );
  });
});
