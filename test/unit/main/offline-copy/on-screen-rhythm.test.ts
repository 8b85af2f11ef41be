// What a screen shows from the offline copy is checked with the service on each of the screen's own
// 30-second ticks, and not again when the window reads the copy again because a change landed. The
// screen's clock starts a moment before main's, so its next tick comes a little under 30 s after
// main's last check: that tick must read the service (before, it was refused, and a colleague's
// change waited for the tick after: up to a minute). Counted at the real sandbox, on a held clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { RequestScheduler } from '../../../../src/main/api/scheduler/request-scheduler';
import { CopyRefresh } from '../../../../src/main/offline-copy/copy-refresh';
import { ON_SCREEN_CHECK_MS } from '../../../../src/main/offline-copy/freshness-policy';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

describe('the on-screen check', () => {
  it('reads on every tick of the screen’s rhythm, never for the re-reads a landed change causes', async () => {
    const client = new ApiClient({
      baseUrl: sandbox.baseUrl,
      getApiKey: () => sandbox.keys.find((k) => k.name === 'full')!.key,
      fetch,
      scheduler: new RequestScheduler(),
    });
    let now = 1_000_000;
    const refresh = new CopyRefresh({
      // No copy of its own: what is measured is how often the service is asked.
      records: { hasCopy: () => false, replace: () => 0 },
      clientFor: () => client,
      log: () => undefined,
      now: () => now,
    });
    const shown = {
      connectionId: 'c',
      kind: 'page' as const,
      collection: 'properties' as const,
      filters: {},
      limit: 100,
      onOrAfter: {},
    };
    sandbox.control.resetRequestCount();
    await refresh.refreshShown(shown);
    expect(sandbox.control.requestCount()).toBe(1);
    // The window reads the copy again as the change lands: no second read.
    now += 1_000;
    await refresh.refreshShown(shown);
    expect(sandbox.control.requestCount()).toBe(1);
    // The screen's next tick, a little under 30 s after main's check began: read.
    for (let tick = 1; tick <= 4; tick++) {
      now = 1_000_000 + tick * ON_SCREEN_CHECK_MS - 100;
      await refresh.refreshShown(shown);
      expect(sandbox.control.requestCount()).toBe(1 + tick);
    }
  });
});
