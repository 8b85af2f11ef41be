// What the landlord looks at is never queued behind the offline copy: the copy's pages are background
// work of the connection's scheduler, so a list page asked for while the copy's pages wait for a slot
// is sent as soon as one is free, before all of them. Against a small service in the test that holds
// each request until the test answers it; order and counts only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tmpdir } from 'node:os';
import { ApiClient } from '../../../../src/main/api/api-client';
import { RequestScheduler } from '../../../../src/main/api/request-scheduler';
import { freeBytesIn } from '../../../../src/main/offline-copy/disk-room';
import { createOfflineFallback } from '../../../../src/main/offline-copy/offline-fallback';
import { COPY_ORDER, OfflineCopyService } from '../../../../src/main/offline-copy/offline-copy-service';
import { OfflineReader } from '../../../../src/main/offline-copy/offline-reader';
import { startHeldServer } from '../../../support/held-server';
import type { HeldServer } from '../../../support/held-server';
import { tempStore } from '../../../support/temp-store';
import type { TempStore } from '../../../support/temp-store';

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

describe('priorities between the copy and the screen', () => {
  it('a list page asked for while the copy’s pages wait is sent before all of them', async () => {
    // Two at a time, so the copy's seven first pages queue behind two in flight.
    const scheduler = new RequestScheduler({ limits: { initial: 2, min: 1, max: 2 } });
    const client = new ApiClient({
      baseUrl: service.baseUrl,
      getApiKey: () => 'pdk_PriorityKey0123456789abcdef',
      fetch,
      scheduler,
    });
    const copy = new OfflineCopyService({
      repo: temp.store.offlineCopies,
      activeId: () => 'c1',
      clientFor: () => client,
      log: () => undefined,
      prepare: async () => undefined,
      freeBytes: freeBytesIn(tmpdir()),
    });
    const screen = createOfflineFallback({
      reader: new OfflineReader(temp.store.offlineCopies),
      activeId: () => 'c1',
      client: () => client,
      isOnline: () => true,
    });
    copy.start();
    await vi.waitFor(() => expect(service.held()).toHaveLength(2));
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
});
