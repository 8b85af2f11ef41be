// The later parts of drafts sent in parts: once a person has decided on a suggested record that later
// changes wait for, this finds the record it made, or says it will not come, and fills the waiting
// fields in. The record is the proposal's resourceId when the service's listing gives one (its
// documentation does not promise it), else the one record of its type that carries the suggested
// values and was not there before the suggestion was sent; with several (or when what was there
// before is not known) the landlord chooses among them in the waiting draft.
//
// Everything it decides is stored before it is announced, and it looks at the store each time rather
// than at what a poll reported, so a restart or a failed read only means it looks again: after every
// poll that changed something, when the app starts, and a minute after a read failed.
import type { ResourceType } from '../../shared/service';
import { timerDelay } from '../api/wait-limits';
import type { ServiceClient } from '../connections/types';
import type { DecidedAwaited } from '../store/change-links-repo';
import type { Store } from '../store/open-store';
import { Signal } from '../signal';
import { recordsCarrying } from './record-match';

export interface AwaitedRecordsOptions {
  store: Pick<Store, 'links'>;
  clientFor(connectionId: string): ServiceClient;
  log: (message: string, error?: unknown) => void;
  /** How long to wait before looking again after a read failed. */
  retryMs?: number;
}

const NOUN: Record<ResourceType, string> = {
  property: 'property',
  unit: 'unit',
  tenant: 'tenant',
  lease: 'lease',
  payment: 'payment',
  maintenance_request: 'maintenance request',
};

export class AwaitedRecords {
  /** Drafts whose waiting fields moved (filled in, to be chosen, ended); null: several. */
  readonly changed = new Signal<string | null>();
  private running: Promise<void> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly o: AwaitedRecordsOptions) {}

  /** Looks at every awaited record a person has decided on, and fills in what it can. */
  settle(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.settle();
      }
    });
    return this.running;
  }

  /** The landlord says which record a waiting field's change made; it is filled in at once. */
  choose(
    connectionId: string,
    at: { draftId: string; changeId: string; field: string },
    recordId: string,
  ): void {
    this.o.store.links.choose(connectionId, at, recordId);
    this.fill();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async pass(): Promise<void> {
    let failed = false;
    let settled = 0;
    for (const awaited of this.o.store.links.decided()) {
      if (this.stopped) return;
      try {
        this.o.store.links.settle(awaited.draftId, awaited.changeId, await this.outcome(awaited));
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

  private fill(): void {
    for (const draftId of this.o.store.links.fill()) this.changed.emit(draftId);
  }

  private async outcome(a: DecidedAwaited): Promise<Parameters<Store['links']['settle']>[2]> {
    const noun = NOUN[a.resourceType];
    if (a.status !== 'applied')
      return {
        state: 'ended',
        note: `The new ${noun} was ${a.status === 'dismissed' ? 'dismissed' : 'left to expire'} at the service, so it will not be created and this part cannot name it. Choose an existing ${noun} instead, or draft the ${noun} again.`,
      };
    if (a.reportedId) return { state: 'found', recordId: a.reportedId, note: null };
    const now = await recordsCarrying(this.o.clientFor(a.connectionId), a.resourceType, a.fields);
    const before = a.beforeIds ? new Set(a.beforeIds) : null;
    const fresh = before ? now.filter((id) => !before.has(id)) : now;
    if (before && fresh.length === 1)
      return {
        state: 'found',
        recordId: fresh[0]!,
        note: `The service did not say which ${noun} it created, so PropDesk took the one that carries the suggested values and was not there before.`,
      };
    if (fresh.length === 0)
      return {
        state: 'choose',
        candidates: [],
        note: `The new ${noun} was approved, but no ${noun} with the suggested values can be found at the service (it may have been changed on approval). Choose the ${noun} it created.`,
      };
    return {
      state: 'choose',
      candidates: fresh,
      note: before
        ? `The new ${noun} was approved, and ${fresh.length} ${noun} records carry the suggested values and were not there before. Choose the one it created.`
        : `The new ${noun} was approved. PropDesk could not read the ${noun} records before it was sent, so it cannot tell an older one with the same values from the new one: choose the one it created.`,
    };
  }
}
