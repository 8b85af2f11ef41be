// The created records later parts wait for: once a person has decided on a suggested create that
// links wait for, this finds the record it made, or learns it will not come (created-outcome.ts), and
// fills found records into the links' fields.
//
// Everything it decides is stored before it is announced, and it looks at the store each time rather
// than at what a poll reported, so a restart or a failed read only means it looks again: after every
// poll that changed something, when the app starts, and a minute after a read failed.
import { timerDelay } from '../../api/wait-limits';
import type { ServiceClient } from '../../connections/types';
import type { Fill, PartsRepository } from '../../store/parts-repo';
import { SingleFlight } from '../../base/single-flight';
import { Signal } from '../../signal';
import { CHOSEN_NOTE, createdOutcome } from './created-outcome';
import { recordsCarrying } from './record-match';

export interface CreatedRecordsOptions {
  repo: Pick<PartsRepository, 'decided' | 'settle' | 'choose' | 'unfilled' | 'fillIn'>;
  clientFor(connectionId: string): ServiceClient;
  log: (message: string, error?: unknown) => void;
  /** How long to wait before looking again after a read failed. */
  retryMs?: number;
}

export class CreatedRecords {
  /** Drafts whose links moved (filled in, to be chosen, ended); null: several. */
  readonly changed = new Signal<string | null>();
  private readonly flight = new SingleFlight({ work: () => this.pass(), mayRepeat: () => !this.stopped });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly o: CreatedRecordsOptions) {}

  /** Looks at every created record a person has decided on, and fills in what it can. */
  settle(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.flight.run();
  }

  /** The landlord says which record a link's created record is; it is filled in at once. */
  choose(
    connectionId: string,
    at: { draftId: string; changeId: string; field: string },
    recordId: string,
  ): void {
    this.o.repo.choose(connectionId, at, recordId, CHOSEN_NOTE);
    this.fill();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async pass(): Promise<void> {
    let failed = false;
    let settled = 0;
    for (const decided of this.o.repo.decided()) {
      if (this.stopped) return;
      try {
        const outcome = await createdOutcome(decided, () =>
          recordsCarrying(this.o.clientFor(decided.connectionId), decided.resourceType, decided.fields),
        );
        this.o.repo.settle(decided.draftId, decided.changeId, outcome);
        settled += 1;
      } catch (error) {
        failed = true;
        this.o.log('Finding a record a suggestion created failed; trying again later', error);
      }
    }
    this.fill();
    // A record to choose, or one that will not come, shows in the waiting drafts and the list.
    if (settled) this.changed.emit(null);
    if (failed && !this.stopped) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.settle(), timerDelay(this.o.retryMs ?? 60_000, 1_000));
      this.timer.unref?.();
    }
  }

  /** Every found record goes into the links waiting for it: one edit of each editable draft. */
  private fill(): void {
    const byDraft = new Map<string, Fill[]>();
    for (const fill of this.o.repo.unfilled())
      byDraft.set(fill.draftId, [...(byDraft.get(fill.draftId) ?? []), fill]);
    for (const [draftId, fills] of byDraft) {
      this.o.repo.fillIn(fills[0]!.connectionId, draftId, fills);
      this.changed.emit(draftId);
    }
  }
}
