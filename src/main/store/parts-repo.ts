// Drafts sent in parts, in SQLite: the one writer of change_links (the links: fields of changes that
// name a record another change creates) and awaited_records (the created records: what a sent change
// suggests, its proposal, and what became of it). Reads and writes only: what a link means, which may
// be made and what is filled in are decided in main/drafts/parts (see docs/architecture/parts.md).
// Each write runs in one transaction, inside the draft's edit or the outbox's step it belongs to.
import type { Database } from 'better-sqlite3';
import type { ChangeLinkInput } from '../../shared/drafts';
import { RESOURCE_TYPES } from '../../shared/service';
import type { ResourceType } from '../../shared/service';
import { UserError } from '../base/user-error';
import type { DraftRepository } from './draft-repo';
import { readStoredJson } from './stored-json';
import type { SubmissionPlan } from './submission-rows';

/** A record a create going now suggests, noted when its part is queued because links wait for it. */
export interface CreatedRecordInput {
  changeId: string;
  resourceType: ResourceType;
  fields: Record<string, unknown>;
  /** Records of the type that already carried the suggested values; null when they could not be read. */
  beforeIds: string[] | null;
}

/** A created record whose proposal a person has decided on (or let expire), not yet settled here. */
export interface DecidedRecord {
  draftId: string;
  changeId: string;
  connectionId: string;
  /** The suggestion that creates it, as the service recorded it. */
  proposalId: string;
  resourceType: ResourceType;
  fields: Record<string, unknown>;
  beforeIds: string[] | null;
  status: 'applied' | 'dismissed' | 'expired';
  /** The record's ID as the service's listing reported it, if it did. */
  reportedId: string | null;
}

/** What became of a created record: found, to be chosen by the landlord, or ended. */
export type CreatedOutcome =
  | { state: 'found'; recordId: string; note: string | null }
  | { state: 'choose'; candidates: readonly string[]; note: string }
  | { state: 'ended'; note: string };

/** The state of an awaited_records row. */
export type CreatedState = 'queued' | 'waiting' | 'choose' | 'found' | 'ended';

/** A link as stored, with the created record it waits for (absent until its part is queued). */
export interface StoredLink {
  draftId: string;
  changeId: string;
  field: string;
  sourceDraftId: string;
  sourceChangeId: string;
  filledWith: string | null;
  createdState: CreatedState | null;
  createdType: string | null;
  /** The type of the change that creates the record, while that change is still stored. */
  sourceType: string | null;
  candidates: string[];
  note: string | null;
  /** The batch that suggests the record, once the service recorded it. */
  batchId: string | null;
}

/** A found record to fill into a link's field. */
export interface Fill {
  draftId: string;
  connectionId: string;
  changeId: string;
  field: string;
  recordId: string;
}

const LINK_SELECT = `
  SELECT l.draft_id AS draftId, l.change_id AS changeId, l.field, l.source_draft_id AS sourceDraftId,
    l.source_change_id AS sourceChangeId, l.filled_with AS filledWith, a.state AS createdState,
    a.resource_type AS createdType, sc.resource_type AS sourceType, a.candidates, a.note, p.batch_id AS batchId
  FROM change_links l
  LEFT JOIN awaited_records a ON a.draft_id = l.source_draft_id AND a.change_id = l.source_change_id
  LEFT JOIN draft_changes sc ON sc.draft_id = l.source_draft_id AND sc.id = l.source_change_id
  LEFT JOIN tracked_proposals p ON p.connection_id = a.connection_id AND p.proposal_id = a.proposal_id`;

type LinkRow = Omit<StoredLink, 'candidates'> & { candidates: string | null };

const isType = (v: unknown): v is ResourceType => (RESOURCE_TYPES as readonly unknown[]).includes(v);

const fromRow = (row: LinkRow): StoredLink => ({
  ...row,
  candidates: ((readStoredJson(row.candidates) as string[] | undefined) ?? []).slice(0, 50),
});

/** What became of created records: those decided on, settled, and chosen from the tracker. */
function createdStatements(db: Database) {
  return {
    decided: db.prepare<
      [],
      Omit<DecidedRecord, 'fields' | 'beforeIds' | 'resourceType'> & {
        resourceType: string;
        fields: string;
        beforeIds: string | null;
      }
    >(
      `SELECT a.draft_id AS draftId, a.change_id AS changeId, a.connection_id AS connectionId,
         a.proposal_id AS proposalId, a.resource_type AS resourceType, a.fields, a.before_ids AS beforeIds,
         p.status,
         p.resource_id AS reportedId
       FROM awaited_records a JOIN tracked_proposals p
         ON p.connection_id = a.connection_id AND p.proposal_id = a.proposal_id
       WHERE a.state = 'waiting' AND p.status <> 'proposed'`,
    ),
    settle: db.prepare<{
      draftId: string;
      changeId: string;
      state: 'choose' | 'found' | 'ended';
      recordId: string | null;
      candidates: string | null;
      note: string | null;
      at: string;
    }>(
      `UPDATE awaited_records SET state = @state, record_id = @recordId, candidates = @candidates, note = @note,
         updated_at = @at
       WHERE draft_id = @draftId AND change_id = @changeId AND state IN ('waiting', 'choose')`,
    ),
    ofProposal: db.prepare<
      { connectionId: string; proposalId: string },
      {
        draftId: string;
        changeId: string;
        resourceType: string;
        fields: string;
        state: string;
        candidates: string | null;
      }
    >(
      `SELECT draft_id AS draftId, change_id AS changeId, resource_type AS resourceType, fields, state, candidates
       FROM awaited_records WHERE connection_id = @connectionId AND proposal_id = @proposalId`,
    ),
  };
}

function prepareStatements(db: Database) {
  return {
    ...createdStatements(db),
    ofDraft: db.prepare<{ draftId: string }, LinkRow>(`${LINK_SELECT} WHERE l.draft_id = @draftId`),
    ofConnection: db.prepare<{ connectionId: string }, LinkRow>(
      `${LINK_SELECT} JOIN drafts d ON d.id = l.draft_id WHERE d.connection_id = @connectionId`,
    ),
    put: db.prepare<{ draftId: string; changeId: string; field: string; sourceChangeId: string }>(
      `INSERT INTO change_links (draft_id, change_id, field, source_draft_id, source_change_id)
       VALUES (@draftId, @changeId, @field, @draftId, @sourceChangeId)
       ON CONFLICT DO UPDATE SET source_draft_id = excluded.source_draft_id,
         source_change_id = excluded.source_change_id, filled_with = NULL`,
    ),
    remove: db.prepare<{ draftId: string; changeId: string; field: string }>(
      'DELETE FROM change_links WHERE draft_id = @draftId AND change_id = @changeId AND field = @field',
    ),
    expect: db.prepare<{
      draftId: string;
      changeId: string;
      connectionId: string;
      resourceType: string;
      fields: string;
      beforeIds: string | null;
      at: string;
    }>(
      `INSERT INTO awaited_records (draft_id, change_id, connection_id, resource_type, fields, before_ids, state,
         updated_at)
       VALUES (@draftId, @changeId, @connectionId, @resourceType, @fields, @beforeIds, 'queued', @at)
       ON CONFLICT DO UPDATE SET resource_type = excluded.resource_type, fields = excluded.fields,
         before_ids = excluded.before_ids, state = 'queued', proposal_id = NULL, record_id = NULL,
         candidates = NULL, note = NULL, updated_at = excluded.updated_at`,
    ),
    recorded: db.prepare<{ draftId: string; changeId: string; proposalId: string; at: string }>(
      `UPDATE awaited_records SET proposal_id = @proposalId, state = 'waiting', updated_at = @at
       WHERE draft_id = @draftId AND change_id = @changeId AND state = 'queued'`,
    ),
    dropQueued: db.prepare<{ draftId: string }>(
      "DELETE FROM awaited_records WHERE draft_id = @draftId AND state = 'queued'",
    ),
    // The links among the changes moved to the next part follow them there.
    followMove: db.prepare<{ from: string; to: string }>(
      `UPDATE change_links SET source_draft_id = @to
       WHERE draft_id = @to AND source_draft_id = @from
         AND source_change_id IN (SELECT id FROM draft_changes WHERE draft_id = @to)`,
    ),
    unfilled: db.prepare<[], Fill>(
      `SELECT l.draft_id AS draftId, d.connection_id AS connectionId, l.change_id AS changeId, l.field,
         a.record_id AS recordId
       FROM change_links l
       JOIN awaited_records a ON a.draft_id = l.source_draft_id AND a.change_id = l.source_change_id
       JOIN drafts d ON d.id = l.draft_id
       WHERE l.filled_with IS NULL AND a.state = 'found' AND d.state = 'editing'`,
    ),
    filled: db.prepare<{ draftId: string; changeId: string; field: string; recordId: string }>(
      `UPDATE change_links SET filled_with = @recordId
       WHERE draft_id = @draftId AND change_id = @changeId AND field = @field`,
    ),
    source: db.prepare<
      { draftId: string; changeId: string; field: string },
      { sourceDraftId: string; sourceChangeId: string; state: string | null; candidates: string | null }
    >(
      `SELECT l.source_draft_id AS sourceDraftId, l.source_change_id AS sourceChangeId, a.state, a.candidates
       FROM change_links l
       LEFT JOIN awaited_records a ON a.draft_id = l.source_draft_id AND a.change_id = l.source_change_id
       WHERE l.draft_id = @draftId AND l.change_id = @changeId AND l.field = @field`,
    ),
  };
}

export class PartsRepository {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly drafts: DraftRepository,
  ) {
    this.sql = prepareStatements(db);
  }

  /** The links of a draft's changes, with the created records they wait for. */
  ofDraft(draftId: string): StoredLink[] {
    return this.sql.ofDraft.all({ draftId }).map(fromRow);
  }

  /** The links of every draft of the connection, for the list of drafts. */
  ofConnection(connectionId: string): StoredLink[] {
    return this.sql.ofConnection.all({ connectionId }).map(fromRow);
  }

  /** Stores a link within the draft (replacing one of the same field), inside the caller's edit. */
  putLink(draftId: string, link: ChangeLinkInput): void {
    this.sql.put.run({ draftId, ...link });
  }

  /** Removes a field's link, inside the caller's edit. */
  removeLink(draftId: string, changeId: string, field: string): void {
    this.sql.remove.run({ draftId, changeId, field });
  }

  /**
   * The records the creates going now will make, noted with what they suggest, in the queuing
   * transaction: links may wait for them, and the tracker names each once it is found.
   */
  expectCreated(connectionId: string, draftId: string, created: readonly CreatedRecordInput[]): void {
    const at = this.now().toISOString();
    for (const c of created)
      this.sql.expect.run({
        draftId,
        changeId: c.changeId,
        connectionId,
        resourceType: c.resourceType,
        fields: JSON.stringify(c.fields),
        beforeIds: c.beforeIds ? JSON.stringify(c.beforeIds) : null,
        at,
      });
  }

  /**
   * The service recorded a part (inside the outbox's transaction): the draft is named as that part,
   * its later changes move to a new draft, the next part, taking their links along, and each created
   * record gets its proposal (the proposals in the order of the plan's sent changes). Returns the
   * next part's draft ID, if one was made.
   */
  partRecorded(
    connectionId: string,
    draftId: string,
    plan: SubmissionPlan,
    proposalIds: readonly string[],
    at: string,
  ): string | null {
    const draft = this.drafts.find(connectionId, draftId);
    if (!draft) return null;
    this.drafts.namePart(draft.id, plan.label, plan.group);
    const next = plan.later.length
      ? this.drafts.startNextPart(
          draft,
          plan.later,
          plan.nextLabel,
          { ...plan.group, part: plan.group.part + 1 },
          at,
        )
      : null;
    this.createsRecorded(draft.id, plan.sent, proposalIds, at);
    if (next) this.sql.followMove.run({ from: draft.id, to: next });
    return next;
  }

  /**
   * The service recorded a batch (inside the outbox's transaction): each noted create gets its
   * proposal, the proposals in the order of the changes sent.
   */
  createsRecorded(
    draftId: string,
    sent: readonly string[],
    proposalIds: readonly string[],
    at: string,
  ): void {
    sent.forEach((changeId, i) => {
      const proposalId = proposalIds[i];
      if (proposalId) this.sql.recorded.run({ draftId, changeId, proposalId, at });
    });
  }

  /** A submission withdrawn or refused: nothing was recorded, so no record will be created. */
  dropQueued(draftId: string): void {
    this.sql.dropQueued.run({ draftId });
  }

  /** Created records whose proposals a person has decided on, still to be settled here. */
  decided(): DecidedRecord[] {
    return this.sql.decided.all().flatMap((r) => {
      if (!isType(r.resourceType)) return [];
      return [
        {
          ...r,
          resourceType: r.resourceType,
          fields: (readStoredJson(r.fields) ?? {}) as Record<string, unknown>,
          beforeIds: (readStoredJson(r.beforeIds) as string[] | undefined) ?? null,
        },
      ];
    });
  }

  /** Stores what became of a created record still waiting (or to be chosen). */
  settle(draftId: string, changeId: string, outcome: CreatedOutcome): void {
    this.sql.settle.run({
      draftId,
      changeId,
      state: outcome.state,
      recordId: outcome.state === 'found' ? outcome.recordId : null,
      candidates: outcome.state === 'choose' ? JSON.stringify(outcome.candidates.slice(0, 50)) : null,
      note: outcome.note,
      at: this.now().toISOString(),
    });
  }

  /** The record the landlord chose for a link's created record (from the draft waiting for it). */
  choose(
    connectionId: string,
    at: { draftId: string; changeId: string; field: string },
    recordId: string,
    note: string,
  ): void {
    this.db.transaction(() => {
      const source = this.sql.source.get(at);
      if (!source) throw new UserError('not_found', 'That field no longer waits for a new record.');
      this.drafts.get(connectionId, at.draftId);
      const candidates = (readStoredJson(source.candidates) as unknown[] | undefined) ?? [];
      if (source.state !== 'choose' || !candidates.includes(recordId))
        throw new UserError(
          'invalid_input',
          'That record is not one of those offered for this field. Choose one of them, or type the ID into the field.',
        );
      this.settle(source.sourceDraftId, source.sourceChangeId, { state: 'found', recordId, note });
    })();
  }

  /**
   * The record the landlord chose for the record a suggestion created (from the tracker), among those
   * offered; returns what that create suggested.
   */
  chooseFor(
    connectionId: string,
    proposalId: string,
    recordId: string,
    note: string,
  ): { resourceType: ResourceType; fields: Record<string, unknown> } {
    return this.db.transaction(() => {
      const row = this.sql.ofProposal.get({ connectionId, proposalId });
      const candidates = (readStoredJson(row?.candidates ?? null) as unknown[] | undefined) ?? [];
      if (!row || !isType(row.resourceType) || row.state !== 'choose' || !candidates.includes(recordId))
        throw new UserError(
          'invalid_input',
          'That record is not one of those offered for this suggestion. Choose one of them.',
        );
      this.settle(row.draftId, row.changeId, { state: 'found', recordId, note });
      const fields = (readStoredJson(row.fields) ?? {}) as Record<string, unknown>;
      return { resourceType: row.resourceType, fields };
    })();
  }

  /** Links of editable drafts whose created record is found and not yet filled in. */
  unfilled(): Fill[] {
    return this.sql.unfilled.all();
  }

  /** Fills found records into links' fields of one draft: one edit of it, the links marked filled. */
  fillIn(
    connectionId: string,
    draftId: string,
    fills: readonly Pick<Fill, 'changeId' | 'field' | 'recordId'>[],
  ): void {
    this.drafts.edit(connectionId, draftId, undefined, (at) => {
      for (const { changeId, field, recordId } of fills) {
        this.drafts.setField(draftId, changeId, field, recordId, at);
        this.sql.filled.run({ draftId, changeId, field, recordId });
      }
    });
  }
}
