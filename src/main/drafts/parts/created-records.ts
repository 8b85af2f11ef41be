// The records PropDesk's suggested creates made: once a person has decided on a suggested create,
// this finds the record it made, or learns it will not come (created-outcome.ts), fills found records
// into the fields of later parts that wait for them, and announces each for the tracker and the copy.
//
// Everything it decides is stored before it is announced, and it looks at the store each time rather
// than at what a poll reported, so a restart or a failed read only means it looks again: after every
// poll that changed something, when the app starts, and a minute after a read failed.
import { RESOURCE_COLLECTION, resourceNoun } from '../../../shared/service';
import type { ResourceType } from '../../../shared/service';
import type { CompiledContract } from '../../../shared/contract';
import { timerDelay } from '../../api/wait-limits';
import type { ServiceClient } from '../../connections/types';
import type { CreatedOutcome, DecidedRecord, Fill, PartsRepository } from '../../store/parts-repo';
import { SingleFlight } from '../../base/single-flight';
import { Signal } from '../../signal';
import { refuseCreatedId, unsafeIdReason } from './created-id-check';
import { CHOSEN_NOTE, createdOutcome } from './created-outcome';
import { recordsCarrying } from './record-match';
import type { ListingReads } from './record-match';

/** Candidates that fail the safe-ID rule are never offered to choose. */
function safeCandidates<T extends CreatedOutcome>(outcome: T): T {
  if (outcome.state !== 'choose') return outcome;
  return { ...outcome, candidates: outcome.candidates.filter((id) => !unsafeIdReason(id)) };
}

export interface CreatedRecordsOptions {
  repo: Pick<PartsRepository, 'decided' | 'settle' | 'choose' | 'chooseFor' | 'unfilled' | 'fillIn'>;
  clientFor(connectionId: string): ServiceClient;
  /** The connection's compiled contract, for the form its record IDs take; undefined when not known. */
  contract(connectionId: string): CompiledContract | undefined;
  log: (message: string, error?: unknown) => void;
  /** How long to wait before looking again after a read failed. */
  retryMs?: number;
}

/** What became of the record a suggested create made, for the suggestion that created it. */
export interface SettledRecord {
  connectionId: string;
  proposalId: string;
  resourceType: ResourceType;
  fields: Record<string, unknown>;
  outcome: CreatedOutcome;
}

export class CreatedRecords {
  /** Drafts whose links moved (filled in, to be chosen, ended); null: several. */
  readonly changed = new Signal<string | null>();
  /** Created records settled by a pass: the tracker names each found one, or says it is not yet found. */
  readonly settled = new Signal<SettledRecord[]>();
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

  /** The landlord says which record a suggestion's create made (in the tracker); it is named and filled in. */
  chooseFor(connectionId: string, proposalId: string, recordId: string): void {
    const { resourceType, fields } = this.o.repo.chooseFor(connectionId, proposalId, recordId, CHOSEN_NOTE);
    this.fill();
    this.changed.emit(null);
    const outcome: CreatedOutcome = { state: 'found', recordId, note: CHOSEN_NOTE };
    this.settled.emit([{ connectionId, proposalId, resourceType, fields, outcome }]);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async pass(): Promise<void> {
    let failed = false;
    let settledCount = 0;
    const settled: SettledRecord[] = [];
    // Creates of one pass whose values select the same listing (a batch of new tenants) read it once.
    const reads: ListingReads = new Map();
    for (const decided of this.o.repo.decided()) {
      if (this.stopped) return;
      try {
        const outcome = await this.accepted(decided, reads);
        this.o.repo.settle(decided.draftId, decided.changeId, outcome);
        settledCount += 1;
        const { connectionId, proposalId, resourceType, fields } = decided;
        // A record the service named is on the suggestion already, and read by the live check.
        const named = outcome.state === 'found' && outcome.recordId === decided.reportedId;
        if (!named) settled.push({ connectionId, proposalId, resourceType, fields, outcome });
      } catch (error) {
        failed = true;
        this.o.log('Finding a record a suggestion created failed; trying again later', error);
      }
    }
    this.fill();
    // A record to choose, or one that will not come, shows in the waiting drafts and the list.
    if (settledCount) this.changed.emit(null);
    if (settled.length) this.settled.emit(settled);
    if (failed && !this.stopped) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.settle(), timerDelay(this.o.retryMs ?? 60_000, 1_000));
      this.timer.unref?.();
    }
  }

  /**
   * What became of the created record, with any ID the service named for it checked before it may
   * fill anything: the one point an ID is accepted. A refused ID leaves the later part to the
   * landlord's choice among the records that carry the suggested values, saying why.
   */
  private async accepted(decided: DecidedRecord, reads: ListingReads): Promise<CreatedOutcome> {
    const client = this.o.clientFor(decided.connectionId);
    const carrying = () => recordsCarrying(client, decided.resourceType, decided.fields, undefined, reads);
    const idField = this.o
      .contract(decided.connectionId)
      ?.recordFields[RESOURCE_COLLECTION[decided.resourceType]]?.find((f) => f.name === 'id');
    const refusal = (id: string) => refuseCreatedId(client, decided, id, idField?.pattern);
    const outcome = await createdOutcome(decided, carrying);
    if (outcome.state !== 'found') return safeCandidates(outcome);
    const refused = await refusal(outcome.recordId);
    if (!refused) return outcome;
    // The service's word is refused, so nothing is filled without the landlord's: the records that
    // carry the suggested values are offered to choose from.
    const byValues = decided.reportedId
      ? await createdOutcome({ ...decided, reportedId: null }, carrying)
      : null;
    let candidates: readonly string[] = [];
    if (byValues?.state === 'found' && !(await refusal(byValues.recordId))) candidates = [byValues.recordId];
    if (byValues?.state === 'choose') candidates = safeCandidates(byValues).candidates;
    const noun = resourceNoun(decided.resourceType);
    const choose = candidates.length
      ? `Choose the ${noun} it created below, or type its ID into the field.`
      : `Type the ID of the ${noun} it created into the field, or choose another ${noun}.`;
    return { state: 'choose', candidates, note: `${refused} ${choose}` };
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
