// Benchmark: how long the demo service takes to make its organisations (what `--records-scale N`
// costs before it answers), at records-scale 48 and 280, with 13 months of payments (the older demo's
// span, kept by `--payment-months 13`) and with the default 25. Each run makes the whole store afresh.
// Run: npx tsx --expose-gc test/bench/demo-seeding.bench.ts (or `npm run bench -- demo-seeding`)
import { loadavg } from 'node:os';
import { generateStore } from '../../src/sandbox/seed/generate';
import { DEFAULT_PAYMENT_MONTHS, RECENT_PAYMENT_MONTHS } from '../../src/sandbox/seed/older-payments';
import { median, writeSection } from './report';
import type { BenchRow } from './report';

const SCALES = [48, 280];
const ROUNDS = 3;
const gc = (globalThis as { gc?: () => void }).gc;

const rows: BenchRow[] = [];
const loads: string[] = [];
for (const scale of SCALES) {
  const spans = [RECENT_PAYMENT_MONTHS, DEFAULT_PAYMENT_MONTHS];
  const times = new Map<number, number[]>(spans.map((m) => [m, []]));
  const payments = new Map<number, number>();
  loads.push(`${scale}: ${loadavg()[0]!.toFixed(1)}`);
  // The spans take turns, so a change in the machine's load falls on both alike.
  for (let round = 0; round < ROUNDS; round++)
    for (const months of spans) {
      gc?.();
      const start = performance.now();
      const store = generateStore(3, scale, { paymentMonths: months });
      times.get(months)!.push(performance.now() - start);
      payments.set(months, store.count('org_demo', 'payments'));
    }
  const [shorter, longer] = spans.map((m) => median(times.get(m)!));
  for (const months of spans)
    rows.push({
      measure: `records-scale ${scale}, ${months} months of payments (${payments.get(months)!.toLocaleString('en')} payments), median of ${ROUNDS}`,
      value: `${Math.round(median(times.get(months)!)).toLocaleString('en')} ms`,
    });
  rows.push({
    measure: `records-scale ${scale}: ${DEFAULT_PAYMENT_MONTHS} months against ${RECENT_PAYMENT_MONTHS}`,
    value: `${(longer! / shorter!).toFixed(2)} ×`,
  });
}
writeSection(
  'Demo seeding',
  rows,
  `generateStore (seed 3) in the benchmark's own process, the spans taking turns; the older months are settled payments added after every other record. Load average (1 min) when each scale began: ${loads.join('; ')}.`,
);
