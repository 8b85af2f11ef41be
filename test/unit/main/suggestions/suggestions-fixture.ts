// Real parts for suggestions tests: a sandbox over HTTP, a SQLite file in a temp folder, the real API
// client and outbox repository; only the clock of the poll scheduler and Electron's notify are fakes.
import { compileContract } from '../../../../src/shared/contract';
import { deciderField } from '../../../../src/shared/field-roles';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../../../src/main/api/api-client';
import type { ApiClientOptions } from '../../../../src/main/api/api-client';
import type { ConnectionRow } from '../../../../src/main/store/connection-repo';
import { openStore } from '../../../../src/main/store/open-store';
import type { Store } from '../../../../src/main/store/open-store';
import { SuggestionsRepository } from '../../../../src/main/store/suggestions-repo';
import { SuggestionsService } from '../../../../src/main/suggestions/suggestions-service';
import type { SuggestionsServiceOptions } from '../../../../src/main/suggestions/suggestions-service';
import type { Timers } from '../../../../src/main/suggestions/poll-schedule';
import { startSandbox } from '../../../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../../../src/sandbox';
import type { DraftChangeInput } from '../../../../src/shared/drafts';
import type { EventPayload } from '../../../../src/shared/ipc';
import type { SuggestionResponse } from '../../../../src/shared/service';

export interface FakeTimers extends Timers {
  /** Delays of the timers still pending, oldest first. */
  pending(): number[];
  /** Runs the earliest pending timer. */
  fire(): void;
}

export function fakeTimers(): FakeTimers {
  let next = 1;
  const queue = new Map<number, { fn: () => void; ms: number }>();
  return {
    set(fn, ms) {
      const id = next++;
      queue.set(id, { fn, ms });
      return id;
    },
    clear(handle) {
      queue.delete(handle as number);
    },
    pending: () => [...queue.values()].map((t) => t.ms),
    fire() {
      const [id, timer] = [...queue.entries()][0] ?? [];
      if (id === undefined || !timer) throw new Error('no timer pending');
      queue.delete(id);
      timer.fn();
    },
  };
}

export interface SuggestionsFixture {
  sandbox: Sandbox;
  store: Store;
  repo: SuggestionsRepository;
  client: ApiClient;
  connection: ConnectionRow;
  suggestions: SuggestionsService;
  timers: FakeTimers;
  notes: Array<{ title: string; body: string }>;
  events: Array<EventPayload<'suggestions.changed'>>;
  /** Submits through the outbox tables exactly as the app does, returning the service's answer. */
  submit(label: string, changes: DraftChangeInput[]): Promise<SuggestionResponse>;
  /** A batch sent straight to the service, as another tool would. */
  submitElsewhere(label: string, changes: DraftChangeInput[]): Promise<SuggestionResponse>;
  activeLeases(count: number): Promise<Array<{ id: string; monthly_rent: number }>>;
  /** What the suggestions service wrote to the log. */
  logged: string[];
  close(): Promise<void>;
}

export async function suggestionsFixture(
  options: {
    sandbox?: SandboxOptions;
    client?: Partial<ApiClientOptions>;
    suggestions?: Partial<SuggestionsServiceOptions>;
  } = {},
): Promise<SuggestionsFixture> {
  const sandbox = await startSandbox({ port: 0, ...options.sandbox });
  const dir = mkdtempSync(join(tmpdir(), 'propdesk-suggestions-'));
  const store = openStore(join(dir, 'propdesk.sqlite'));
  const connection: ConnectionRow = {
    id: 'conn-1',
    name: 'Test service',
    baseUrl: sandbox.baseUrl,
    webOrigin: null,
    kind: 'remote',
  };
  store.connections.insert(connection);
  const key = sandbox.keys.find((k) => k.name === 'full')!.key;
  const client = new ApiClient({ baseUrl: sandbox.baseUrl, getApiKey: () => key, fetch, ...options.client });
  const repo = new SuggestionsRepository(store.db, () => new Date());
  // Who decided is read from the field the sandbox's own contract has for it, as the app reads it.
  // (read by a client of its own, so the test's client hears of no request it did not make)
  const contract = await new ApiClient({ baseUrl: sandbox.baseUrl, getApiKey: () => key, fetch }).openapi();
  const decider = deciderField(compileContract(contract));
  const timers = fakeTimers();
  const notes: SuggestionsFixture['notes'] = [];
  const events: SuggestionsFixture['events'] = [];
  const logged: string[] = [];
  const suggestions = new SuggestionsService({
    repo,
    connections: { active: () => connection, clientFor: () => client },
    deciderField: () => decider,
    timers,
    log: (message, error) => void logged.push(`${message}: ${error instanceof Error ? error.message : ''}`),
    ...options.suggestions,
  });
  // What the app's reactions pass on to the window and to desktop notifications.
  suggestions.changed.subscribe((payload) => events.push(payload));
  suggestions.decided.subscribe((notice) => notes.push(notice));
  const body = (label: string, changes: DraftChangeInput[]) =>
    JSON.stringify({
      label,
      changes: changes.map((c) =>
        c.operation === 'update'
          ? {
              operation: c.operation,
              resourceType: c.resourceType,
              resourceId: c.resourceId,
              fields: c.fields,
            }
          : { operation: c.operation, resourceType: c.resourceType, fields: c.fields },
      ),
    });
  return {
    sandbox,
    store,
    repo,
    client,
    connection,
    suggestions,
    timers,
    notes,
    events,
    logged,
    async submit(label, changes) {
      const draftId = store.drafts.create(connection.id, label, changes);
      const text = body(label, changes);
      const submissionId = store.outbox.enqueue(connection.id, draftId, 0, text);
      const pending = store.outbox.pending(connection.id).find((p) => p.id === submissionId)!;
      const response = await client.submitBatch(text, pending.idempotencyKey);
      store.outbox.recordSent(
        submissionId,
        response,
        label,
        changes.map((c) => ({
          resourceId: c.operation === 'update' ? c.resourceId : null,
          fields: c.fields,
        })),
      );
      return response;
    },
    submitElsewhere(label, changes) {
      return client.submitBatch(body(label, changes), `elsewhere-${Math.random().toString(36).slice(2)}`);
    },
    async activeLeases(count) {
      const page = await client.list('leases', { filters: { status: 'active' }, limit: count });
      return page.data as unknown as Array<{ id: string; monthly_rent: number }>;
    },
    async close() {
      await suggestions.stop();
      store.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** Three rent updates on three active leases. */
export function rentChanges(
  leases: Array<{ id: string; monthly_rent: number }>,
  plus = 25,
): DraftChangeInput[] {
  return leases.map((l) => ({
    operation: 'update' as const,
    resourceType: 'lease' as const,
    resourceId: l.id,
    fields: { monthly_rent: l.monthly_rent + plus },
  }));
}
