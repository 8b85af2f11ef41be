// Listings held in memory whole share one budget while they run: two of them reading from a service
// that never stops together read no more than it, the one that passes it ends with the clear message,
// and what a listing read is given back when it ends, so the next ones can read as much again.
import { describe, expect, it } from 'vitest';
import { SharedBytes, followPages } from '../../../../src/main/api/paging';
import type { Page } from '../../../../src/main/api/paging';

const record = (n: number) => ({ id: `r${n}`, text: 'x'.repeat(990) });

/** An endless listing of pages of 100 records of about 1 KB. */
function endless(): (cursor: string | undefined) => Promise<Page> {
  return async (cursor) => {
    const n = cursor ? Number(cursor) : 0;
    return {
      data: Array.from({ length: 100 }, (_, i) => record(n * 100 + i)),
      nextCursor: String(n + 1),
      hasMore: true,
    };
  };
}

describe('listings held in memory', () => {
  it('read together no more than their shared budget; a listing that ends gives its share back', async () => {
    const together = new SharedBytes(1_000_000);
    const caps = { pages: 10_000, records: 1_000_000, bytes: 800_000, together };
    const first = followPages(endless(), 'pm.example.com', 'leases', { caps });
    const second = followPages(endless(), 'pm.example.com', 'units', { caps });
    // Four pages (about 400 KB) each, side by side; the second one's fifth passes 1 MB together.
    for (let i = 0; i < 4; i++) {
      await first.next();
      await second.next();
    }
    await first.next();
    await expect(second.next()).rejects.toThrow(
      'pm.example.com kept sending pages of units, more than 1 MB of records together with the other lists it was reading, so PropDesk stopped reading them.',
    );
    await first.return();
    // Both ended: a third listing may read as much as one listing may on its own.
    const third = followPages(endless(), 'pm.example.com', 'tenants', { caps });
    let pages = 0;
    await expect(
      (async () => {
        for await (const _page of third) pages++;
      })(),
    ).rejects.toThrow('more than 1 MB of records, so PropDesk stopped');
    expect(pages).toBe(7);
  });
});
