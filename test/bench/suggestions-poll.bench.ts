// Benchmark: what one suggestions poll costs with 1,000 tracked batches of which 10 are pending. Batches
// are submitted to a real sandbox over HTTP and recorded through the outbox tables in a real SQLite
// file; 990 are then decided. Goal: at most 2 requests per poll, however many batches are finished.
// Run: npx tsx test/bench/suggestions-poll.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/main/api/api-client';
import type { ConnectionRow } from '../../src/main/store/connection-repo';
import { openStore } from '../../src/main/store/open-store';
import { SuggestionsRepository } from '../../src/main/store/suggestions-repo';
import { SuggestionsService } from '../../src/main/suggestions/suggestions-service';
import { startSandbox } from '../../src/sandbox';
import { median, writeSection } from './report';
import { submitThroughOutbox } from './submit-through-outbox';

const BATCHES = 1_000;
const PENDING = 10;
const CHANGES_PER_BATCH = 2;
const ROUNDS = 50;

const sandbox = await startSandbox({ port: 0 });
const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-suggestions-'));
const store = openStore(join(dir, 'propdesk.sqlite'));
try {
  const connection: ConnectionRow = {
    id: 'bench',
    name: 'Bench service',
    baseUrl: sandbox.baseUrl,
    webOrigin: null,
    kind: 'remote',
  };
  store.connections.insert(connection);
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const client = new ApiClient({ baseUrl: sandbox.baseUrl, getApiKey: () => key, fetch });
  const leases = (await client.list('leases', { filters: { status: 'active' }, limit: 100 }))
    .data as unknown as Array<{
    id: string;
    monthly_rent: number;
  }>;

  const submitted: Array<{ batchId: string; proposalIds: string[] }> = [];
  for (let i = 0; i < BATCHES; i++) {
    const changes = Array.from({ length: CHANGES_PER_BATCH }, (_, j) => {
      const lease = leases[(i * CHANGES_PER_BATCH + j) % leases.length]!;
      return {
        operation: 'update' as const,
        resourceType: 'lease' as const,
        resourceId: lease.id,
        fields: { monthly_rent: lease.monthly_rent + 1 + (i % 50) },
      };
    });
    const label = `Batch ${i + 1}`;
    const answer = await submitThroughOutbox(store, connection.id, client, label, changes);
    submitted.push({ batchId: answer.batchId, proposalIds: answer.proposals.map((p) => p.id) });
  }

  const repo = new SuggestionsRepository(store.db, () => new Date());
  const suggestions = new SuggestionsService({
    repo,
    connections: { active: () => connection, clientFor: () => client },
    log: (message, error) => console.error(message, error),
    deciderField: () => null,
  });
  // All 1,000 are pending at first; 990 are then dismissed, and one poll learns it (one query each).
  await suggestions.pollOnce();
  for (const batch of submitted.slice(PENDING))
    for (const id of batch.proposalIds) sandbox.control.dismiss(id, 'landlord');
  sandbox.control.resetRequestCount();
  const settling = await suggestions.pollOnce();
  const settlingRequests = sandbox.control.requestCount();
  const settled = (
    store.db.prepare('SELECT count(*) AS n FROM tracked_batches WHERE settled = 1').get() as { n: number }
  ).n;

  // Steady state: 1,000 tracked batches, 990 settled, 10 pending.
  const requests: number[] = [];
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    sandbox.control.resetRequestCount();
    const t = performance.now();
    const report = await suggestions.pollOnce();
    times.push(performance.now() - t);
    requests.push(sandbox.control.requestCount());
    if (report.changes.length) throw new Error('a steady poll found changes');
  }

  // One pending batch is dismissed: that poll adds exactly one batch query.
  for (const id of submitted[0]!.proposalIds) sandbox.control.dismiss(id, 'landlord');
  sandbox.control.resetRequestCount();
  await suggestions.pollOnce();
  const oneDecided = sandbox.control.requestCount();
  // One pending batch is approved: one batch query plus one re-read per applied record (live check).
  for (const id of submitted[1]!.proposalIds) sandbox.control.approve(id, 'property_manager');
  sandbox.control.resetRequestCount();
  await suggestions.pollOnce();
  const oneApproved = sandbox.control.requestCount();

  const perPoll = Math.max(...requests);
  writeSection(
    'Suggestions poll (1,000 tracked batches, 10 pending)',
    [
      {
        measure: 'tracked batches / settled',
        value: `${BATCHES.toLocaleString('en')} / ${settled.toLocaleString('en')}`,
      },
      {
        measure: 'requests per poll, steady (max of 50 polls)',
        value: String(perPoll),
        target: '≤ 2',
        met: perPoll <= 2,
      },
      { measure: 'poll time, steady, median', value: `${median(times).toFixed(1)} ms` },
      { measure: 'requests: poll after 1 pending batch dismissed', value: String(oneDecided) },
      {
        measure: `requests: poll after 1 pending batch approved (${CHANGES_PER_BATCH} re-reads)`,
        value: String(oneApproved),
      },
      {
        measure: 'requests: one-off poll that learns 990 batches were decided',
        value: `${settlingRequests} (${settling.changes.length.toLocaleString('en')} changes)`,
      },
    ],
    `Sandbox in process over HTTP, ${CHANGES_PER_BATCH} changes per batch, SQLite file in a temp folder. A steady poll is one listing of status=proposed (limit 100); a batch that leaves the pending set costs one batchId query once, then it is settled and never queried again.`,
  );
  if (perPoll > 2) process.exitCode = 1;
} finally {
  store.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
}
