// Drafts for the active connection: every edit stored at once (offline too), checked against the
// contract and the batch rules, re-read for staleness before sending, then frozen and queued for the
// outbox with its key and exact body (the outbox sends what was queued, see app/reactions.ts). What
// goes, and as which part of a draft sent in parts, is planned in parts/plan-submission.ts. Bulk rent
// reviews are built into drafts by rent-review-drafts.ts, renewals by renewal-drafts.ts and a
// tenant's notice by notice-drafts.ts.
import type { CompiledContract } from '../../shared/contract';
import type {
  ChangeLinkInput,
  DraftChange,
  CurrentRead,
  DraftChangeInput,
  DraftDetail,
  DraftSummary,
  LaterPart,
  Preflight,
  RentReviewPreview,
  RentReviewQuery,
  StaleChange,
} from '../../shared/drafts';
import type { NoticeArgs, NoticePlan } from '../../shared/notice';
import type { RenewalDraftAnswer, RenewalEdit, RenewalPreview, RenewalQuery } from '../../shared/renewals';
import { MAX_CHANGES_PER_BATCH } from '../../shared/service';
import type { ResourceType } from '../../shared/service';
import type { ServiceClient } from '../connections/types';
import { readCurrent } from './current-records';
import type { ConnectionRepository } from '../store/connection-repo';
import type { DraftRepository, DraftRow } from '../store/draft-repo';
import type { OfflineCopyRepository } from '../store/offline-copy/offline-copy-repo';
import type { OutboxRepository } from '../store/outbox-repo';
import type { PartsRepository } from '../store/parts-repo';
import type { PermissionRefusalsRepository } from '../store/permission-refusals-repo';
import type { SuggestionsRepository } from '../store/suggestions-repo';
import { Signal } from '../signal';
import { UserError } from '../base/user-error';
import { OfflineReader } from '../offline-copy/offline-reader';
import { copyLookupOf, markNewerInCopy } from './copy-newer';
import { buildRequest, canonicalJson, checkDraft } from './draft-checks';
import { laterPartOf } from './parts/later-part';
import { checkLink, replacedLinks } from './parts/link-rules';
import { linkOf, withLinks } from './parts/links';
import type { DraftLink } from './parts/links';
import { planSubmission } from './parts/plan-submission';
import { recordsBefore } from './parts/record-match';
import { agreeToSendAgain } from './maybe-sent';
import { RentReviewDrafts } from './rent-review-drafts';
import { RenewalDrafts } from './renewal-drafts';
import type { RenewalReader } from './renewal-records';
import { NoticeDrafts } from './notice-drafts';
import type { ConfirmWithUser } from '../confirmation';

export interface DraftServiceOptions {
  drafts: DraftRepository;
  parts: Pick<PartsRepository, 'ofDraft' | 'ofConnection' | 'putLink' | 'removeLink'>;
  outbox: Pick<OutboxRepository, 'enqueue' | 'cancel' | 'latest'>;
  suggestions: Pick<SuggestionsRepository, 'pendingSuggestions'>;
  permissions: Pick<PermissionRefusalsRepository, 'forget'>;
  /** The offline copies, for the early hint that a drafted record changed since. */
  offlineCopies: OfflineCopyRepository;
  connections: Pick<ConnectionRepository, 'get'>;
  /** Runs fn in one database transaction (nested calls become savepoints). */
  transaction: <T>(fn: () => T) => T;
  activeConnectionId(): string;
  client(): ServiceClient;
  /** The compiled contract without a network call (this run's or the stored copy), or undefined. */
  cachedContract(connectionId: string): CompiledContract | undefined;
  /** The compiled contract, fetched if nothing is known yet. */
  fetchContract(): Promise<CompiledContract | undefined>;
  /** Lists for the rent review: the service, or the offline copy when it cannot be reached. */
  browse(): Pick<ServiceClient, 'list'>;
  /** Lists and records for renewals and notices: a complete offline copy first, else the service. */
  browseRecords(): RenewalReader;
  /** Main's own yes-or-no box: sending again a draft that may already have been sent. */
  confirm: ConfirmWithUser;
  now?: () => Date;
}

export class DraftService {
  /** A draft changed, or several (null): the screen reloads it, or the list. */
  readonly changed = new Signal<string | null>();
  /** A draft's submission was queued, frozen with its key and body: it waits to be sent. */
  readonly queued = new Signal<string>();
  /** A draft's waiting submission was withdrawn: fewer submissions wait. */
  readonly withdrawn = new Signal<string>();
  private readonly reviews: RentReviewDrafts;
  private readonly renewals: RenewalDrafts;
  private readonly notices: NoticeDrafts;
  /** The offline copy in use, for the early hint that a drafted record changed since. */
  private readonly copy: OfflineReader;

  constructor(private readonly o: DraftServiceOptions) {
    this.reviews = new RentReviewDrafts(o);
    this.renewals = new RenewalDrafts(o);
    this.notices = new NoticeDrafts(o);
    this.copy = new OfflineReader(o.offlineCopies);
  }

  list(): { drafts: DraftSummary[] } {
    const connectionId = this.o.activeConnectionId();
    const contract = this.contractNow(connectionId);
    const pending = this.o.suggestions.pendingSuggestions(connectionId);
    const links = this.o.parts.ofConnection(connectionId).map(linkOf);
    return {
      drafts: this.o.drafts.list(connectionId).map((row) => {
        const laterPart = laterPartOf(row.id, row.state, links);
        // Only a draft still being edited is checked: a sent one is the service's business now.
        if (row.state !== 'editing') return this.summary(row, null, laterPart);
        const own = links.filter((l) => l.draftId === row.id);
        const changes = withLinks(this.o.drafts.changes(row.id), own);
        const { problems } = planSubmission({ draft: row, changes, contract, pending });
        return this.summary(row, contract ? problems.length : null, laterPart);
      }),
    };
  }

  detail(id: string): DraftDetail {
    const connectionId = this.o.activeConnectionId();
    const row = this.o.drafts.get(connectionId, id);
    const links = this.linksOf(id);
    const editing = row.state === 'editing';
    const linked = withLinks(this.o.drafts.changes(id), links);
    // While the draft is edited, the offline copy says early which records changed since drafting.
    const changes = editing ? markNewerInCopy(linked, copyLookupOf(this.copy, connectionId)) : linked;
    const contract = this.contractNow(connectionId);
    const planned = editing
      ? planSubmission({
          draft: row,
          changes,
          contract,
          pending: this.o.suggestions.pendingSuggestions(connectionId),
        })
      : null;
    const problems = planned?.problems ?? [];
    const plan = planned?.plan;
    return {
      ...this.summary(row, contract ? problems.length : null, laterPartOf(id, row.state, links)),
      changes,
      problems,
      rejection: row.rejection,
      later: planned?.later.map((c) => c.id) ?? [],
      parts: plan ? { part: plan.group.part, of: plan.group.parts } : null,
    };
  }

  /** A new draft with its first changes, and the links between them (a new tenancy), all or nothing. */
  create(
    label: string,
    changes: readonly DraftChangeInput[] = [],
    links: readonly ChangeLinkInput[] = [],
  ): DraftDetail {
    const id = this.o.transaction(() => {
      const created = this.o.drafts.create(this.o.activeConnectionId(), label, changes);
      for (const link of links) {
        checkLink(created, this.o.drafts.changes(created), this.linksOf(created), link);
        this.o.parts.putLink(created, link);
      }
      return created;
    });
    return this.announced(id);
  }

  /**
   * Links a field of a change to the record another change of the draft creates, or unlinks it
   * (source null); it is filled in once that record exists.
   */
  link(
    draftId: string,
    link: Omit<ChangeLinkInput, 'sourceChangeId'> & { sourceChangeId: string | null },
    revision?: number,
  ): DraftDetail {
    const { sourceChangeId, changeId, field } = link;
    this.o.drafts.edit(this.o.activeConnectionId(), draftId, revision, (at) => {
      if (sourceChangeId === null) {
        this.o.parts.removeLink(draftId, changeId, field);
        return;
      }
      const input = { changeId, field, sourceChangeId };
      checkLink(draftId, this.o.drafts.changes(draftId), this.linksOf(draftId), input);
      // The field holds no value while it waits: its link says what will fill it.
      this.o.drafts.setField(draftId, changeId, field, undefined, at);
      this.o.parts.putLink(draftId, input);
    });
    return this.announced(draftId);
  }

  rename(id: string, label: string): DraftDetail {
    this.o.drafts.rename(this.o.activeConnectionId(), id, label);
    return this.announced(id);
  }

  remove(id: string): void {
    this.o.drafts.remove(this.o.activeConnectionId(), id);
    this.changed.emit(id);
  }

  putChange(draftId: string, change: DraftChangeInput, revision?: number): DraftDetail {
    this.o.transaction(() => {
      // A value chosen for a linked field replaces the link.
      if (change.id)
        for (const field of replacedLinks(this.linksOf(draftId), change.id, change.fields))
          this.o.parts.removeLink(draftId, change.id, field);
      this.o.drafts.putChange(this.o.activeConnectionId(), draftId, change, revision);
    });
    return this.announced(draftId);
  }

  addChanges(draftId: string, changes: readonly DraftChangeInput[]): DraftDetail {
    this.o.drafts.addChanges(this.o.activeConnectionId(), draftId, changes);
    return this.announced(draftId);
  }

  removeChange(draftId: string, changeId: string): DraftDetail {
    this.o.drafts.removeChange(this.o.activeConnectionId(), draftId, changeId);
    return this.announced(draftId);
  }

  /** Re-reads every record the draft updates and reports those that changed since they were drafted. */
  async preflight(id: string): Promise<Preflight> {
    await this.contract().catch(() => undefined);
    const draft = this.detail(id);
    const targets = draft.changes.filter((c) => c.operation === 'update' && c.resourceId);
    const reads = await readCurrent(
      this.o.client(),
      targets.map((c) => ({ resourceType: c.resourceType, resourceId: c.resourceId ?? '' })),
    );
    const stale: StaleChange[] = [];
    targets.forEach((change, i) => {
      const read = reads[i]!;
      const resourceId = read.id;
      if (read.state === 'missing')
        stale.push({ changeId: change.id, resourceId, missing: true, fields: [] });
      if (read.state !== 'read' || !change.snapshot) return;
      const snapshot = change.snapshot;
      const current = read.record;
      const fields = Object.keys(change.fields)
        .filter((name) => canonicalJson(snapshot[name]) !== canonicalJson(current[name]))
        .map((name) => ({ name, drafted: snapshot[name] ?? null, current: current[name] ?? null }));
      if (fields.length) stale.push({ changeId: change.id, resourceId, missing: false, fields });
    });
    return { draft, stale, unchecked: reads.filter((r) => r.state === 'unread').length };
  }

  /** The records of updates about to be drafted (a CSV import), as read now. */
  readCurrent(resourceType: ResourceType, ids: readonly string[]): Promise<{ records: CurrentRead[] }> {
    return readCurrent(
      this.o.client(),
      ids.map((resourceId) => ({ resourceType, resourceId })),
    ).then((records) => ({ records }));
  }

  /** Checks the draft as main sees it, then freezes it and queues it with a fresh key and exact body. */
  async submit(id: string, revision: number): Promise<DraftDetail> {
    const connectionId = this.o.activeConnectionId();
    const contract = this.contractNow(connectionId) ?? (await this.contract().catch(() => undefined));
    if (!contract) {
      throw new UserError(
        'no_contract',
        "PropDesk needs the service's list of fields to check this draft before sending it, and hasn't been able to read it yet. Connect to the service once, then submit.",
      );
    }
    const row = this.o.drafts.get(connectionId, id);
    if (row.state !== 'editing') {
      throw new UserError('draft_frozen', 'This draft is already being submitted or was submitted.');
    }
    const changes = withLinks(this.o.drafts.changes(id), this.linksOf(id));
    const pending = this.o.suggestions.pendingSuggestions(connectionId);
    const { ready, plan, blocking } = planSubmission({ draft: row, changes, contract, pending });
    if (blocking.length > 0) {
      throw new UserError(
        'draft_invalid',
        `This draft has ${blocking.length === 1 ? 'a problem' : `${blocking.length} problems`} to fix before it can be submitted: ${blocking[0]!.message}`,
      );
    }
    await agreeToSendAgain(row, this.o.confirm);
    const body = JSON.stringify(buildRequest(plan?.label ?? row.label, ready));
    // Every create going now is noted with the records that already carry its values, so the record
    // it makes is found once approved even when the service does not say which it is.
    const creates = ready.filter((c) => c.operation === 'create');
    const created = creates.length ? await recordsBefore(this.o.browse(), creates) : [];
    this.o.outbox.enqueue(
      connectionId,
      id,
      revision,
      body,
      plan || created.length ? { plan, created } : null,
    );
    const detail = this.announced(id);
    this.queued.emit(id);
    return detail;
  }

  /** The connection's key changed: its refusals are forgotten; true when there were any. */
  forgetRefusals(connectionId: string): boolean {
    return this.o.permissions.forget(connectionId) > 0;
  }

  cancelSubmission(id: string): DraftDetail {
    this.o.outbox.cancel(this.o.activeConnectionId(), id);
    this.withdrawn.emit(id);
    return this.announced(id);
  }

  rentReviewPreview(query: RentReviewQuery, signal?: AbortSignal): Promise<RentReviewPreview> {
    return this.reviews.preview(query, signal);
  }

  async rentReviewCreate(
    query: RentReviewQuery,
    label: string,
    leaseIds?: readonly string[],
  ): Promise<string[]> {
    const ids = await this.reviews.create(query, label, leaseIds);
    this.changed.emit(null);
    return ids;
  }

  renewalPreview(query: RenewalQuery, signal?: AbortSignal): Promise<RenewalPreview> {
    return this.renewals.preview(query, signal);
  }

  async renewalDraft(
    query: RenewalQuery,
    label: string,
    edits: readonly RenewalEdit[],
  ): Promise<RenewalDraftAnswer> {
    const answer = await this.renewals.draft(query, label, edits);
    if (answer.outcome === 'drafted') this.changed.emit(null);
    return answer;
  }

  noticePlan(leaseId: string): Promise<NoticePlan> {
    return this.notices.plan(leaseId);
  }

  /** The notice's changes in a new draft of their own, one batch. */
  async noticeDraft(args: NoticeArgs, label: string): Promise<DraftDetail> {
    return this.create(label, await this.notices.changes(args));
  }

  /**
   * Drafts of a connection that passed the checks under the previous contract and fail under the new
   * one, so the user hears about it when the service changes rather than when submitting.
   */
  invalidatedBy(
    connectionId: string,
    before: CompiledContract | undefined,
    after: CompiledContract | undefined,
  ): Array<{ id: string; label: string; problemCount: number; firstProblem: string }> {
    if (!after) return [];
    const pending = this.o.suggestions.pendingSuggestions(connectionId);
    const changeProblems = (label: string, changes: DraftChange[], contract: CompiledContract | undefined) =>
      contract ? checkDraft(label, changes, contract, pending).filter((p) => p.changeId !== null) : [];
    return this.o.drafts
      .list(connectionId)
      .filter((row) => row.state === 'editing')
      .flatMap((row) => {
        const changes = this.o.drafts.changes(row.id);
        const now = changeProblems(row.label, changes, after);
        if (now.length === 0 || changeProblems(row.label, changes, before).length > 0) return [];
        return [{ id: row.id, label: row.label, problemCount: now.length, firstProblem: now[0]!.message }];
      });
  }

  /** Announces the draft's change and returns it as it now is. */
  private announced(id: string): DraftDetail {
    this.changed.emit(id);
    return this.detail(id);
  }

  private summary(row: DraftRow, problemCount: number | null, laterPart: LaterPart | null): DraftSummary {
    return {
      id: row.id,
      label: row.label,
      state: row.state,
      changeCount: row.changeCount,
      maxChanges: MAX_CHANGES_PER_BATCH,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      revision: row.revision,
      valid: problemCount === null ? null : problemCount === 0,
      problemCount: problemCount ?? 0,
      reviewGroup: row.reviewGroup,
      submission: this.o.outbox.latest(row.id),
      laterPart,
      maybeSent: row.maybeSent,
    };
  }

  /** The draft's links, with what each means. */
  private linksOf(draftId: string): DraftLink[] {
    return this.o.parts.ofDraft(draftId).map(linkOf);
  }

  private contractNow(connectionId: string): CompiledContract | undefined {
    return this.o.cachedContract(connectionId);
  }

  private contract(): Promise<CompiledContract | undefined> {
    return this.o.fetchContract();
  }
}
