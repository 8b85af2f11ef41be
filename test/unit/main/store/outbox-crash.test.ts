// Crash safety with real processes: a PropDesk main process (test/support/outbox-crash-child.ts) is
// killed with SIGKILL before sending, after the service answered but before the answer was stored,
// and after storing, at the 1st, 2nd and 3rd submission of its run; another process then resumes.
// Every draft must end as exactly one batch on the service, and no draft and no acknowledged edit
// may be lost, also when editing is killed at random moments.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../../src/main/store/open-store';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox } from '../../../../src/sandbox';
import { createTestServices } from '../../../support/test-services';
import { MemorySecretStore } from '../../../../src/main/secrets/memory-secret-store';
import { bundledProgram } from '../../../support/bundled-program';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CHILD = 'test/support/outbox-crash-child.ts';
const DRAFTS_PER_RUN = 4;

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runChild(args: string[], key: string, killAfterMs?: number): Promise<ChildResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bundledProgram(CHILD), ...args], {
      cwd: ROOT,
      env: { ...process.env, CRASH_CHILD_KEY: key },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      // Start the clock once the process is really editing, so the kill lands mid-stream.
      if (killAfterMs !== undefined && stdout.startsWith('ok ') && !timer) {
        timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

const keyOf = (s: Sandbox, name: string) => s.keys.find((k) => k.name === name)!.key;

async function batchSize(s: Sandbox, batchId: string): Promise<number> {
  const res = await fetch(`${s.baseUrl}/api/v1/proposals?limit=100&batchId=${encodeURIComponent(batchId)}`, {
    headers: { Authorization: `Bearer ${keyOf(s, 'full')}` },
  });
  return ((await res.json()) as { data: unknown[] }).data.length;
}

async function totalProposals(s: Sandbox): Promise<number> {
  let count = 0;
  let cursor = '';
  for (;;) {
    const res = await fetch(`${s.baseUrl}/api/v1/proposals?limit=100${cursor}`, {
      headers: { Authorization: `Bearer ${keyOf(s, 'full')}` },
    });
    const page = (await res.json()) as { data: unknown[]; nextCursor: string | null; hasMore: boolean };
    count += page.data.length;
    if (!page.hasMore || !page.nextCursor) return count;
    cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
  }
}

describe('crash safety of drafts and submissions (real processes, SIGKILL)', () => {
  let sandbox: Sandbox;
  let leases: string[];
  const dirs: string[] = [];

  beforeAll(async () => {
    // A little latency widens the window between sending and storing the answer.
    sandbox = await startSandbox({ port: 0, latencyMs: 15 });
    const res = await fetch(`${sandbox.baseUrl}/api/v1/leases?limit=100`, {
      headers: { Authorization: `Bearer ${keyOf(sandbox, 'full')}` },
    });
    leases = ((await res.json()) as { data: Array<{ id: string }> }).data.map((l) => l.id);
  });
  afterAll(async () => {
    await sandbox.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
  });

  /** A data folder with a remote connection to the sandbox, its contract cached, and some drafts. */
  async function prepare(
    round: number,
  ): Promise<{ dataDir: string; connectionId: string; drafts: Map<string, number> }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'propdesk-crash-'));
    dirs.push(dataDir);
    const secrets = new MemorySecretStore();
    const services = createTestServices(dataDir, { secrets });
    const conn = await services.connections.add({
      name: 'Sandbox',
      baseUrl: sandbox.baseUrl,
      apiKey: keyOf(sandbox, 'full'),
    });
    await services.connections.switchTo(conn.id);
    await services.contract.get(conn.id, () => services.clients.client().openapi());
    const drafts = new Map<string, number>();
    for (let d = 0; d < DRAFTS_PER_RUN; d++) {
      const size = 1 + ((round + d) % 3);
      const changes = Array.from({ length: size }, (_, i) => ({
        operation: 'update' as const,
        resourceType: 'lease' as const,
        resourceId: leases[(round * 17 + d * 5 + i) % leases.length]!,
        fields: { monthly_rent: 1500 + round * 100 + d * 10 + i },
      }));
      drafts.set(services.drafts.create(`Crash round ${round} draft ${d}`, changes).id, size);
    }
    await services.stop();
    return { dataDir, connectionId: conn.id, drafts };
  }

  const points = ['beforeSend', 'afterResponse', 'afterStore'] as const;
  const cases = points.flatMap((point) => [1, 2, 3].map((nth) => ({ point, nth })));

  it.each(cases)(
    'killed at $point of submission $nth: every draft becomes exactly one batch',
    async ({ point, nth }) => {
      const round = cases.findIndex((c) => c.point === point && c.nth === nth);
      const { dataDir, connectionId, drafts } = await prepare(round);
      const key = keyOf(sandbox, 'full');
      const before = await totalProposals(sandbox);

      const crashed = await runChild(['submit', dataDir, connectionId, point, String(nth)], key);
      expect(crashed.signal, crashed.stderr).toBe('SIGKILL');
      const resumed = await runChild(['submit', dataDir, connectionId, 'none', '0'], key);
      expect(resumed.code, resumed.stderr).toBe(0);

      const store = openStore(join(dataDir, 'propdesk.sqlite'));
      try {
        let expected = 0;
        for (const [draftId, size] of drafts) {
          const row = store.drafts.get(connectionId, draftId);
          expect(row.state).toBe('submitted');
          expect(store.drafts.changes(draftId)).toHaveLength(size);
          const sent = store.db
            .prepare("SELECT batch_id AS b FROM submissions WHERE draft_id = ? AND state = 'sent'")
            .all(draftId) as Array<{ b: string }>;
          expect(sent).toHaveLength(1);
          expect(await batchSize(sandbox, sent[0]!.b)).toBe(size);
          expected += size;
        }
        // Nothing recorded twice: the service holds exactly the proposals of these drafts, once each.
        expect((await totalProposals(sandbox)) - before).toBe(expected);
      } finally {
        store.close();
      }
    },
  );

  it('no acknowledged edit is lost when editing is killed at random moments', async () => {
    const { dataDir, connectionId } = await prepare(99);
    const store0 = openStore(join(dataDir, 'propdesk.sqlite'));
    const draftId = store0.drafts.create(connectionId, 'Edited under fire');
    store0.close();
    for (let run = 0; run < 6; run++) {
      const result = await runChild(
        ['edit', dataDir, connectionId, 'none', '0', draftId, leases[0]!],
        keyOf(sandbox, 'full'),
        20 + run * 37,
      );
      expect(result.signal, result.stderr).toBe('SIGKILL');
      const acks = result.stdout
        .split('\n')
        .filter((l) => l.startsWith('ok '))
        .map((l) => l.split(' ').map(Number) as [number, number, number]);
      expect(acks.length).toBeGreaterThan(0);
      const [, lastI, lastRevision] = acks.at(-1)!;
      const store = openStore(join(dataDir, 'propdesk.sqlite'));
      try {
        const draft = store.drafts.get(connectionId, draftId);
        // The last acknowledged edit is there; at most the one in flight got in after it.
        expect(draft.revision - lastRevision).toBeGreaterThanOrEqual(0);
        expect(draft.revision - lastRevision).toBeLessThanOrEqual(1);
        const changes = new Map(store.drafts.changes(draftId).map((c) => [c.id, c.fields.monthly_rent]));
        const stored = changes.get(`edit-${lastI % 150}`) as number;
        expect(stored).toBe(1000 + lastI);
      } finally {
        store.close();
      }
    }
  });
});
