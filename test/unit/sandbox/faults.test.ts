// Fault injection (5xx answers and dropped connections), added latency and the per-key rate limit.
import { describe, expect, it } from 'vitest';
import { call, start } from '../../support/helpers';

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
    const sb = await start({ latencyMs: 120 });
    try {
      const t = performance.now();
      expect((await call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key('full') })).status).toBe(200);
      expect(performance.now() - t).toBeGreaterThanOrEqual(115);
    } finally {
      await sb.close();
    }
  });

  it('answers 429 with Retry-After beyond N requests per second per key, and counts requests', async () => {
    const sb = await start({ rateLimit: 5 });
    try {
      // Start at the beginning of a fresh second so all requests fall in one window.
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
      sb.control.resetRequestCount();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key('full') })),
      );
      const limited = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(limited).toHaveLength(3);
      expect(limited[0]!.headers.get('retry-after')).toBe('1');
      expect(limited[0]!.json.error.code).toBe('rate_limited');
      // Another key has its own budget.
      expect((await call(sb.baseUrl, '/api/v1/units?limit=1', { key: sb.key('readonly') })).status).toBe(200);
      expect(sb.control.requestCount()).toBe(9);
    } finally {
      await sb.close();
    }
  });
});
