// Benchmark of the sandbox's keyset paging over real HTTP (keep-alive): median time of page 1 and
// of the page at depth 1,000 of payments at limit 100, with records-scale giving >100k payments.
// Run: npx tsx test/bench/sandbox-paging.bench.ts
import { Agent, request } from 'node:http';
import { startSandbox } from '../../src/sandbox';
import { BENCH_PAYMENT_MONTHS } from './payment-span';
import { median, writeSection } from './report';

const SCALE = 48;
const ROUNDS = 200;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Authorization: `Bearer ${key}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function timed(url: string, key: string): Promise<number> {
  const t = performance.now();
  const r = await get(url, key);
  const ms = performance.now() - t;
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.slice(0, 200)}`);
  return ms;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const sb = await startSandbox({ port: 0, recordsScale: SCALE, paymentMonths: BENCH_PAYMENT_MONTHS });
  const startMs = performance.now() - t0;
  const key = sb.keys.find((k) => k.name === 'full')!.key;
  const base = `${sb.baseUrl}/api/v1/payments?limit=100`;
  // Walk to depth 1,000 pages (100,000 records) to get a real cursor there.
  let cursor = '';
  let total = 0;
  for (let page = 1; page < 1000; page++) {
    const r = JSON.parse(
      (await get(cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base, key)).body,
    );
    total += r.data.length;
    if (!r.hasMore) throw new Error(`only ${page} pages (${total} payments); raise SCALE`);
    cursor = r.nextCursor;
  }
  const deepUrl = `${base}&cursor=${encodeURIComponent(cursor)}`;
  for (let i = 0; i < 50; i++) {
    await timed(base, key);
    await timed(deepUrl, key);
  }
  const first: number[] = [];
  const deep: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    first.push(await timed(base, key));
    deep.push(await timed(deepUrl, key));
  }
  await sb.close();
  agent.destroy();
  const m1 = median(first);
  const m1000 = median(deep);
  writeSection(
    'Sandbox keyset paging',
    [
      {
        measure: `sandbox start with records-scale ${SCALE}, ${BENCH_PAYMENT_MONTHS} months of payments (data generation + listen)`,
        value: `${startMs.toFixed(0)} ms`,
      },
      { measure: 'payments served (depth walked)', value: `${total + 100} in ${1000} pages` },
      {
        measure: 'payments page 1, limit 100, median over HTTP keep-alive',
        value: `${m1.toFixed(2)} ms`,
        target: '< 2 ms',
        met: m1 < 2,
      },
      {
        measure: 'payments page 1,000, limit 100, median',
        value: `${m1000.toFixed(2)} ms`,
        target: '≈ page 1 (< 2 ms)',
        met: m1000 < 2 && m1000 < m1 * 1.5 + 0.2,
      },
    ],
    `${ROUNDS} alternating rounds after 50 warm-up rounds; one keep-alive socket.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
