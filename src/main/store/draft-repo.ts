// Draft batches and their changes in SQLite, and the one writer of their tables. Every write is one
// transaction; a draft that is being submitted (or was) is frozen here, whatever the caller asks. The
// outbox moves a draft through submitting and back (or on to submitted) by asking here, inside its
// own transactions.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { DraftChange, DraftChangeInput, DraftProblem, DraftState } from '../../shared/drafts';
import type { Operation, ResourceType } from '../../shared/service';
import { MAX_CHANGES_PER_BATCH } from '../../shared/service';
import { UserError } from '../base/user-error';
import { readStoredJson } from './stored-json';

export interface DraftRow {
  id: string;
  connectionId: string;
  label: string;
  state: DraftState;
  revision: number;
  reviewGroup: { id: string; part: number; parts: number } | null;
  rejection: Rejection | null;
  createdAt: string;
  updatedAt: string;
  changeCount: number;
  /** Its submission was lost in a salvage: since when, and the batch found later with its label. */
  maybeSent: MaybeSent | null;
}

/** A draft whose batch may have reached the service, though the record of its sending was lost. */
export interface MaybeSent {
  since: string;
  batchId: string | null;
}

export interface ReviewGroup {
  id: string;
  part: number;
  parts: number;
}

/** The service's reasons for refusing a submission, kept beside the draft it reopened. */
export interface Rejection {
  message: string;
  problems: DraftProblem[];
}

/** A draft's row, its columns named as DraftRow names them. */
type Row = Omit<DraftRow, 'reviewGroup' | 'rejection' | 'maybeSent'> & {
  reviewGroupId: string | null;
  reviewPart: number | null;
  reviewParts: number | null;
  rejection: string | null;
  maybeSentSince: string | null;
  maybeSentBatch: string | null;
};

/** A change's row, its columns named as DraftChange names them. */
type ChangeRow = Omit<DraftChange, 'fields' | 'snapshot'> & { fields: string; snapshot: string | null };

/** A change as its row stores it: JSON text for the fields and the record as read when drafted. */
interface ChangeValues {
  draftId: string;
  id: string;
  operation: Operation;
  resourceType: ResourceType;
  resourceId: string | null;
  fields: string;
  snapshot: string | null;
  at: string;
}

const SELECT_DRAFT = `
  SELECT d.id, d.connection_id AS connectionId, d.label, d.state, d.revision, d.review_group AS reviewGroupId,
    d.review_part AS reviewPart, d.review_parts AS reviewParts, d.rejection, d.created_at AS createdAt,
    d.updated_at AS updatedAt, (SELECT count(*) FROM draft_changes c WHERE c.draft_id = d.id) AS changeCount,
    d.maybe_sent_since AS maybeSentSince, d.maybe_sent_batch AS maybeSentBatch
  FROM drafts d`;

function fromRow({
  reviewGroupId,
  reviewPart,
  reviewParts,
  rejection,
  maybeSentSince,
  maybeSentBatch,
  ...row
}: Row): DraftRow {
  return {
    ...row,
    maybeSent: maybeSentSince ? { since: maybeSentSince, batchId: maybeSentBatch } : null,
    reviewGroup:
      reviewGroupId && reviewPart && reviewParts
        ? { id: reviewGroupId, part: reviewPart, parts: reviewParts }
        : null,
    rejection: (readStoredJson(rejection) ?? null) as Rejection | null,
  };
}

function changeFromRow(row: ChangeRow): DraftChange {
  return {
    ...row,
    fields: (readStoredJson(row.fields) ?? {}) as DraftChange['fields'],
    snapshot: (readStoredJson(row.snapshot) ?? null) as DraftChange['snapshot'],
  };
}

/** A change's values as its row stores them. */
function changeValues(draftId: string, id: string, change: DraftChangeInput, at: string): ChangeValues {
  const update = change.operation === 'update';
  return {
    draftId,
    id,
    operation: change.operation,
    resourceType: change.resourceType,
    resourceId: update ? change.resourceId : null,
    fields: JSON.stringify(change.fields),
    snapshot: update && change.snapshot ? JSON.stringify(change.snapshot) : null,
    at,
  };
}

interface Of {
  connectionId: string;
  id: string;
}

function prepareStatements(db: Database) {
  return {
    list: db.prepare<{ connectionId: string }, Row>(
      `${SELECT_DRAFT} WHERE d.connection_id = @connectionId ORDER BY d.updated_at DESC, d.id`,
    ),
    find: db.prepare<Of, Row>(`${SELECT_DRAFT} WHERE d.connection_id = @connectionId AND d.id = @id`),
    changes: db.prepare<{ draftId: string }, ChangeRow>(
      `SELECT id, operation, resource_type AS resourceType, resource_id AS resourceId, fields, snapshot,
         updated_at AS updatedAt
       FROM draft_changes WHERE draft_id = @draftId ORDER BY position, id`,
    ),
    changeIds: db
      .prepare<{ draftId: string }, string>(
        'SELECT id FROM draft_changes WHERE draft_id = @draftId ORDER BY position, id',
      )
      .pluck(),
    insertDraft: db.prepare<
      Of & { label: string; group: string | null; part: number | null; parts: number | null; at: string }
    >(
      `INSERT INTO drafts (id, connection_id, label, state, revision, review_group, review_part, review_parts,
         created_at, updated_at)
       VALUES (@id, @connectionId, @label, 'editing', 0, @group, @part, @parts, @at, @at)`,
    ),
    rename: db.prepare<{ id: string; label: string }>('UPDATE drafts SET label = @label WHERE id = @id'),
    delete: db.prepare<{ id: string }>('DELETE FROM drafts WHERE id = @id'),
    edited: db.prepare<{ id: string; at: string }>(
      'UPDATE drafts SET revision = revision + 1, updated_at = @at WHERE id = @id',
    ),
    // Sent again with the user's word: no longer only "may have been sent".
    submitting: db.prepare<{ id: string; at: string }>(
      `UPDATE drafts SET state = 'submitting', rejection = NULL, maybe_sent_since = NULL, maybe_sent_batch = NULL,
         updated_at = @at WHERE id = @id`,
    ),
    submitted: db.prepare<{ id: string; at: string }>(
      "UPDATE drafts SET state = 'submitted', updated_at = @at WHERE id = @id",
    ),
    reopen: db.prepare<{ id: string; rejection: string | null; at: string }>(
      `UPDATE drafts SET state = 'editing', rejection = @rejection, revision = revision + 1, updated_at = @at
       WHERE id = @id`,
    ),
    changePosition: db
      .prepare<{ draftId: string; id: string }, number>(
        'SELECT position FROM draft_changes WHERE draft_id = @draftId AND id = @id',
      )
      .pluck(),
    extent: db.prepare<{ draftId: string }, { count: number; last: number }>(
      `SELECT count(*) AS count, coalesce(max(position), -1) AS last FROM draft_changes
       WHERE draft_id = @draftId`,
    ),
    insertChange: db.prepare<ChangeValues & { position: number }>(
      `INSERT INTO draft_changes (id, draft_id, position, operation, resource_type, resource_id, fields, snapshot,
         updated_at)
       VALUES (@id, @draftId, @position, @operation, @resourceType, @resourceId, @fields, @snapshot, @at)`,
    ),
    updateChange: db.prepare<ChangeValues>(
      `UPDATE draft_changes SET operation = @operation, resource_type = @resourceType, resource_id = @resourceId,
         fields = @fields, snapshot = COALESCE(@snapshot, snapshot), updated_at = @at
       WHERE draft_id = @draftId AND id = @id`,
    ),
    deleteChange: db.prepare<{ draftId: string; id: string }>(
      'DELETE FROM draft_changes WHERE draft_id = @draftId AND id = @id',
    ),
    changeFields: db
      .prepare<{ draftId: string; id: string }, string>(
        'SELECT fields FROM draft_changes WHERE draft_id = @draftId AND id = @id',
      )
      .pluck(),
    setFields: db.prepare<{ draftId: string; id: string; fields: string; at: string }>(
      'UPDATE draft_changes SET fields = @fields, updated_at = @at WHERE draft_id = @draftId AND id = @id',
    ),
    moveChange: db.prepare<{ from: string; to: string; id: string }>(
      'UPDATE draft_changes SET draft_id = @to WHERE draft_id = @from AND id = @id',
    ),
    namePart: db.prepare<{ id: string; label: string; group: string; part: number; parts: number }>(
      `UPDATE drafts SET label = @label, review_group = @group, review_part = @part, review_parts = @parts
       WHERE id = @id`,
    ),
  };
}

export class DraftRepository {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {
    this.sql = prepareStatements(db);
  }

  list(connectionId: string): DraftRow[] {
    return this.sql.list.all({ connectionId }).map(fromRow);
  }

  find(connectionId: string, id: string): DraftRow | undefined {
    const row = this.sql.find.get({ connectionId, id });
    return row && fromRow(row);
  }

  get(connectionId: string, id: string): DraftRow {
    const row = this.find(connectionId, id);
    if (!row) throw new UserError('not_found', 'That draft no longer exists.');
    return row;
  }

  changes(draftId: string): DraftChange[] {
    return this.sql.changes.all({ draftId }).map(changeFromRow);
  }

  /** The draft's change ids in batch order, to map the service's "changes.3" onto a change. */
  changeIds(draftId: string): string[] {
    return this.sql.changeIds.all({ draftId });
  }

  create(
    connectionId: string,
    label: string,
    changes: readonly DraftChangeInput[] = [],
    group: ReviewGroup | null = null,
  ): string {
    const id = randomUUID();
    const at = this.now().toISOString();
    this.db.transaction(() => {
      this.sql.insertDraft.run({
        id,
        connectionId,
        label,
        group: group?.id ?? null,
        part: group?.part ?? null,
        parts: group?.parts ?? null,
        at,
      });
      this.insertChanges(id, changes, at);
    })();
    return id;
  }

  rename(connectionId: string, id: string, label: string): void {
    this.edit(connectionId, id, undefined, () => this.sql.rename.run({ id, label }));
  }

  remove(connectionId: string, id: string): void {
    this.db.transaction(() => {
      const draft = this.get(connectionId, id);
      if (draft.state === 'submitting') {
        throw new UserError(
          'draft_frozen',
          'This draft is being submitted. Wait for the service to answer (or cancel the submission) before deleting it.',
        );
      }
      this.sql.delete.run({ id });
    })();
  }

  /** Adds the change, or replaces the one with the same id. */
  putChange(connectionId: string, draftId: string, change: DraftChangeInput, revision?: number): void {
    this.edit(connectionId, draftId, revision, (at) => {
      const existing = change.id ? this.sql.changePosition.get({ draftId, id: change.id }) : undefined;
      if (change.id && existing !== undefined)
        this.sql.updateChange.run(changeValues(draftId, change.id, change, at));
      else this.insertChanges(draftId, [change], at);
    });
  }

  addChanges(connectionId: string, draftId: string, changes: readonly DraftChangeInput[]): void {
    this.edit(connectionId, draftId, undefined, (at) => this.insertChanges(draftId, changes, at));
  }

  removeChange(connectionId: string, draftId: string, changeId: string): void {
    this.edit(connectionId, draftId, undefined, () => {
      const result = this.sql.deleteChange.run({ draftId, id: changeId });
      if (result.changes === 0) throw new UserError('not_found', 'That change is no longer in the draft.');
    });
  }

  /**
   * Freezes an editable draft at the revision the user reviewed, to be submitted; refused when it is
   * gone, already frozen or changed since. Runs inside the outbox's transaction that queues it.
   */
  freezeForSubmission(connectionId: string, id: string, revision: number, at: string): void {
    this.db.transaction(() => {
      const draft = this.find(connectionId, id);
      if (!draft) throw new UserError('not_found', 'That draft no longer exists.');
      if (draft.state !== 'editing') {
        throw new UserError('draft_frozen', 'This draft is already being submitted or was submitted.');
      }
      if (draft.revision !== revision) {
        throw new UserError(
          'draft_changed',
          'This draft changed after you reviewed it. Look over the changes again, then submit.',
        );
      }
      this.sql.submitting.run({ id, at });
    })();
  }

  /** The service recorded the draft's batch: it stays as it was sent. */
  markSubmitted(id: string, at: string): void {
    this.sql.submitted.run({ id, at });
  }

  /** The submission was withdrawn or refused: the draft is editable again, with the refusal's reasons. */
  reopen(id: string, rejection: Rejection | null, at: string): void {
    this.sql.reopen.run({ id, rejection: rejection ? JSON.stringify(rejection) : null, at });
  }

  /**
   * Sets one field of a change (or takes it out, for undefined), inside a caller's edit: a link's
   * created record filled in, or a field handed to a link.
   */
  setField(draftId: string, changeId: string, field: string, value: unknown, at: string): void {
    const text = this.sql.changeFields.get({ draftId, id: changeId });
    if (text === undefined) throw new UserError('not_found', 'That change is no longer in the draft.');
    const fields = (readStoredJson(text) ?? {}) as Record<string, unknown>;
    if (value === undefined) delete fields[field];
    else fields[field] = value;
    this.sql.setFields.run({ draftId, id: changeId, fields: JSON.stringify(fields), at });
  }

  /**
   * The later changes of a part just recorded leave its draft for a new editable draft, the next part
   * of the same group, in the caller's transaction. Returns its ID.
   */
  startNextPart(
    from: DraftRow,
    changeIds: readonly string[],
    label: string,
    group: ReviewGroup,
    at: string,
  ): string {
    const id = randomUUID();
    this.sql.insertDraft.run({
      id,
      connectionId: from.connectionId,
      label,
      group: group.id,
      part: group.part,
      parts: group.parts,
      at,
    });
    for (const changeId of changeIds) this.sql.moveChange.run({ from: from.id, to: id, id: changeId });
    return id;
  }

  /** Names a draft as one part of a group (a draft sent in parts), inside the caller's transaction. */
  namePart(id: string, label: string, group: ReviewGroup): void {
    this.sql.namePart.run({ id, label, group: group.id, part: group.part, parts: group.parts });
  }

  /** Runs one edit of an editable draft in a transaction and bumps its revision. */
  edit(
    connectionId: string,
    id: string,
    revision: number | undefined,
    apply: (at: string, draft: DraftRow) => void,
  ): void {
    this.db.transaction(() => {
      const draft = this.get(connectionId, id);
      if (draft.state !== 'editing') {
        throw new UserError(
          'draft_frozen',
          draft.state === 'submitting'
            ? 'This draft is being submitted and cannot change until the service answers. Cancel the submission first if it has not been sent yet.'
            : 'This draft was already submitted. Start a new draft for further changes.',
        );
      }
      if (revision !== undefined && revision !== draft.revision) {
        throw new UserError(
          'draft_changed',
          'This draft was changed elsewhere in the meantime. It has been reloaded; make your edit again.',
        );
      }
      const at = this.now().toISOString();
      apply(at, draft);
      this.sql.edited.run({ id, at });
    })();
  }

  private insertChanges(draftId: string, changes: readonly DraftChangeInput[], at: string): void {
    const { count, last } = this.sql.extent.get({ draftId })!;
    if (count + changes.length > MAX_CHANGES_PER_BATCH) {
      throw new UserError(
        'too_many_changes',
        `A batch holds at most ${MAX_CHANGES_PER_BATCH} changes; this draft has ${count}, so ${changes.length} more do not fit. Start another draft for the rest.`,
      );
    }
    changes.forEach((change, i) => {
      try {
        this.sql.insertChange.run({
          ...changeValues(draftId, change.id ?? randomUUID(), change, at),
          position: last + 1 + i,
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw new UserError('duplicate_change', 'Two changes in this draft have the same ID.');
        }
        throw error;
      }
    });
  }
}
