// Fault injection (5xx answers and dropped connections), added latency and the per-key rate limit.
import { describe, expect, it, vi } from 'vitest';
import { call, start } from '../../support/helpers';
import { patiently } from '../../support/patience';

describe('faults and limits', () => {
  it('injects 500/502/503 and dropped connections on about the given share of API requests, never on the contract or review page', async () => {
    const sb = await start({ failRate: 0.5, seed: 7 });
    try {
      const outcomes = new Map<string, number>();
      for (let i = 0; i < 120; i++) {
        let label: string;
        try {
          const r = await call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key('full') });
          label = String(r.status);
          if (r.status >= 500)
            expect(r.json.error.code).toMatch(/internal_error|bad_gateway|service_unavailable/);
        } catch {
          label = 'dropped';
        }
        outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
      }
      for (const expected of ['200', '500', '502', '503', 'dropped'])
        expect(outcomes.get(expected), expected).toBeGreaterThan(0);
      const ok = outcomes.get('200')!;
      expect(ok).toBeGreaterThan(35);
      expect(ok).toBeLessThan(85);
      for (let i = 0; i < 20; i++) {
        expect((await call(sb.baseUrl, '/api/v1/openapi.json')).status).toBe(200);
        expect((await call(sb.baseUrl, '/app/automation')).status).toBe(200);
      }
    } finally {
      await sb.close();
    }
  });

  it('adds latency to API requests', async () => {
    // The latency's wait is held by the test: the answer comes only once it is over, whatever the load.
    const waits: Array<{ ms: number; over: () => void }> = [];
    const time = {
      now: Date.now,
      sleep: (ms: number) => new Promise<void>((over) => waits.push({ ms, over })),
    };
    const sb = await start({ latencyMs: 120, time });
    try {
      let answered = false;
      const answer = call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key('full') }).finally(
        () => (answered = true),
      );
      await vi.waitFor(() => expect(waits).toHaveLength(1), patiently);
      expect(waits[0]!.ms).toBe(120);
      expect(answered).toBe(false);
      waits[0]!.over();
      expect((await answer).status).toBe(200);
    } finally {
      await sb.close();
    }
  });

  it('answers 429 with Retry-After beyond N requests per second per key, and counts requests', async () => {
    // One second on a clock the test holds: every request falls in it, however long they take to arrive.
    let now = Date.parse('2026-06-01T09:00:00.250Z');
    const sb = await start({ rateLimit: 5, time: { now: () => now, sleep: async () => undefined } });
    const units = (key: string) => call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key(key) });
    try {
      sb.control.resetRequestCount();
      const answers = await Promise.all(Array.from({ length: 8 }, () => units('full')));
      const limited = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(limited).toHaveLength(3);
      expect(limited[0]!.headers.get('retry-after')).toBe('1');
      expect(limited[0]!.json.error.code).toBe('rate_limited');
      // Another key has its own budget.
      expect((await units('readonly')).status).toBe(200);
      expect(sb.control.requestCount()).toBe(9);
      // The next second the key may send again.
      now += 1_000;
      expect((await units('full')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});
