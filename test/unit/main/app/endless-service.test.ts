// A service whose pages never end, against a PropDesk main process of its own started with a small
// heap (--max-old-space-size): the suggestions poll, which runs on its own timer with no one asking, a
// record's page and a bulk rent review each end with the clear "kept sending pages" message, and main
// survives it. The service is a small server on 127.0.0.1 in this test; each page is 1,000 records of
// about 1 KB, more than PropDesk asked for.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJsonLines } from '../../../support/json-lines-child';
import { startListingService } from '../../../support/listing-service';
import type { ListingService } from '../../../support/listing-service';

const HEAP_MB = 256;
const filler = 'x'.repeat(900);

function endlessFat(collection: string, cursor: string | undefined) {
  const n = cursor ? Number(cursor.slice(1)) : 0;
  const data = Array.from({ length: 1_000 }, (_, i) =>
    collection === 'proposals'
      ? {
          id: `pr-${n}-${i}`,
          operation: 'update',
          resourceType: 'lease',
          resourceId: 'l1',
          summary: filler,
          status: 'proposed',
          flags: [],
          expiresAt: '2030-01-01T00:00:00Z',
        }
      : { id: `${collection}-${n}-${i}`, monthly_rent: 1_000, notes: filler },
  );
  return { data, nextCursor: `c${n + 1}`, hasMore: true };
}

interface Line {
  what: string;
  ok?: boolean;
  message?: string;
  heapMB?: number;
}

const runMain = (dataDir: string, baseUrl: string) =>
  runJsonLines<Line>([
    `--max-old-space-size=${HEAP_MB}`,
    '--import',
    'tsx',
    resolve('test/support/endless-main.ts'),
    dataDir,
    baseUrl,
  ]);

describe('a service whose pages never end', () => {
  let service: ListingService;
  let dataDir: string;
  beforeAll(async () => {
    service = await startListingService(endlessFat, (_collection, id) => ({ id, name: 'Endless' }));
    dataDir = mkdtempSync(join(tmpdir(), 'propdesk-endless-'));
  });
  afterAll(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  });

  it(`ends every listing with the clear message, and main survives it with a ${HEAP_MB} MB heap`, async () => {
    const { code, lines, stderr } = await runMain(dataDir, service.baseUrl);
    expect(code, stderr.slice(-2_000)).toBe(0);
    for (const what of ['suggestions poll', 'record page', 'rent review'])
      expect(lines.find((l) => l.what === what)).toMatchObject({
        ok: false,
        message: expect.stringMatching(
          /kept sending pages of [a-z ]+, more than [0-9]+ MB of records( together with the other lists it was reading)?, so PropDesk stopped reading them/,
        ) as string,
      });
  });
});
