// The offline copy against a service whose listings never end, in a PropDesk main process of its own
// started with a 512 MB heap (--max-old-space-size): the app's services as the composition root
// builds them, with a budget of 15,000 records a collection. Its first copy meets listings that never
// end, in every collection at once, of records of about 1 KB, 1,000 a page (105 MB in all before the
// budget stops them). It ends with the budget's plain message, not an out-of-memory crash; no
// collection comes into use half read, and each keeps what it read to continue from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyBudget } from '../../../../src/main/offline-copy/copy-budget';
import { bundledProgram } from '../../../support/bundled-program';
import { runJsonLines } from '../../../support/json-lines-child';
import { startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';

const HEAP_MB = 512;
const BUDGET: CopyBudget = {
  collection: { records: 15_000, bytes: 1024 ** 3 },
  total: { records: 1_000_000, bytes: 4 * 1024 ** 3 },
};
const filler = 'x'.repeat(900);

/** Pages that never end, of 1,000 records of about 1 KB. */
function endlessFat(collection: string, cursor: string | undefined) {
  const n = cursor ? Number(cursor.slice(1)) : 0;
  const data = Array.from({ length: 1_000 }, (_, i) => ({ id: `${collection}-${n}-${i}`, notes: filler }));
  return { data, nextCursor: `c${n + 1}`, hasMore: true };
}

interface Line {
  what: string;
  state?: string;
  message?: string | null;
  collections?: { collection: string; count: number; asOf: string | null; pending: number }[];
  heapMB?: number;
}

const runMain = (dataDir: string, baseUrl: string) =>
  runJsonLines<Line>([
    `--max-old-space-size=${HEAP_MB}`,
    bundledProgram('test/support/endless-copy-main.ts'),
    dataDir,
    baseUrl,
    JSON.stringify(BUDGET),
  ]);

describe('an offline copy of listings that never end', () => {
  let service: ListingService;
  let dataDir: string;
  beforeAll(async () => {
    service = await startListingService(endlessFat);
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-endless-copy-'));
  });
  afterAll(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it(`stops at the budget with its message, and main survives it with a ${HEAP_MB} MB heap`, async () => {
    const { code, lines, stderr } = await runMain(dataDir, service.baseUrl);
    expect(code, stderr.slice(-2_000)).toBe(0);
    // Each collection holds at most one batch (32 MB of records) before storing it: well within the heap.
    expect(lines.find((l) => l.what === 'memory')!.heapMB).toBeLessThan(HEAP_MB - 64);
    const copy = lines.find((l) => l.what === 'copy')!;
    expect(copy.state).toBe('failed');
    expect(copy.message).toMatch(
      /^The offline copy stopped reading [a-z ]+: the service kept sending more, more than 15,000 [a-z ]+, the most one collection's copy holds\./,
    );
    expect(copy.message).toContain('The copy keeps what it had');
    for (const c of copy.collections!) {
      expect(c.asOf).toBeNull();
      expect(c.pending).toBeGreaterThan(0);
      expect(c.pending).toBeLessThanOrEqual(15_000);
    }
    // Every collection read up to its budget, not past it: 15 pages, a page refused, one on its way.
    for (const c of copy.collections!)
      expect(
        service.requests.filter((r) => r.path.startsWith(`/api/v1/${c.collection}?`)).length,
      ).toBeLessThanOrEqual(17);
  });
});
