// Benchmark: how soon the tracker shows an approval as applied while a screen that shows suggestions is
// open, on a service 120 ms away. The suggestions service runs as the app runs it (its own schedule,
// real timers, its hourly budget); a batch of two rent changes waits; a person approves it at a moment
// spread over the poll's rhythm (the worst case is just after a poll has listed the pending set), and
// the time is taken from the approval to the service announcing the batch applied. Goal: ≤ 3 s.
// Run: npx tsx test/bench/approval-seen.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/main/api/api-client';
import { RequestScheduler } from '../../src/main/api/scheduler/request-scheduler';
import type { ConnectionRow } from '../../src/main/store/connection-repo';
import { openStore } from '../../src/main/store/open-store';
import { SuggestionsRepository } from '../../src/main/store/suggestions-repo';
import { POLL_BUDGET } from '../../src/main/suggestions/poll-budget';
import { DEFAULT_TIMINGS } from '../../src/main/suggestions/poll-schedule';
import { SuggestionsService } from '../../src/main/suggestions/suggestions-service';
import { startSandbox } from '../../src/sandbox';
import { median, writeSection } from './report';
import { submitThroughOutbox } from './submit-through-outbox';

const LATENCY_MS = 120;
const TRIALS = 12;
const GOAL_MS = 3_000;

const sandbox = await startSandbox({ port: 0, latencyMs: LATENCY_MS });
const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-approval-'));
const store = openStore(join(dir, 'propdesk.sqlite'));
const connection: ConnectionRow = {
  id: 'bench',
  name: 'Bench service',
  baseUrl: sandbox.baseUrl,
  webOrigin: null,
  kind: 'remote',
};
store.connections.insert(connection);
const key = sandbox.keys.find((k) => k.name === 'full')!.key;
const client = new ApiClient({
  baseUrl: sandbox.baseUrl,
  getApiKey: () => key,
  fetch,
  scheduler: new RequestScheduler(),
});
const suggestions = new SuggestionsService({
  repo: new SuggestionsRepository(store.db, () => new Date()),
  connections: { active: () => connection, clientFor: () => client },
  // Who decided is not what this measures.
  deciderField: () => null,
  firstPollMs: 0,
  log: (message, error) => console.error(message, error),
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
try {
  const leases = (await client.list('leases', { filters: { status: 'active' }, limit: TRIALS * 2 }))
    .data as unknown as Array<{ id: string; monthly_rent: number }>;
  suggestions.start();
  suggestions.watch(true);
  const seen: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const changes = leases.slice(trial * 2, trial * 2 + 2).map((lease) => ({
      operation: 'update' as const,
      resourceType: 'lease' as const,
      resourceId: lease.id,
      fields: { monthly_rent: lease.monthly_rent + 7 },
    }));
    const answer = await submitThroughOutbox(store, connection.id, client, `Approval ${trial + 1}`, changes);
    // Let a poll see the batch waiting, then approve at a point spread over the fast rhythm.
    await suggestions.refresh();
    await sleep((DEFAULT_TIMINGS.fastMs * trial) / TRIALS + 50);
    const ids = new Set(answer.proposals.map((p) => p.id));
    const applied = new Promise<void>((resolve) => {
      const off = suggestions.changed.subscribe(({ changes: seenChanges }) => {
        const done = seenChanges.filter((c) => ids.has(c.proposalId) && c.status === 'applied');
        if (done.length === ids.size) {
          off();
          resolve();
        }
      });
    });
    const at = performance.now();
    for (const id of ids) sandbox.control.approve(id, 'property_manager');
    await applied;
    seen.push(performance.now() - at);
  }
  const slowest = Math.max(...seen);
  writeSection(
    `Approval seen by the tracker (${LATENCY_MS} ms a request, a screen showing suggestions open)`,
    [
      {
        measure: `approval → applied on screen, median / slowest of ${TRIALS}`,
        value: `${(median(seen) / 1000).toFixed(2)} s / ${(slowest / 1000).toFixed(2)} s`,
        target: `≤ ${GOAL_MS / 1000} s`,
        met: slowest <= GOAL_MS,
      },
      {
        measure: 'requests in any hour, the budget (held-clock test: suggestions-schedule.test.ts)',
        value: `≤ ${POLL_BUDGET.perHour} (a store of ${POLL_BUDGET.burst}, about 9 minutes of the fast rhythm), as the poll before cost while Suggestions was open (every 5 s)`,
      },
    ],
    `Sandbox in process with ${LATENCY_MS} ms added to every answer; the suggestions service with its own schedule and real timers, watched (as while Suggestions or Today is on screen) with a batch of two rent changes waiting; each approval is made at a different point of the ${DEFAULT_TIMINGS.fastMs / 1000} s rhythm. The time runs from the approval at the sandbox to the service's announcement that both changes are applied (the window follows that announcement).`,
  );
  if (slowest > GOAL_MS) process.exitCode = 1;
} finally {
  await suggestions.stop();
  store.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
}
