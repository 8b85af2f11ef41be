// Keeps an offline copy of every collection of a connection: lists each collection to its end at the
// largest page size, stores every page with the cursor to continue from in one transaction, reports
// progress, can be cancelled, and resumes an interrupted listing from its stored cursor.
//
// Refreshing: with no "changed since" filter at the service, an update lists everything again, beside
// the copy in use (readable, offline too) until the new listing is complete; then they swap at once.
import type { CollectionOfflineCopy, OfflineCopyState, OfflineCopyStatus } from '../../shared/portfolio';
import { COLLECTIONS } from '../../shared/service';
import type { Collection } from '../../shared/service';
import { UserError } from '../base/user-error';
import type { ServiceClient } from '../connections/types';
import { Signal } from '../signal';
import type { CollectionListings } from '../store/offline-copy/collection-listings';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import { copyCollection } from './collection-copy';
import { PageFetcher } from './page-fetcher';

export interface OfflineCopyServiceOptions {
  repo: OfflineCopyRepository;
  activeId: () => string;
  clientFor: (connectionId: string) => ServiceClient;
  now?: () => Date;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Least time between progress events while pages stream in. */
  progressEveryMs?: number;
  log: (message: string, error?: unknown) => void;
  /** Runs before the listings, e.g. to store the contract the portfolio views read field names from. */
  prepare: (connectionId: string) => Promise<unknown>;
}

interface Run {
  connectionId: string;
  controller: AbortController;
  state: OfflineCopyState;
  current: Collection | null;
  progress: number;
  fetched: number;
  message: string | null;
  notes: string[];
  done: Promise<void>;
}

const label = (c: Collection) => c.replace(/_/g, ' ');
export class OfflineCopyService {
  /** A connection's offline copy was deleted (forgotten, or "keep no copy"): what was read from it goes too. */
  readonly forgotten = new Signal<string>();
  /** The active connection's copy moved on (progress, an end, a choice): the screen shows it. */
  readonly progress = new Signal<OfflineCopyStatus>();
  private readonly runs = new Map<string, Run>();
  private readonly pages: PageFetcher;
  private lastEmit = 0;

  constructor(private readonly o: OfflineCopyServiceOptions) {
    this.pages = new PageFetcher(o.sleep);
  }

  status(connectionId = this.o.activeId()): OfflineCopyStatus {
    const run = this.runs.get(connectionId);
    const states = new Map(this.o.repo.states(connectionId).map((s) => [s.collection, s]));
    return {
      connectionId,
      keepCopy: this.o.repo.keepCopy(connectionId),
      state: run?.state ?? 'idle',
      current: run?.state === 'running' ? run.current : null,
      progress: run?.progress ?? 0,
      fetched: run?.fetched ?? 0,
      message: run?.message ?? null,
      notes: run?.notes ?? [],
      collections: COLLECTIONS.map((collection) => collectionStatus(collection, states.get(collection))),
    };
  }

  /** Starts (or resumes) an update of the active connection in the background; answers at once. */
  start(): OfflineCopyStatus {
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
      current: null,
      progress: 0,
      fetched: 0,
      message: null,
      notes: [],
      done: Promise.resolve(),
    };
    this.runs.set(connectionId, run);
    run.done = this.execute(run);
    this.emit(run, true);
    return this.status(connectionId);
  }

  /**
   * Starts the first copy of the active connection when it has none and the user did not choose to
   * keep none; whether it started. A copy begun earlier and interrupted counts as none: it resumes.
   */
  startFirstCopy(connectionId: string): boolean {
    if (connectionId !== this.o.activeId() || !this.o.repo.keepCopy(connectionId)) return false;
    if (this.runs.get(connectionId)?.state === 'running') return false;
    if (this.o.repo.states(connectionId).some((s) => s.liveListing != null)) return false;
    this.start();
    return true;
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
    if (!keep) await this.cancel(connectionId);
    this.o.repo.setKeepCopy(connectionId, keep);
    if (!keep) {
      this.runs.delete(connectionId);
      this.forgotten.emit(connectionId);
    }
    const status = this.status(connectionId);
    this.progress.emit(status);
    return status;
  }

  /** Forgets this connection's offline data: every stored record and listing position. */
  async forget(): Promise<OfflineCopyStatus> {
    const connectionId = this.o.activeId();
    await this.cancel(connectionId);
    this.o.repo.forget(connectionId);
    this.runs.delete(connectionId);
    this.forgotten.emit(connectionId);
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
    // Weights for the progress bar: last copy's sizes when every collection has one, else equal.
    const sizes = COLLECTIONS.map((c) => before.get(c) ?? 0);
    const weights = sizes.every((n) => n > 0) ? sizes : COLLECTIONS.map(() => 1);
    const total = weights.reduce((a, b) => a + b, 0);
    let doneWeight = 0;
    try {
      // Inside the try: a connection whose address is refused says so as a stopped copy.
      const client = this.o.clientFor(run.connectionId);
      // The copy is useful offline only with the contract that describes it; a failure here is
      // left to the listings to report.
      await this.o.prepare(run.connectionId).catch(() => undefined);
      for (const [index, collection] of COLLECTIONS.entries()) {
        signal.throwIfAborted();
        run.current = collection;
        const weight = weights[index]!;
        const expected = before.get(collection) ?? 0;
        await copyCollection(
          {
            repo: this.o.repo,
            connectionId: run.connectionId,
            client,
            pages: this.pages,
            signal,
            now: () => this.nowIso(),
            onFetched: (records) => (run.fetched += records),
            onStored: (stored) => {
              const share = expected > 0 ? Math.min(0.99, stored / expected) : 0.5;
              run.progress = (doneWeight + weight * share) / total;
              this.emit(run);
            },
            note: (text) => run.notes.push(text),
          },
          collection,
        );
        doneWeight += weight;
        run.progress = doneWeight / total;
        this.emit(run, true);
      }
      run.state = 'done';
      run.current = null;
      run.progress = 1;
      run.message = `The offline copy is up to date: ${run.fetched.toLocaleString('en-US')} records read.`;
    } catch (error) {
      const where = run.current;
      run.current = null;
      if (signal.aborted) {
        run.state = 'cancelled';
        run.message =
          'Stopped. What was read is kept and the next update continues from there; the earlier copy stays in use until then.';
      } else {
        run.state = 'failed';
        const why = error instanceof Error ? error.message : 'Something went wrong.';
        run.message = `The offline copy could not be finished${where ? ` while reading ${label(where)}` : ''}: ${why} Check that you are online, then choose “Update the offline copy”; it continues from where it stopped.`;
        this.o.log('Offline copy update failed', error);
      }
    }
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

/**
 * One collection's line in the update status: the copy in use (as of when, how many records) and a
 * listing being fetched beside it, with whether it can resume where it stopped.
 */
function collectionStatus(collection: Collection, s: CollectionListings | undefined): CollectionOfflineCopy {
  return {
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
