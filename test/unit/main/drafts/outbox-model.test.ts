// A model test of the outbox state machine (fast-check): random sequences of edits, submissions,
// withdrawals, sends under injected faults, connectivity changes and restarts (the SQLite file closed
// and reopened), checked against a small model after every step. The service is a real sandbox;
// faults are injected at the client boundary: a connection refused before sending, an answer lost
// after the service recorded the batch, a 503, a 400.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/main/api/api-client';
import { ApiError } from '../../../../src/main/api/errors/api-error';
import { Outbox } from '../../../../src/main/drafts/outbox';
import type { SubmitClient } from '../../../../src/main/drafts/outbox';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';

type Fault = 'ok' | 'refused' | 'lost-answer' | 'unavailable' | 'bad-request';

interface ModelDraft {
  state: 'editing' | 'submitting' | 'submitted';
  /** queued: no attempt can have reached the service; sending: one may have. */
  pending: 'queued' | 'sending' | null;
  /** Batches the service recorded for this draft's current submission key (0 or 1). */
  recordedForKey: number;
  /** Batches the service recorded for this draft over all its keys. */
  recorded: number;
  edits: number;
}

interface World {
  store: Store;
  outbox: Outbox;
  online: boolean;
  fault: Fault;
  time: { ms: number };
  drafts: string[];
  model: ModelDraft[];
  connectionId: string;
}

const keyOf = (s: Sandbox, name: string) => s.keys.find((k) => k.name === name)!.key;

describe('outbox state machine (model-based, fast-check)', () => {
  let sandbox: Sandbox;
  let client: ApiClient;
  let leaseIds: string[];
  const dirs: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    client = new ApiClient({
      baseUrl: sandbox.baseUrl,
      getApiKey: () => keyOf(sandbox, 'full'),
      fetch: globalThis.fetch,
      maxRetries: 0,
    });
    leaseIds = (await client.list('leases', { limit: 20 })).data.map((l) => l.id);
  });
  afterAll(async () => {
    await sandbox.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 10 });
  });

  /** The client as the outbox sees it, with the world's current fault applied to each send. */
  function faultyClient(world: () => World): SubmitClient {
    return {
      async submitBatch(body, key) {
        const w = world();
        switch (w.fault) {
          case 'ok':
            return client.submitBatch(body, key);
          case 'refused': {
            const error = new ApiError('network', 'connection refused');
            error.undelivered = true;
            throw error;
          }
          case 'lost-answer':
            await client.submitBatch(body, key);
            throw new ApiError('timeout', 'no answer');
          case 'unavailable':
            throw new ApiError('server_error', 'unavailable', { status: 503 });
          case 'bad-request':
            throw new ApiError('invalid_request', 'refused', { status: 400 });
        }
      },
    };
  }

  function openWorld(file: string, previous?: World): World {
    const time = previous?.time ?? { ms: Date.parse('2026-11-23T10:00:00Z') };
    const store = openStore(file, { now: () => new Date(time.ms) });
    const world: World = previous
      ? { ...previous, store }
      : {
          store,
          outbox: undefined as unknown as Outbox,
          online: true,
          fault: 'ok',
          time,
          drafts: [],
          model: [],
          connectionId: '',
        };
    world.outbox = new Outbox({
      repo: store.outbox,
      clientFor: () => faultyClient(() => world),
      currentAddress: (id) => store.connections.get(id)?.baseUrl,
      isOnline: () => world.online,
      log: () => undefined,
      now: () => time.ms,
    });
    if (!previous) {
      world.connectionId = 'sandbox';
      store.connections.insert({
        id: 'sandbox',
        name: 'Sandbox',
        baseUrl: sandbox.baseUrl,
        webOrigin: null,
        kind: 'remote',
      });
    }
    return world;
  }

  const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  /** How many batches the service recorded per marker rent ("… → 200,512.00" in its summaries). */
  async function recordedBatches(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    let cursor = '';
    for (;;) {
      const page = await client.listProposals({ limit: 100, ...(cursor ? { cursor } : {}) });
      for (const p of page.data as Array<{ summary: string }>) {
        const value = /→ ([\d,.]+)$/.exec(p.summary)?.[1];
        if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      if (!page.hasMore || !page.nextCursor) return counts;
      cursor = page.nextCursor;
    }
  }

  const command = fc.oneof(
    { arbitrary: fc.constant({ kind: 'create' as const }), weight: 2 },
    { arbitrary: fc.nat(5).map((i) => ({ kind: 'edit' as const, i })), weight: 2 },
    { arbitrary: fc.nat(5).map((i) => ({ kind: 'submit' as const, i })), weight: 3 },
    { arbitrary: fc.nat(5).map((i) => ({ kind: 'cancel' as const, i })), weight: 1 },
    {
      arbitrary: fc
        .constantFrom<Fault>('ok', 'ok', 'refused', 'lost-answer', 'unavailable', 'bad-request')
        .map((fault) => ({ kind: 'send' as const, fault })),
      weight: 4,
    },
    { arbitrary: fc.boolean().map((online) => ({ kind: 'online' as const, online })), weight: 1 },
    { arbitrary: fc.constant({ kind: 'restart' as const }), weight: 1 },
  );

  it('never records a draft twice, never loses one, and settles every submission when the faults stop', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        const dir = mkdtempSync(join(tmpdir(), 'propdesk-model-'));
        dirs.push(dir);
        const file = join(dir, 'propdesk.sqlite');
        let w = openWorld(file);
        const labels: string[] = [];
        const thisRun = run++;
        // Each draft suggests a rent no other draft uses, so the service's summaries tell drafts apart.
        const marker = (i: number) => 200_000 + thisRun * 100 + i;
        const body = (i: number) =>
          JSON.stringify({
            label: labels[i],
            changes: [
              {
                operation: 'update',
                resourceType: 'lease',
                resourceId: leaseIds[i % leaseIds.length],
                fields: { monthly_rent: marker(i) },
              },
            ],
          });
        try {
          for (const c of commands) {
            const i = 'i' in c ? c.i % Math.max(1, w.drafts.length) : 0;
            const m = w.model[i];
            switch (c.kind) {
              case 'create': {
                labels.push(`Model run ${thisRun} draft ${w.drafts.length}`);
                w.drafts.push(w.store.drafts.create(w.connectionId, labels.at(-1)!));
                w.model.push({ state: 'editing', pending: null, recordedForKey: 0, recorded: 0, edits: 0 });
                break;
              }
              case 'edit': {
                if (!m) break;
                const edit = () =>
                  w.store.drafts.putChange(w.connectionId, w.drafts[i]!, {
                    id: 'only',
                    operation: 'update',
                    resourceType: 'lease',
                    resourceId: leaseIds[0]!,
                    fields: { monthly_rent: m.edits + 1 },
                  });
                if (m.state === 'editing') {
                  edit();
                  m.edits++;
                } else expect(edit).toThrow(/submitted|being submitted/);
                break;
              }
              case 'submit': {
                if (!m) break;
                const rev = w.store.drafts.get(w.connectionId, w.drafts[i]!).revision;
                const submit = () => w.store.outbox.enqueue(w.connectionId, w.drafts[i]!, rev, body(i));
                if (m.state === 'editing') {
                  submit();
                  Object.assign(m, { state: 'submitting', pending: 'queued', recordedForKey: 0 });
                } else expect(submit).toThrow(/already being submitted/);
                break;
              }
              case 'cancel': {
                if (!m) break;
                const cancel = () => w.store.outbox.cancel(w.connectionId, w.drafts[i]!);
                if (m.pending === 'queued') {
                  cancel();
                  Object.assign(m, { state: 'editing', pending: null });
                } else expect(cancel).toThrow();
                break;
              }
              case 'online':
                w.online = c.online;
                break;
              case 'restart':
                await w.outbox.stop();
                w.store.close();
                w = openWorld(file, w);
                break;
              case 'send': {
                w.fault = c.fault;
                w.time.ms += 60 * 60_000; // every deferred retry is due
                await w.outbox.kick();
                if (!w.online) break;
                for (const d of w.model) {
                  if (d.state !== 'submitting') continue;
                  const before = d.pending;
                  switch (c.fault) {
                    case 'ok':
                      d.recorded += d.recordedForKey === 0 ? 1 : 0;
                      Object.assign(d, { state: 'submitted', pending: null, recordedForKey: 1 });
                      break;
                    case 'lost-answer':
                      d.recorded += d.recordedForKey === 0 ? 1 : 0;
                      Object.assign(d, { pending: 'sending', recordedForKey: 1 });
                      break;
                    case 'refused':
                      break; // queued stays queued, sending stays sending
                    case 'unavailable':
                      d.pending = 'sending';
                      break;
                    case 'bad-request':
                      // Safe to unfreeze only when no earlier attempt can have been recorded.
                      if (before === 'queued') Object.assign(d, { state: 'editing', pending: null });
                      else d.pending = 'sending';
                      break;
                  }
                }
                break;
              }
            }
            // After every step the store agrees with the model.
            w.model.forEach((d, k) => {
              const row = w.store.drafts.get(w.connectionId, w.drafts[k]!);
              expect(row.state).toBe(d.state);
              const open = w.store.outbox.pending().find((p) => p.draftId === w.drafts[k]);
              expect(open?.state ?? null).toBe(d.pending);
              expect(d.recorded).toBeLessThanOrEqual(1);
            });
          }
          // The faults stop and the connection returns: everything waiting is settled, once.
          w.online = true;
          w.fault = 'ok';
          w.time.ms += 60 * 60_000;
          await w.outbox.kick();
          expect(w.store.outbox.pending()).toEqual([]);
          const recorded = await recordedBatches();
          w.model.forEach((d, k) => {
            const row = w.store.drafts.get(w.connectionId, w.drafts[k]!);
            const count = recorded.get(money.format(marker(k))) ?? 0;
            if (row.state === 'submitted') expect(count).toBe(1);
            else expect(count).toBe(d.recorded);
            expect(w.store.drafts.changes(w.drafts[k]!).length).toBe(d.edits > 0 ? 1 : 0);
          });
        } finally {
          await w.outbox.stop();
          w.store.close();
        }
      }),
      { numRuns: 300, seed: 20261123 },
    );
    // 300 runs, each with its own database file: a busy machine needs longer than the default.
  }, 240_000);
});
