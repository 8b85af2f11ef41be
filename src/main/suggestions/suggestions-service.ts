// Suggestions: follows the suggestions PropDesk tracks until a person decides. The service is its poll
// (suggestions-poll.ts: what one poll asks, stores and announces) run by its schedule
// (poll-schedule.ts: when), and what the Suggestions screen reads.
import type { SuggestionsState } from '../../shared/suggestions';
import type { SuggestionsRepository } from '../store/suggestions-repo';
import { nameCreated } from './created-named';
import type { SettledCreate } from './created-named';
import { POLL_BUDGET } from './poll-budget';
import type { PollBudgetLimits } from './poll-budget';
import { DEFAULT_TIMINGS, PollSchedule, realTimers } from './poll-schedule';
import type { PollTimings, Timers } from './poll-schedule';
import { SuggestionsPoll } from './suggestions-poll';
import type { PollReport, SuggestionsConnections } from './suggestions-poll';

export interface SuggestionsServiceOptions {
  repo: SuggestionsRepository;
  connections: SuggestionsConnections;
  timings?: PollTimings;
  /** Requests the poll may send in any hour. */
  budget?: PollBudgetLimits;
  now?: () => Date;
  timers?: Timers;
  /** Delay of the first poll after start, so start-up work comes first. */
  firstPollMs?: number;
  /** Where an answer PropDesk refused is recorded. */
  log: (message: string, error?: unknown) => void;
  /** The field of a listed proposal that says who decided, from the connection's contract; null: none. */
  deciderField: (connectionId: string) => string | null;
}

export class SuggestionsService {
  /** After a poll: statuses changed, or the pending count moved (the window and the badge follow). */
  readonly changed: SuggestionsPoll['changed'];
  /** The words of a desktop notification about a batch a person decided on. */
  readonly decided: SuggestionsPoll['decided'];
  /** Suggestions the service now reports applied, with the records they touched. */
  readonly applied: SuggestionsPoll['applied'];
  private readonly poll: SuggestionsPoll;
  private readonly schedule: PollSchedule;

  constructor(private readonly o: SuggestionsServiceOptions) {
    const now = o.now ?? (() => new Date());
    this.poll = new SuggestionsPoll({
      repo: o.repo,
      connections: o.connections,
      now,
      log: o.log,
      deciderField: o.deciderField,
    });
    this.schedule = new PollSchedule({
      poll: () => this.poll.attempt(),
      timings: o.timings ?? DEFAULT_TIMINGS,
      timers: o.timers ?? realTimers,
      now,
      firstPollMs: o.firstPollMs ?? 3_000,
      budget: o.budget ?? POLL_BUDGET,
    });
    this.changed = this.poll.changed;
    this.decided = this.poll.decided;
    this.applied = this.poll.applied;
  }

  start(): void {
    this.schedule.start();
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }

  /** Suggestions or Today came on screen (poll now, then often) or left it (back to the idle rhythm). */
  watch(open: boolean): void {
    this.schedule.watch(open);
  }

  /** From the connectivity monitor: polls pause while the service cannot be reached. */
  setOnline(online: boolean): void {
    this.schedule.setOnline(online);
  }

  /** Something was just submitted: look soon, at the base rhythm. */
  nudge(delayMs?: number): void {
    this.schedule.nudge(delayMs);
  }

  /** "Try now" after the service asked for a long wait: polls now. */
  tryNow(): void {
    this.schedule.tryNow();
  }

  connectionChanged(): void {
    this.poll.connectionChanged();
    this.schedule.connectionChanged();
  }

  /** Polls now (unless the service asked to wait) and returns the state afterwards. */
  async refresh(): Promise<SuggestionsState> {
    await this.schedule.run();
    return this.state();
  }

  state(): SuggestionsState {
    const connectionId = this.o.connections.active().id;
    const next = this.schedule.nextAt();
    return {
      batches: this.o.repo.batches(connectionId),
      counts: this.o.repo.counts(connectionId),
      ...this.poll.outcome(connectionId),
      nextPollAt: next ? next.toISOString() : null,
    };
  }

  pending(): number {
    return this.o.repo.pendingCount(this.o.connections.active().id);
  }

  /** When the next poll is due, in ms from now; undefined while paused (for tests and the status bar). */
  nextDelayMs(): number | undefined {
    return this.schedule.nextDelayMs();
  }

  /**
   * Records PropDesk's applied creates made, found by what was sent: each suggestion names its record
   * (or says it is not yet found), and the records found go to the offline copy as applied.
   */
  async createdSettled(settled: readonly SettledCreate[]): Promise<void> {
    const byConnection = new Map<string, SettledCreate[]>();
    for (const s of settled)
      byConnection.set(s.connectionId, [...(byConnection.get(s.connectionId) ?? []), s]);
    const now = this.o.now ?? (() => new Date());
    for (const [connectionId, mine] of byConnection) {
      const client = this.o.connections.clientFor(connectionId);
      const named = await nameCreated(this.o.repo, client, mine, () => now().toISOString());
      if (named.changed) this.changed.emit({ pending: this.o.repo.pendingCount(connectionId), changes: [] });
      if (named.records.length) this.applied.emit({ connectionId, records: named.records });
    }
  }

  /** Resolves when no poll is under way (for tests and orderly shutdown). */
  whenIdle(): Promise<void> {
    return this.schedule.whenIdle();
  }

  /** One poll of the active connection, with no scheduling: stores and announces. */
  pollOnce(): Promise<PollReport> {
    return this.poll.pollOnce();
  }
}
