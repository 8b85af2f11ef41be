// A service that hands out a list position a second time, across the window's page-by-page reads of
// a list (one call a page): the read that would loop is refused with the follower's words, through
// the real dispatcher, instead of the window reading the same pages for ever or "Something went wrong".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../../src/main/app/app-services';
import { startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';
import { createTestServices, windowCalls } from '../../../support/test-services';

type Page = { data: unknown[]; nextCursor: string | null };

describe('a list position handed out twice', () => {
  let service: ListingService;
  let dataDir: string;
  let services: AppServices;
  let call: ReturnType<typeof windowCalls>;
  const list = (cursor?: string) =>
    call<Page>('collections.list', { collection: 'leases', filters: {}, ...(cursor ? { cursor } : {}) });

  beforeAll(async () => {
    // Leases in three pages that go round: first → a → b → a …
    const next: Record<string, string> = { first: 'a', a: 'b', b: 'a' };
    service = await startListingService((collection, cursor) =>
      collection === 'leases'
        ? {
            data: [{ id: `lease-${cursor ?? 'first'}`, status: 'active', start_date: '2030-01-01' }],
            nextCursor: next[cursor ?? 'first']!,
            hasMore: true,
          }
        : { data: [], nextCursor: null, hasMore: false },
    );
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-repeated-'));
    services = createTestServices(dataDir);
    call = windowCalls(services);
    const added = await services.connections.add({
      name: 'Looping',
      baseUrl: service.baseUrl,
      apiKey: 'pdk_LoopingKey1234567890',
      keepCopy: false,
    });
    await services.connections.switchTo(added.id);
  });
  afterAll(async () => {
    await services.stop();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it('reads the pages up to the repeat, then says the service returned the same position twice', async () => {
    const first = await list();
    expect(first.ok).toBe(true);
    const a = await list(first.data!.nextCursor!);
    expect(a.data!.data).toEqual([expect.objectContaining({ id: 'lease-a' })]);
    // The same page read again (a retry, a refresh) hands out the same next position: no loop.
    expect((await list(first.data!.nextCursor!)).ok).toBe(true);
    const b = await list(a.data!.nextCursor!);
    expect(b.ok).toBe(false);
    expect(b.error!.code).toBe('bad_response');
    expect(b.error!.message).toMatch(/returned the same list position twice while listing leases/);
    // A fresh read of the list from its start works as before.
    expect((await list()).ok).toBe(true);
  });
});
