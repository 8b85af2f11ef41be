// Fields of draft changes that name a record another change creates, and the records they wait for,
// in SQLite: the one writer of change_links and awaited_records. A link is made in the draft (in one
// edit with the field it takes over); the records it waits for are noted when the draft is queued,
// given their proposal when the service records the batch, and found (or ended) once a person decides;
// then the linked fields are filled in. Each of these is one transaction, inside the outbox's where it
// belongs to a step of a submission.
import type { Database } from 'better-sqlite3';
import { referencedCollection } from '../../shared/contract';
import type { ChangeLink, ChangeLinkInput, LinkState } from '../../shared/drafts';
import { RESOURCE_TYPES, resourceNoun, resourceTypeOf } from '../../shared/service';
import type { ResourceType } from '../../shared/service';
import { UserError } from '../base/user-error';
import type { DraftRepository } from './draft-repo';
import { readStoredJson } from './stored-json';

/** A record a sent change suggests, as the outbox notes it when the draft is queued. */
export interface AwaitedInput {
  changeId: string;
  resourceType: ResourceType;
  fields: Record<string, unknown>;
  /** Records of the type that already carried the suggested values; null when they could not be read. */
  beforeIds: string[] | null;
}

/** A record some link waits for whose proposal a person has decided on (or let expire). */
export interface DecidedAwaited {
  draftId: string;
  changeId: string;
  connectionId: string;
  resourceType: ResourceType;
  fields: Record<string, unknown>;
  beforeIds: string[] | null;
  status: 'applied' | 'dismissed' | 'expired';
  /** The record's ID as the service's listing reported it, if it did. */
  reportedId: string | null;
}

interface LinkRow {
  draftId: string;
  changeId: string;
  field: string;
  sourceDraftId: string;
  sourceChangeId: string;
  filledWith: string | null;
  awaitedState: 'queued' | 'waiting' | 'choose' | 'found' | 'ended' | null;
  awaitedType: string | null;
  sourceType: string | null;
  candidates: string | null;
  note: string | null;
  batchId: string | null;
}

const LINK_SELECT = `
  SELECT l.draft_id AS draftId, l.change_id AS changeId, l.field, l.source_draft_id AS sourceDraftId,
    l.source_change_id AS sourceChangeId, l.filled_with AS filledWith, a.state AS awaitedState,
    a.resource_type AS awaitedType, sc.resource_type AS sourceType, a.candidates, a.note, p.batch_id AS batchId
  FROM change_links l
  LEFT JOIN awaited_records a ON a.draft_id = l.source_draft_id AND a.change_id = l.source_change_id
  LEFT JOIN draft_changes sc ON sc.draft_id = l.source_draft_id AND sc.id = l.source_change_id
  LEFT JOIN tracked_proposals p ON p.connection_id = a.connection_id AND p.proposal_id = a.proposal_id`;

const isType = (v: unknown): v is ResourceType => (RESOURCE_TYPES as readonly unknown[]).includes(v);

function stateOf(row: LinkRow): LinkState {
  if (row.filledWith !== null) return 'filled';
  switch (row.awaitedState) {
    case null:
      // Not sent yet: waits for a change of this draft, unless that change was removed.
      return row.sourceDraftId === row.draftId && row.sourceType !== null ? 'drafted' : 'ended';
    case 'queued':
    case 'waiting':
    case 'found':
      return 'waiting';
    case 'choose':
      return 'choose';
    case 'ended':
      return 'ended';
  }
}

function toLink(row: LinkRow): ChangeLink & { changeId: string; draftId: string } {
  const fromField = referencedCollection(row.field);
  const type = [row.awaitedType, row.sourceType, fromField && resourceTypeOf(fromField)].find(isType);
  const state = stateOf(row);
  const gone = state === 'ended' && row.awaitedState === null;
  return {
    draftId: row.draftId,
    changeId: row.changeId,
    field: row.field,
    sourceDraftId: row.sourceDraftId,
    sourceChangeId: row.sourceChangeId,
    resourceType: type ?? 'tenant',
    state,
    recordId: row.filledWith,
    candidates: ((readStoredJson(row.candidates) as string[] | undefined) ?? []).slice(0, 50),
    batchId: row.batchId,
    note: gone ? 'The change that was to create this record is no longer there.' : row.note,
  };
}

function prepareStatements(db: Database) {
  return {
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
    await: db.prepare<{
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
    decided: db.prepare<
      [],
      Omit<DecidedAwaited, 'fields' | 'beforeIds'> & { fields: string; beforeIds: string | null }
    >(
      `SELECT a.draft_id AS draftId, a.change_id AS changeId, a.connection_id AS connectionId,
         a.resource_type AS resourceType, a.fields, a.before_ids AS beforeIds, p.status,
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
    unfilled: db.prepare<
      [],
      { draftId: string; connectionId: string; changeId: string; field: string; recordId: string }
    >(
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
      { sourceDraftId: string; sourceChangeId: string }
    >(
      `SELECT source_draft_id AS sourceDraftId, source_change_id AS sourceChangeId FROM change_links
       WHERE draft_id = @draftId AND change_id = @changeId AND field = @field`,
    ),
  };
}

export type DraftLink = ReturnType<typeof toLink>;

export class ChangeLinksRepository {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly drafts: DraftRepository,
  ) {
    this.sql = prepareStatements(db);
  }

  /** The links of a draft's changes, each with how it stands. */
  ofDraft(draftId: string): DraftLink[] {
    return this.sql.ofDraft.all({ draftId }).map(toLink);
  }

  /** The links of every draft of the connection, for the list of drafts. */
  ofConnection(connectionId: string): DraftLink[] {
    return this.sql.ofConnection.all({ connectionId }).map(toLink);
  }

  /**
   * Links a field of a change to the record another change of the same draft creates (or unlinks it,
   * for a null source), in one edit that also takes the field's typed value out.
   */
  link(
    connectionId: string,
    input: { draftId: string; changeId: string; field: string; source: string | null },
    revision?: number,
  ): void {
    const { draftId, changeId, field, source } = input;
    this.drafts.edit(connectionId, draftId, revision, (at) => {
      if (source === null) {
        this.sql.remove.run({ draftId, changeId, field });
        return;
      }
      this.checkLink(draftId, changeId, field, source);
      this.drafts.setField(draftId, changeId, field, undefined, at);
      this.sql.put.run({ draftId, changeId, field, sourceChangeId: source });
    });
  }

  /** Links made together with a new draft's changes (a new tenancy), inside its creation. */
  linkNew(draftId: string, links: readonly ChangeLinkInput[]): void {
    for (const l of links) {
      this.checkLink(draftId, l.changeId, l.field, l.sourceChangeId);
      this.sql.put.run({ draftId, changeId: l.changeId, field: l.field, sourceChangeId: l.sourceChangeId });
    }
  }

  /** A value typed into a linked field replaces the link (inside the caller's edit). */
  dropReplaced(draftId: string, changeId: string, fields: Record<string, unknown>): void {
    for (const link of this.ofDraft(draftId)) {
      if (link.changeId !== changeId) continue;
      const value = fields[link.field];
      const typed = value !== undefined && value !== null && value !== '';
      if (typed && value !== link.recordId) this.sql.remove.run({ draftId, changeId, field: link.field });
    }
  }

  /** The queued draft's changes others wait for: noted with what they suggest, in the queuing transaction. */
  awaitAll(connectionId: string, draftId: string, awaited: readonly AwaitedInput[]): void {
    const at = this.now().toISOString();
    for (const a of awaited)
      this.sql.await.run({
        draftId,
        changeId: a.changeId,
        connectionId,
        resourceType: a.resourceType,
        fields: JSON.stringify(a.fields),
        beforeIds: a.beforeIds ? JSON.stringify(a.beforeIds) : null,
        at,
      });
  }

  /**
   * The service recorded the batch (inside the outbox's transaction): each awaited change gets its
   * proposal, and the held changes, already moved to the next part's draft, take their links along.
   */
  recorded(
    draftId: string,
    proposals: ReadonlyMap<string, string>,
    nextPart: string | null,
    at: string,
  ): void {
    for (const [changeId, proposalId] of proposals)
      this.sql.recorded.run({ draftId, changeId, proposalId, at });
    if (nextPart) this.sql.followMove.run({ from: draftId, to: nextPart });
  }

  /** A submission withdrawn or refused: nothing was recorded, so nothing is awaited. */
  dropQueued(draftId: string): void {
    this.sql.dropQueued.run({ draftId });
  }

  /** Awaited records whose proposals a person has decided on, still to be settled here. */
  decided(): DecidedAwaited[] {
    return this.sql.decided.all().flatMap((r) => {
      if (!isType(r.resourceType)) return [];
      const status = r.status as DecidedAwaited['status'];
      return [
        {
          ...r,
          resourceType: r.resourceType,
          status,
          fields: (readStoredJson(r.fields) ?? {}) as Record<string, unknown>,
          beforeIds: (readStoredJson(r.beforeIds) as string[] | undefined) ?? null,
        },
      ];
    });
  }

  /** What became of an awaited record: found, to be chosen by the landlord, or ended. */
  settle(
    draftId: string,
    changeId: string,
    outcome:
      | { state: 'found'; recordId: string; note: string | null }
      | { state: 'choose'; candidates: readonly string[]; note: string }
      | { state: 'ended'; note: string },
  ): void {
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

  /** The landlord says which record a linked field's change made (from the draft waiting for it). */
  choose(
    connectionId: string,
    at: { draftId: string; changeId: string; field: string },
    recordId: string,
  ): void {
    this.db.transaction(() => {
      const source = this.sql.source.get(at);
      if (!source) throw new UserError('not_found', 'That field no longer waits for a new record.');
      this.drafts.get(connectionId, at.draftId);
      this.settle(source.sourceDraftId, source.sourceChangeId, {
        state: 'found',
        recordId,
        note: 'Chosen by you among the records that carry the suggested values.',
      });
    })();
  }

  /**
   * Fills every linked field whose record is found into its draft, one edit of each draft (a draft
   * being submitted waits until it is editable again). Returns the drafts filled in.
   */
  fill(): string[] {
    return this.db.transaction(() => {
      const byDraft = new Map<string, Array<ReturnType<typeof this.sql.unfilled.all>[number]>>();
      for (const row of this.sql.unfilled.all())
        byDraft.set(row.draftId, [...(byDraft.get(row.draftId) ?? []), row]);
      for (const [draftId, rows] of byDraft)
        this.drafts.edit(rows[0]!.connectionId, draftId, undefined, (at) => {
          for (const r of rows) {
            this.drafts.setField(draftId, r.changeId, r.field, r.recordId, at);
            this.sql.filled.run(r);
          }
        });
      return [...byDraft.keys()];
    })();
  }

  /** A link must name a create of the record type the field refers to, in the same draft, with no loop. */
  private checkLink(draftId: string, changeId: string, field: string, sourceChangeId: string): void {
    const changes = this.drafts.changes(draftId);
    const source = changes.find((c) => c.id === sourceChangeId);
    const target = changes.find((c) => c.id === changeId);
    const refers = referencedCollection(field);
    if (!source || !target) throw new UserError('not_found', 'That change is no longer in the draft.');
    if (source.operation !== 'create' || !refers || resourceTypeOf(refers) !== source.resourceType)
      throw new UserError(
        'invalid_link',
        `Only a new ${resourceNoun(source.resourceType)} of this draft can fill in “${field}”.`,
      );
    // The source must not itself wait, however indirectly, for the change linked to it.
    const links = this.ofDraft(draftId);
    const waitsFor = (id: string, seen: Set<string>): boolean =>
      id === changeId ||
      links.some(
        (l) =>
          l.changeId === id &&
          l.sourceDraftId === draftId &&
          !seen.has(l.sourceChangeId) &&
          waitsFor(l.sourceChangeId, new Set([...seen, id])),
      );
    if (waitsFor(sourceChangeId, new Set()))
      throw new UserError('invalid_link', 'Two changes cannot each wait for the record the other creates.');
  }
}
