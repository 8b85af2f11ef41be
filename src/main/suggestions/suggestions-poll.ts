// What one poll of the suggestions does: lists the pending set (and, for each batch a proposal has
// just left, that batch), re-reads what a person approved, stores what changed, and announces it.
// A poll costs one listing of the pending set plus one batch query per batch that has just left it,
// so finished batches cost nothing; the batch queries, and the re-reads, all go at once as background
// work of the connection's scheduler. When to poll is poll-schedule.ts.
import type { EventPayload } from '../../shared/ipc';
import { MAX_PAGE_SIZE } from '../../shared/service';
import { followPages } from '../api/paging';
import type { ServiceClient } from '../connections/types';
import { Signal } from '../signal';
import type { ConnectionRow } from '../store/connection-repo';
import type { ObservedProposal, OpenProposal, RecordedChange } from '../store/suggestions-records';
import type { SuggestionsRepository } from '../store/suggestions-repo';
import { appliedRecords } from './applied-records';
import type { AppliedRecords } from './applied-records';
import { checkApplied, problemOf } from './live-check';
import { decidedNotifications } from './notification-text';
import { UNBATCHED, observe } from './observe';
import type { PollOutcome } from './poll-schedule';

export interface SuggestionsConnections {
  active(): ConnectionRow;
  clientFor(id: string): ServiceClient;
}

export interface SuggestionsPollOptions {
  repo: SuggestionsRepository;
  connections: SuggestionsConnections;
  now: () => Date;
  /** The field of a listed proposal that says who decided, from the connection's contract; null: none. */
  deciderField: (connectionId: string) => string | null;
  /** Where an answer PropDesk refused is recorded (a re-read answered with another record). */
  log: (message: string, error?: unknown) => void;
}

export interface PollReport {
  connectionId: string;
  /** Requests sent to the service by this poll. */
  requests: number;
  changes: RecordedChange[];
}

/** What the window hears after a poll: the pending count and each status that changed. */
export type SuggestionsChanged = EventPayload<'suggestions.changed'>;

/** The words of a desktop notification about one of the user's batches. */
export interface DecidedNotice {
  title: string;
  body: string;
}

/** A batch query that keeps missing a proposal is dropped for the session after this many polls. */
const MAX_UNANSWERED = 3;

type ProposalQuery = { status?: 'proposed'; batchId?: string };

export class SuggestionsPoll {
  /** Statuses changed, or the pending count moved. */
  readonly changed = new Signal<SuggestionsChanged>();
  /** A person decided on (or let expire) suggestions of the user's own batch: one notice a batch. */
  readonly decided = new Signal<DecidedNotice>();
  /** Suggestions the service now reports applied, with the records they touched. */
  readonly applied = new Signal<AppliedRecords>();
  /** Unanswered batch queries, by connection and batch. */
  private readonly unanswered = new Map<string, number>();
  private lastPending: { connectionId: string; count: number } | null = null;
  private lastPolled: { connectionId: string; at: string } | null = null;
  private problem: string | null = null;

  constructor(private readonly o: SuggestionsPollOptions) {}

  /** One poll of the active connection: stores and announces what changed; a failure throws. */
  async pollOnce(): Promise<PollReport> {
    const connection = this.o.connections.active();
    const client = this.o.connections.clientFor(connection.id);
    let requests = 0;
    const pages = (query: ProposalQuery) =>
      followPages(
        (cursor) => {
          requests += 1;
          return client.listProposals(
            { ...query, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
            { priority: 'background' },
          );
        },
        connection.name,
        'suggestions',
      );

    const pending = new Map<string, unknown>();
    for await (const page of pages({ status: 'proposed' }))
      for (const item of page.data) pending.set(item.id, item);

    const decider = this.o.deciderField(connection.id);
    const open = this.o.repo.openProposals(connection.id);
    const openById = new Map(open.map((p) => [p.id, p]));
    const observed: ObservedProposal[] = [];
    for (const [id, item] of pending) {
      const seen = observe(item, openById.get(id)?.batchId, decider);
      if (seen) observed.push(seen);
    }
    // Batches with a proposal that has left the pending set: one query each tells what became of it,
    // all at once (after a day away, hundreds may have been decided).
    const left = [...this.leftPending(connection.id, open, pending)];
    const answers = await Promise.all(
      left.map(async ([batchId]) => {
        const items = [];
        for await (const page of pages({ batchId })) items.push(...page.data);
        return items;
      }),
    );
    left.forEach(([batchId, missing], i) => {
      const answered = new Set<string>();
      for (const item of answers[i]!) {
        const seen = observe(item, openById.get(item.id)?.batchId ?? batchId, decider);
        if (!seen) continue;
        answered.add(seen.id);
        if (!pending.has(seen.id)) observed.push(seen);
      }
      const key = `${connection.id}\n${batchId}`;
      if (missing.every((id) => answered.has(id))) this.unanswered.delete(key);
      else this.unanswered.set(key, (this.unanswered.get(key) ?? 0) + 1);
    });

    const checked = await checkApplied(
      client,
      observed,
      openById,
      () => this.o.now().toISOString(),
      this.o.log,
    );
    requests += checked.requests;

    const changes = this.o.repo.record(connection.id, observed, checked.live);
    this.announce(connection.id, changes);
    const touched = appliedRecords(changes, observed, openById, checked);
    if (touched.length) this.applied.emit({ connectionId: connection.id, records: touched });
    return { connectionId: connection.id, requests, changes };
  }

  /** One poll as the schedule runs it: a failure is kept as the problem to show, never thrown. */
  async attempt(): Promise<PollOutcome> {
    try {
      const report = await this.pollOnce();
      this.lastPolled = { connectionId: report.connectionId, at: this.o.now().toISOString() };
      this.problem = null;
      return {
        changed: report.changes.length > 0,
        waiting: this.o.repo.ownWaiting(report.connectionId),
        requests: report.requests,
      };
    } catch (error) {
      this.problem = problemOf(error);
      const wait = (error as { retryAfterMs?: unknown }).retryAfterMs;
      const asked = typeof wait === 'number' && Number.isFinite(wait) && wait > 0;
      return {
        changed: false,
        waiting: this.o.repo.ownWaiting(this.o.connections.active().id),
        // A failed poll sent at least its first request.
        requests: 1,
        retryAfterMs: asked ? wait : undefined,
      };
    }
  }

  /** Another connection: its batches get their queries again, and the last problem was not its own. */
  connectionChanged(): void {
    this.unanswered.clear();
    this.problem = null;
  }

  /** When this connection was last polled, and what went wrong with the last poll. */
  outcome(connectionId: string): { lastPolledAt: string | null; pollProblem: string | null } {
    const mine = this.lastPolled?.connectionId === connectionId;
    return { lastPolledAt: mine ? this.lastPolled!.at : null, pollProblem: this.problem };
  }

  /** The tracked proposals no longer pending, by batch, leaving out batches whose query keeps missing. */
  private leftPending(
    connectionId: string,
    open: readonly OpenProposal[],
    pending: ReadonlyMap<string, unknown>,
  ): Map<string, string[]> {
    const left = new Map<string, string[]>();
    for (const p of open) {
      if (pending.has(p.id) || p.batchId === UNBATCHED) continue;
      if ((this.unanswered.get(`${connectionId}\n${p.batchId}`) ?? 0) >= MAX_UNANSWERED) continue;
      left.set(p.batchId, [...(left.get(p.batchId) ?? []), p.id]);
    }
    return left;
  }

  private announce(connectionId: string, changes: RecordedChange[]): void {
    const pending = this.o.repo.pendingCount(connectionId);
    const samePending = this.lastPending?.connectionId === connectionId && this.lastPending.count === pending;
    this.lastPending = { connectionId, count: pending };
    if (changes.length === 0 && samePending) return;
    this.changed.emit({
      pending,
      changes: changes.map(({ batchId, proposalId, status }) => ({ batchId, proposalId, status })),
    });
    // Only the user's own batches notify; suggestions made elsewhere are shown, not announced.
    const stillPending = (batchId: string) =>
      this.o.repo.proposalsOf(connectionId, batchId).filter((p) => p.status === 'proposed').length;
    for (const notice of decidedNotifications(changes, stillPending)) this.decided.emit(notice);
  }
}
