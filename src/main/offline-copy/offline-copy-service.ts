// Keeps an offline copy of every collection of a connection: lists each collection to its end at the
// largest page size, stores every page with the cursor to continue from in one transaction, reports
// progress, can be cancelled, and resumes an interrupted listing from its stored cursor.
//
// The contract is stored first, then every collection is read at once, as background work of the
// connection's scheduler (the pages of one collection come one after another: its cursors are
// opaque). The collections the builder names (Today's) are asked for first, and each collection is the copy in use as soon as it is complete, so Today and Portfolio
// fill in figure by figure while the largest collection is still being read. A collection that fails
// does not stop the others.
//
// Refreshing: with no "changed since" filter at the service, an update lists each collection again,
// landing what it reads in the copy in use as changes (added, changed, and gone once the service
// confirms it), so open lists keep their place; a collection without a copy is listed beside and
// swapped in when complete.
import { setMaxListeners } from 'node:events';
import type { CollectionOfflineCopy, OfflineCopyState, OfflineCopyStatus } from '../../shared/portfolio';
import { COLLECTIONS, collectionWords } from '../../shared/service';
import type { Collection } from '../../shared/service';
import { UserError } from '../base/user-error';
import type { ServiceClient } from '../connections/types';
import { Signal } from '../signal';
import type { CollectionListings } from '../store/offline-copy/collection-listings';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { copyCollection } from './collection-copy';
import { budgetWords } from './copy-budget';
import type { CopyBudget } from './copy-budget';
import type { FreeBytes } from './disk-room';
import { PageFetcher } from './page-fetcher';
import type { PassChanges } from './listing-pass';

export interface OfflineCopyServiceOptions {
  repo: OfflineCopyRepository;
  activeId: () => string;
  clientFor: (connectionId: string) => ServiceClient;
  now?: () => Date;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Least time between progress events while pages stream in. */
  progressEveryMs?: number;
  log: (message: string, error?: unknown) => void;
  /** Stores the connection's contract before the listings: the portfolio views read field names from it. */
  loadContract: (connectionId: string) => Promise<unknown>;
  /** Bytes free on the database's disk: the copy stops before it would fill it. */
  freeBytes: FreeBytes;
  /** The collections read first, so their figures fill in first (Today's, given by the builder). */
  firstCollections: readonly Collection[];
  /** What the copies may hold: an update stops there, keeping what it had. */
  budget: CopyBudget;
}

/** This run's work on one collection. */
interface CollectionRun {
  state: 'waiting' | 'reading' | 'done' | 'failed';
  fetched: number;
  /** Records stored of the listing being read, against the last copy's size: its share of the progress. */
  share: number;
  error?: unknown;
}

interface Run {
  connectionId: string;
  controller: AbortController;
  state: OfflineCopyState;
  collections: Map<Collection, CollectionRun>;
  progress: number;
  fetched: number;
  message: string | null;
  notes: string[];
  /** It ended on a wait the service asked for, longer than a request waits: it resumes once that ends. */
  held: boolean;
  done: Promise<void>;
}

/** The collections asked for first (Today's: its figures fill in as they land), then the rest. */
export function copyOrder(first: readonly Collection[]): readonly Collection[] {
  return [...first, ...COLLECTIONS.filter((c) => !first.includes(c))];
}

export class OfflineCopyService {
  /** A connection's offline copy was deleted (forgotten, or "keep no copy"): what was read from it goes too. */
  readonly forgotten = new Signal<string>();
  /** The active connection's copy moved on (progress, an end, a choice): the screen shows it. */
  readonly progress = new Signal<OfflineCopyStatus>();
  /** A collection listed again landed changes in its copy in use: screens showing it read it again. */
  readonly landed = new Signal<PassChanges & { connectionId: string }>();
  private readonly runs = new Map<string, Run>();
  private readonly pages: PageFetcher;
  private lastEmit = 0;
  /** The order the collections are asked for in. */
  private readonly order: readonly Collection[];

  constructor(private readonly o: OfflineCopyServiceOptions) {
    this.pages = new PageFetcher(o.sleep);
    this.order = copyOrder(o.firstCollections);
  }

  status(connectionId = this.o.activeId()): OfflineCopyStatus {
    const run = this.runs.get(connectionId);
    const states = new Map(this.o.repo.states(connectionId).map((s) => [s.collection, s]));
    const reading = this.order.find((c) => run?.collections.get(c)?.state === 'reading');
    return {
      connectionId,
      keepCopy: this.o.repo.keepCopy(connectionId),
      state: run?.state ?? 'idle',
      current: run?.state === 'running' ? (reading ?? null) : null,
      progress: run?.progress ?? 0,
      fetched: run?.fetched ?? 0,
      message: run?.message ?? null,
      notes: run?.notes ?? [],
      budget: budgetWords(this.o.budget),
      collections: COLLECTIONS.map((collection) =>
        collectionStatus(collection, states.get(collection), run?.collections.get(collection)),
      ),
    };
  }

  /**
   * Starts (or resumes) an update of the active connection in the background, of every collection or
   * of those named (the schedule's passes); answers at once.
   */
  start(only: readonly Collection[] = this.order): OfflineCopyStatus {
    const connectionId = this.o.activeId();
    if (!this.o.repo.keepCopy(connectionId))
      throw new UserError(
        'offline_copy_not_kept',
        'This connection is set to keep no offline copy. Turn “Keep no copy on this computer” off to make one.',
      );
    const existing = this.runs.get(connectionId);
    if (existing?.state === 'running') return this.status(connectionId);
    const run: Run = {
      connectionId,
      controller: new AbortController(),
      state: 'running',
      collections: new Map(
        this.order
          .filter((c) => only.includes(c))
          .map((c) => [c, { state: 'waiting', fetched: 0, share: 0 }]),
      ),
      progress: 0,
      fetched: 0,
      message: null,
      notes: [],
      held: false,
      done: Promise.resolve(),
    };
    // Every collection's requests listen to the run's stop at once.
    setMaxListeners(0, run.controller.signal);
    this.runs.set(connectionId, run);
    run.done = this.execute(run);
    this.emit(run, true);
    return this.status(connectionId);
  }

  /**
   * Starts the first copy of the active connection until it has every collection, unless the user
   * chose to keep none; whether it started. A copy begun earlier and interrupted (the demo started
   * again, the app closed) resumes, even when some collections of it are already in use.
   */
  startFirstCopy(connectionId: string): boolean {
    if (connectionId !== this.o.activeId() || !this.o.repo.keepCopy(connectionId)) return false;
    if (this.runs.get(connectionId)?.state === 'running') return false;
    // Collections come into use one by one as they land: the copy is complete only with all of them.
    const live = new Set(
      this.o.repo
        .states(connectionId)
        .filter((s) => s.liveListing != null)
        .map((s) => s.collection),
    );
    if (this.order.every((c) => live.has(c))) return false;
    this.start();
    return true;
  }

  /**
   * The waits the service asked for have ended (or were lifted): an update of the active connection
   * that stopped on one resumes from where it stopped. Whether it did.
   */
  resumeAfterHold(connectionId: string): boolean {
    const run = this.runs.get(connectionId);
    if (!run?.held || run.state !== 'failed' || connectionId !== this.o.activeId()) return false;
    if (!this.o.repo.keepCopy(connectionId)) return false;
    this.start();
    return true;
  }

  /** Whether an update of the connection runs now. */
  running(connectionId = this.o.activeId()): boolean {
    return this.runs.get(connectionId)?.state === 'running';
  }

  /** Resolves when the active connection's update (if any) has ended. */
  async whenIdle(connectionId = this.o.activeId()): Promise<OfflineCopyStatus> {
    await this.runs.get(connectionId)?.done;
    return this.status(connectionId);
  }

  async cancel(connectionId = this.o.activeId()): Promise<OfflineCopyStatus> {
    const run = this.runs.get(connectionId);
    if (run?.state === 'running') {
      run.controller.abort(new UserError('cancelled', 'Stopped.'));
      await run.done;
    }
    return this.status(connectionId);
  }

  /** "Keep no offline copy": stops a running update and deletes the copy in the same step. */
  async setKeepCopy(keep: boolean): Promise<OfflineCopyStatus> {
    const connectionId = this.o.activeId();
    if (!keep) return this.deleteCopy(connectionId, () => this.o.repo.setKeepCopy(connectionId, false));
    this.o.repo.setKeepCopy(connectionId, true);
    return this.announce(connectionId);
  }

  /** Forgets this connection's offline data: every stored record and listing position. */
  forget(): Promise<OfflineCopyStatus> {
    const connectionId = this.o.activeId();
    return this.deleteCopy(connectionId, () => this.o.repo.forget(connectionId));
  }

  /**
   * The one way the copy of a connection goes while the app runs: its update stopped, its rows deleted
   * (by `remove`, which ends in the repository's `forget`), its run dropped, and what was read from it
   * let go by those who hear `forgotten`.
   */
  private async deleteCopy(connectionId: string, remove: () => void): Promise<OfflineCopyStatus> {
    await this.cancel(connectionId);
    remove();
    this.runs.delete(connectionId);
    this.forgotten.emit(connectionId);
    return this.announce(connectionId);
  }

  private announce(connectionId: string): OfflineCopyStatus {
    const status = this.status(connectionId);
    this.progress.emit(status);
    return status;
  }

  async stop(): Promise<void> {
    for (const run of this.runs.values())
      if (run.state === 'running') run.controller.abort(new UserError('cancelled', 'PropDesk is closing.'));
    await Promise.all([...this.runs.values()].map((r) => r.done));
  }

  private async execute(run: Run): Promise<void> {
    const signal = run.controller.signal;
    const before = new Map(this.o.repo.states(run.connectionId).map((s) => [s.collection, s.liveCount]));
    const order = [...run.collections.keys()];
    // Weights for the progress bar: last copy's sizes when every collection has one, else equal.
    const sizes = order.map((c) => before.get(c) ?? 0);
    const weights = new Map(order.map((c, i) => [c, sizes.every((n) => n > 0) ? sizes[i]! : 1] as const));
    const total = [...weights.values()].reduce((a, b) => a + b, 0);
    const progress = () =>
      [...run.collections].reduce((sum, [c, r]) => sum + weights.get(c)! * r.share, 0) / total;
    try {
      // Inside the try: a connection whose address is refused says so as a stopped copy.
      const client = this.o.clientFor(run.connectionId);
      // The copy is useful offline only with the contract that describes it; a failure here is
      // left to the listings to report.
      await this.o.loadContract(run.connectionId).catch(() => undefined);
      signal.throwIfAborted();
      await Promise.all(
        order.map((collection) =>
          this.copyOne(run, client, collection, before.get(collection) ?? 0, () => {
            run.progress = progress();
          }),
        ),
      );
      signal.throwIfAborted();
      const failed = order.filter((c) => run.collections.get(c)!.state === 'failed');
      if (failed.length) {
        run.state = 'failed';
        run.held = failed.some((c) => heldBack(run.collections.get(c)!.error));
        run.message = failureMessage(failed, run.collections.get(failed[0]!)!.error, run.held);
      } else {
        run.state = 'done';
        run.progress = 1;
        run.message = `The offline copy is up to date: ${run.fetched.toLocaleString('en-US')} records read.`;
      }
    } catch (error) {
      if (signal.aborted) {
        run.state = 'cancelled';
        run.message =
          'Stopped. What was read is kept: the copy stays in use, and the next update brings the rest of it up to date.';
      } else {
        run.state = 'failed';
        run.message = failureMessage([], error);
        this.o.log('Offline copy update failed', error);
      }
    }
    for (const r of run.collections.values())
      if (r.state === 'reading' || r.state === 'waiting') r.state = 'failed';
    this.emit(run, true);
  }

  /** One collection of the run, to its end; a failure is kept on the collection, never thrown. */
  private async copyOne(
    run: Run,
    client: ServiceClient,
    collection: Collection,
    expected: number,
    moved: () => void,
  ): Promise<void> {
    const mine = run.collections.get(collection)!;
    mine.state = 'reading';
    try {
      const changes = await copyCollection(
        {
          repo: this.o.repo,
          connectionId: run.connectionId,
          client,
          pages: this.pages,
          signal: run.controller.signal,
          now: () => this.nowIso(),
          onFetched: (records) => {
            run.fetched += records;
            mine.fetched += records;
            this.emit(run);
          },
          onStored: (stored) => {
            mine.share = expected > 0 ? Math.min(0.99, stored / expected) : 0.5;
            moved();
            this.emit(run);
          },
          note: (text) => run.notes.push(text),
          freeBytes: this.o.freeBytes,
          budget: this.o.budget,
          expected,
        },
        collection,
      );
      mine.state = 'done';
      mine.share = 1;
      if (changes && changes.added.length + changes.changed.length + changes.removed.length > 0)
        this.landed.emit({ connectionId: run.connectionId, ...changes });
    } catch (error) {
      mine.state = 'failed';
      mine.error = error;
      if (!run.controller.signal.aborted)
        this.o.log(`Offline copy of ${collectionWords(collection)} could not be finished`, error);
    }
    moved();
    // A collection in or out: Today and Portfolio read it at once.
    this.emit(run, true);
  }

  private emit(run: Run, force = false): void {
    const now = Date.now();
    if (!force && now - this.lastEmit < (this.o.progressEveryMs ?? 100)) return;
    this.lastEmit = now;
    // Only the active connection's update is shown; another's runs on quietly.
    try {
      if (run.connectionId === this.o.activeId()) this.progress.emit(this.status(run.connectionId));
    } catch (error) {
      this.o.log('Offline copy progress could not be reported', error);
    }
  }

  private nowIso(): string {
    return (this.o.now?.() ?? new Date()).toISOString();
  }
}

/** A refusal for a wait the service asked for, longer than a request waits: the copy resumes after it. */
function heldBack(error: unknown): boolean {
  const e = error as { code?: unknown; retryAfterMs?: unknown } | null;
  return e?.code === 'rate_limited' && typeof e.retryAfterMs === 'number' && e.retryAfterMs > 0;
}

/** Why an update stopped, and what the user can do, by the kind of failure. */
function failureMessage(collections: readonly Collection[], error: unknown, held = false): string {
  const where = collections.length
    ? ` while reading ${collections.map((c) => collectionWords(c)).join(', ')}`
    : '';
  const why = error instanceof Error ? error.message : 'Something went wrong.';
  const code = (error as { code?: unknown } | null)?.code;
  // The budget's words say what happened, what is kept and what to do.
  if (code === 'copy_budget') return why;
  const next =
    code === 'network' || code === 'timeout'
      ? ' Check that you are online, then choose “Update the offline copy”; it continues from where it stopped.'
      : code === 'disk_full' || code === 'copy_budget'
        ? ''
        : held
          ? ' What was read is kept, and the copy continues from where it stopped by itself once the wait is over.'
          : code === 'rate_limited'
            ? ' What was read is kept: choose “Update the offline copy” once the wait is over, and it continues from where it stopped.'
            : ' What was read is kept: choose “Update the offline copy” to try again; it continues from where it stopped.';
  return `The offline copy could not be finished${where}: ${why}${next}`;
}

/**
 * One collection's line in the update status: the copy in use (as of when, how many records), a
 * listing being fetched beside it, with whether it can resume where it stopped, and where the update
 * running or last run stands with it.
 */
function collectionStatus(
  collection: Collection,
  s: CollectionListings | undefined,
  run: CollectionRun | undefined,
): CollectionOfflineCopy {
  return {
    ...(run && run.state !== 'waiting' ? { run: { state: run.state, fetched: run.fetched } } : {}),
    collection,
    asOf: s?.liveListing != null ? s.asOf : null,
    count: s?.liveListing != null ? s.liveCount : 0,
    pending:
      s?.stagingListing != null && s.stagingStartedAt
        ? {
            fetched: s.stagingCount,
            startedAt: s.stagingStartedAt,
            resumable: s.stagingCursor !== null || s.stagingCount === 0,
          }
        : null,
  };
}
