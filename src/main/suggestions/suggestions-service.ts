// Suggestions: polls the service for the status of tracked suggestions, stores what
// changed, tells the renderer and raises a desktop notification. A poll costs one listing of the
// pending set plus one batch query per batch that has just left it, so finished batches cost nothing.
import type { ServiceClient } from '../connections/types';
import type { ConnectionRow } from '../store/connection-repo';
import type { ObservedProposal, RecordedChange } from '../store/suggestions-records';
import type { SuggestionsRepository } from '../store/suggestions-repo';
import type { SuggestionsState } from '../../shared/suggestions';
import type { EventPayload } from '../../shared/ipc';
import { MAX_PAGE_SIZE } from '../../shared/service';
import { followPages } from '../api/paging';
import { Signal } from '../signal';
import { appliedRecords } from './applied-records';
import type { AppliedRecords } from './applied-records';
import { checkApplied, problemOf } from './live-check';
import { decidedNotifications } from './notification-text';
import { UNBATCHED, observe } from './observe';
import { DEFAULT_TIMINGS, nextIdleMs, pollDelay, realTimers } from './poll-schedule';
import type { PollTimings, Timers } from './poll-schedule';

export interface SuggestionsConnections {
  active(): ConnectionRow;
  clientFor(id: string): ServiceClient;
}

export interface SuggestionsServiceOptions {
  repo: SuggestionsRepository;
  connections: SuggestionsConnections;
  emit: (payload: EventPayload<'suggestions.changed'>) => void;
  /** A desktop notification (Electron's, injected). */
  notify: (title: string, body: string) => void;
  timings?: PollTimings;
  now?: () => Date;
  timers?: Timers;
  /** Delay of the first poll after start, so start-up work comes first. */
  firstPollMs?: number;
  warn: (message: string, detail?: unknown) => void;
}

export interface PollReport {
  connectionId: string;
  /** Requests sent to the service by this poll. */
  requests: number;
  changes: RecordedChange[];
}

/** A batch query that keeps missing a proposal is dropped for the session after this many polls. */
const MAX_UNANSWERED = 3;

export class SuggestionsService {
  /** Suggestions the service now reports applied, with the records they touched. */
  readonly applied = new Signal<AppliedRecords>();
  private readonly timings: PollTimings;
  private readonly timers: Timers;
  private readonly now: () => Date;
  private timer: unknown;
  private nextAt: Date | null = null;
  private started = false;
  private stopped = false;
  private online = true;
  private watching = false;
  private idleMs: number;
  private inFlight: Promise<void> | undefined;
  private again = false;
  /** Not before this time: the service asked us to wait (Retry-After). */
  private notBefore = 0;
  private retryAfterMs: number | undefined;
  private lastPoll: { connectionId: string; at: string } | null = null;
  private problem: string | null = null;
  private lastPending: { connectionId: string; count: number } | null = null;
  private readonly unanswered = new Map<string, number>();

  constructor(private readonly options: SuggestionsServiceOptions) {
    this.timings = options.timings ?? DEFAULT_TIMINGS;
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? (() => new Date());
    this.idleMs = this.timings.baseMs;
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.schedule(this.options.firstPollMs ?? 3_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.inFlight;
  }

  /** The suggestions service screen opened (poll now, then often) or closed (back to the idle rhythm). */
  watch(open: boolean): void {
    this.watching = open;
    if (!this.started || this.inFlight) return;
    this.schedule(open ? 250 : pollDelay(this.idleMs, false, undefined, this.timings));
  }

  /** From the connectivity monitor: polls pause while the service cannot be reached. */
  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (!online) this.clearTimer();
    else if (!this.inFlight) this.schedule(Math.min(1_000, this.timings.baseMs));
  }

  /** Something was just submitted or the connection changed: look soon, at the base rhythm. */
  nudge(delayMs = 500): void {
    this.idleMs = this.timings.baseMs;
    if (!this.started) return;
    if (this.inFlight) this.again = true;
    else this.schedule(delayMs);
  }

  connectionChanged(): void {
    this.unanswered.clear();
    this.problem = null;
    this.notBefore = 0;
    this.retryAfterMs = undefined;
    this.nudge(1_000);
  }

  /** Polls now (unless the service asked to wait) and returns the state afterwards. */
  async refresh(): Promise<SuggestionsState> {
    await this.cycle();
    return this.state();
  }

  state(): SuggestionsState {
    const connectionId = this.options.connections.active().id;
    const mine = this.lastPoll?.connectionId === connectionId;
    return {
      batches: this.options.repo.batches(connectionId),
      counts: this.options.repo.counts(connectionId),
      lastPolledAt: mine ? this.lastPoll!.at : null,
      nextPollAt: this.nextAt ? this.nextAt.toISOString() : null,
      pollProblem: this.problem,
    };
  }

  pending(): number {
    return this.options.repo.pendingCount(this.options.connections.active().id);
  }

  /** When the next poll is due, in ms from now; undefined while paused (for tests and the status bar). */
  nextDelayMs(): number | undefined {
    return this.nextAt ? Math.max(0, this.nextAt.getTime() - this.now().getTime()) : undefined;
  }

  /** Resolves when no poll is under way (for tests and orderly shutdown). */
  async whenIdle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  /** One poll of the active connection, with no scheduling: stores, emits and notifies. */
  async pollOnce(): Promise<PollReport> {
    const connection = this.options.connections.active();
    const client = this.options.connections.clientFor(connection.id);
    let requests = 0;
    const listProposals: ServiceClient['listProposals'] = (query) => {
      requests += 1;
      return client.listProposals(query);
    };
    const pages = (query: { status?: 'proposed'; batchId?: string }) =>
      followPages(
        (cursor) => listProposals({ ...query, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
        connection.name,
        'suggestions',
      );

    const pending = new Map<string, unknown>();
    for await (const page of pages({ status: 'proposed' }))
      for (const item of page.data) pending.set(item.id, item);

    const open = this.options.repo.openProposals(connection.id);
    const openById = new Map(open.map((p) => [p.id, p]));
    const observed: ObservedProposal[] = [];
    for (const [id, item] of pending) {
      const seen = observe(item, openById.get(id)?.batchId);
      if (seen) observed.push(seen);
    }
    // Batches with a proposal that has left the pending set: one query each tells what became of it.
    const leftPending = new Map<string, string[]>();
    for (const p of open) {
      if (pending.has(p.id) || p.batchId === UNBATCHED) continue;
      const key = `${connection.id}\n${p.batchId}`;
      if ((this.unanswered.get(key) ?? 0) >= MAX_UNANSWERED) continue;
      leftPending.set(p.batchId, [...(leftPending.get(p.batchId) ?? []), p.id]);
    }
    for (const [batchId, missing] of leftPending) {
      const answered = new Set<string>();
      for await (const page of pages({ batchId })) {
        for (const item of page.data) {
          const seen = observe(item, openById.get(item.id)?.batchId ?? batchId);
          if (!seen) continue;
          answered.add(seen.id);
          if (!pending.has(seen.id)) observed.push(seen);
        }
      }
      const key = `${connection.id}\n${batchId}`;
      if (missing.every((id) => answered.has(id))) this.unanswered.delete(key);
      else this.unanswered.set(key, (this.unanswered.get(key) ?? 0) + 1);
    }

    const checked = await checkApplied(client, observed, openById, () => this.now().toISOString());
    requests += checked.requests;
    const live = checked.live;

    const changes = this.options.repo.record(connection.id, observed, live);
    this.announce(connection.id, changes);
    const touched = appliedRecords(changes, observed, openById);
    if (touched.length) this.applied.emit({ connectionId: connection.id, records: touched });
    return { connectionId: connection.id, requests, changes };
  }

  private announce(connectionId: string, changes: RecordedChange[]): void {
    const pending = this.options.repo.pendingCount(connectionId);
    const samePending = this.lastPending?.connectionId === connectionId && this.lastPending.count === pending;
    this.lastPending = { connectionId, count: pending };
    if (changes.length === 0 && samePending) return;
    this.options.emit({
      pending,
      changes: changes.map(({ batchId, proposalId, status }) => ({ batchId, proposalId, status })),
    });
    // Only the user's own batches notify; suggestions made elsewhere are shown, not announced.
    const stillPending = (batchId: string) =>
      this.options.repo.proposalsOf(connectionId, batchId).filter((p) => p.status === 'proposed').length;
    for (const { title, body } of decidedNotifications(changes, stillPending)) {
      try {
        this.options.notify(title, body);
      } catch (error) {
        this.options.warn('A desktop notification could not be shown', error);
      }
    }
  }

  /** Polls (or waits for the poll under way, then polls again), records the outcome, schedules the next. */
  private cycle(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.clearTimer();
    this.inFlight = (async () => {
      do {
        this.again = false;
        await this.pollRecordingOutcome();
      } while (this.again && !this.stopped);
      this.inFlight = undefined;
      if (!this.stopped && this.started && this.online)
        this.schedule(pollDelay(this.idleMs, this.watching, this.retryAfterMs, this.timings));
    })();
    return this.inFlight;
  }

  private async pollRecordingOutcome(): Promise<void> {
    const nowMs = this.now().getTime();
    if (nowMs < this.notBefore) {
      // The service asked for a pause; honour it even when the user presses refresh.
      this.retryAfterMs = this.notBefore - nowMs;
      return;
    }
    let changed = false;
    this.retryAfterMs = undefined;
    try {
      const report = await this.pollOnce();
      changed = report.changes.length > 0;
      this.lastPoll = { connectionId: report.connectionId, at: this.now().toISOString() };
      this.problem = null;
    } catch (error) {
      this.problem = problemOf(error);
      const wait = (error as { retryAfterMs?: unknown }).retryAfterMs;
      if (typeof wait === 'number' && Number.isFinite(wait) && wait > 0) {
        this.retryAfterMs = wait;
        this.notBefore = this.now().getTime() + wait;
      }
    }
    this.idleMs = nextIdleMs(this.idleMs, changed, this.timings);
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    if (this.stopped || !this.online) return;
    this.nextAt = new Date(this.now().getTime() + delayMs);
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.nextAt = null;
      void this.cycle();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.nextAt = null;
  }
}
