// Benchmark: paging through 100,000 payments at limit 100 with ApiClient (envelope checks, retries,
// timeouts) and with a bare fetch loop against the same sandbox in the same run. Goal: ≤ 1.10×.
// Run: npx tsx test/bench/api-paging.bench.ts
import { ApiClient } from '../../src/main/api/api-client';
import { startLargeSandbox } from './large-sandbox';
import { median, writeSection } from './report';

const TARGET_RECORDS = 100_000;
const ROUNDS = 21;

const sandbox = await startLargeSandbox();
const key = sandbox.key;

async function bare(): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const url = `${sandbox.baseUrl}/api/v1/payments?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fetch(url, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } });
    const page = (await res.json()) as { data: unknown[]; nextCursor: string | null; hasMore: boolean };
    count += page.data.length;
    cursor = page.hasMore ? page.nextCursor : null;
  } while (cursor && count < TARGET_RECORDS);
  return count;
}

const client = new ApiClient({ baseUrl: sandbox.baseUrl, getApiKey: () => key, fetch });
async function withClient(): Promise<number> {
  let count = 0;
  for await (const page of client.listAll('payments', { limit: 100 })) {
    count += page.data.length;
    if (count >= TARGET_RECORDS) break;
  }
  return count;
}

async function timed(fn: () => Promise<number>): Promise<{ ms: number; count: number }> {
  const start = performance.now();
  const count = await fn();
  return { ms: performance.now() - start, count };
}

try {
  // Warm-up: JIT, sockets, the sandbox's own caches.
  await bare();
  await withClient();
  const bareMs: number[] = [];
  const clientMs: number[] = [];
  let records = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order so neither side always runs on a warmer machine.
    const pair = round % 2 === 0 ? [bare, withClient] : [withClient, bare];
    for (const fn of pair) {
      const { ms, count } = await timed(fn);
      (fn === bare ? bareMs : clientMs).push(ms);
      records = count;
    }
  }
  if (records < TARGET_RECORDS) throw new Error(`only ${records} payments; raise recordsScale`);
  const ratio = median(clientMs) / median(bareMs);
  writeSection(
    'API paging (ApiClient vs bare fetch)',
    [
      { measure: 'records paged per run', value: records.toLocaleString('en') },
      { measure: 'bare fetch loop, median', value: `${median(bareMs).toFixed(0)} ms` },
      { measure: 'ApiClient.listAll, median', value: `${median(clientMs).toFixed(0)} ms` },
      { measure: 'ratio ApiClient / bare', value: ratio.toFixed(3), target: '≤ 1.10', met: ratio <= 1.1 },
    ],
    `Sandbox in its own process, records-scale 48, limit 100, ${ROUNDS} alternating rounds after a warm-up; Node fetch (undici) with keep-alive.`,
  );
} finally {
  await sandbox.stop();
}
