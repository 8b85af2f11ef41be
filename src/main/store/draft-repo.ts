// Draft batches and their changes in SQLite. Every write is one transaction; a draft that is being
// submitted (or was) is frozen here, whatever the caller asks.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { DraftChange, DraftChangeInput, DraftProblem, DraftState } from '../../shared/drafts';
import type { Operation, ResourceType } from '../../shared/service';
import { MAX_CHANGES_PER_BATCH } from '../../shared/service';
import { UserError } from '../user-error';

export interface DraftRow {
  id: string;
  connectionId: string;
  label: string;
  state: DraftState;
  revision: number;
  reviewGroup: { id: string; part: number; parts: number } | null;
  rejection: { message: string; problems: DraftProblem[] } | null;
  createdAt: string;
  updatedAt: string;
  changeCount: number;
}

export interface ReviewGroup {
  id: string;
  part: number;
  parts: number;
}

interface Row {
  id: string;
  connection_id: string;
  label: string;
  state: DraftState;
  revision: number;
  review_group: string | null;
  review_part: number | null;
  review_parts: number | null;
  rejection: string | null;
  created_at: string;
  updated_at: string;
  change_count: number;
}

interface ChangeRow {
  id: string;
  operation: Operation;
  resource_type: ResourceType;
  resource_id: string | null;
  fields: string;
  snapshot: string | null;
  updated_at: string;
}

const SELECT_DRAFT = `
  SELECT d.*, (SELECT count(*) FROM draft_changes c WHERE c.draft_id = d.id) AS change_count
  FROM drafts d`;

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function fromRow(row: Row): DraftRow {
  return {
    id: row.id,
    connectionId: row.connection_id,
    label: row.label,
    state: row.state,
    revision: row.revision,
    reviewGroup:
      row.review_group && row.review_part && row.review_parts
        ? { id: row.review_group, part: row.review_part, parts: row.review_parts }
        : null,
    rejection: parseJson(row.rejection, null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    changeCount: row.change_count,
  };
}

function changeFromRow(row: ChangeRow): DraftChange {
  return {
    id: row.id,
    operation: row.operation,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    fields: parseJson(row.fields, {}),
    snapshot: parseJson(row.snapshot, null),
    updatedAt: row.updated_at,
  };
}

export class DraftRepository {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  list(connectionId: string): DraftRow[] {
    return (
      this.db
        .prepare(`${SELECT_DRAFT} WHERE d.connection_id = ? ORDER BY d.updated_at DESC, d.id`)
        .all(connectionId) as Row[]
    ).map(fromRow);
  }

  find(connectionId: string, id: string): DraftRow | undefined {
    const row = this.db
      .prepare(`${SELECT_DRAFT} WHERE d.connection_id = ? AND d.id = ?`)
      .get(connectionId, id) as Row | undefined;
    return row && fromRow(row);
  }

  get(connectionId: string, id: string): DraftRow {
    const row = this.find(connectionId, id);
    if (!row) throw new UserError('not_found', 'That draft no longer exists.');
    return row;
  }

  changes(draftId: string): DraftChange[] {
    return (
      this.db
        .prepare(
          'SELECT id, operation, resource_type, resource_id, fields, snapshot, updated_at FROM draft_changes WHERE draft_id = ? ORDER BY position, id',
        )
        .all(draftId) as ChangeRow[]
    ).map(changeFromRow);
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
      this.db
        .prepare(
          `INSERT INTO drafts (id, connection_id, label, state, revision, review_group, review_part, review_parts, created_at, updated_at)
           VALUES (?, ?, ?, 'editing', 0, ?, ?, ?, ?, ?)`,
        )
        .run(id, connectionId, label, group?.id ?? null, group?.part ?? null, group?.parts ?? null, at, at);
      this.insertChanges(id, changes, at);
    })();
    return id;
  }

  rename(connectionId: string, id: string, label: string): void {
    this.edit(connectionId, id, undefined, () => {
      this.db.prepare('UPDATE drafts SET label = ? WHERE id = ?').run(label, id);
    });
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
      this.db.prepare('DELETE FROM drafts WHERE id = ?').run(id);
    })();
  }

  /** Adds the change, or replaces the one with the same id. */
  putChange(connectionId: string, draftId: string, change: DraftChangeInput, revision?: number): void {
    this.edit(connectionId, draftId, revision, (at) => {
      const existing = change.id
        ? (this.db
            .prepare('SELECT position FROM draft_changes WHERE draft_id = ? AND id = ?')
            .get(draftId, change.id) as { position: number } | undefined)
        : undefined;
      if (existing) {
        this.db
          .prepare(
            `UPDATE draft_changes SET operation = ?, resource_type = ?, resource_id = ?, fields = ?,
               snapshot = COALESCE(?, snapshot), updated_at = ? WHERE draft_id = ? AND id = ?`,
          )
          .run(
            change.operation,
            change.resourceType,
            change.operation === 'update' ? change.resourceId : null,
            JSON.stringify(change.fields),
            change.operation === 'update' && change.snapshot ? JSON.stringify(change.snapshot) : null,
            at,
            draftId,
            change.id,
          );
      } else {
        this.insertChanges(draftId, [change], at);
      }
    });
  }

  addChanges(connectionId: string, draftId: string, changes: readonly DraftChangeInput[]): void {
    this.edit(connectionId, draftId, undefined, (at) => this.insertChanges(draftId, changes, at));
  }

  removeChange(connectionId: string, draftId: string, changeId: string): void {
    this.edit(connectionId, draftId, undefined, () => {
      const result = this.db
        .prepare('DELETE FROM draft_changes WHERE draft_id = ? AND id = ?')
        .run(draftId, changeId);
      if (result.changes === 0) throw new UserError('not_found', 'That change is no longer in the draft.');
    });
  }

  /** Runs one edit of an editable draft in a transaction and bumps its revision. */
  private edit(
    connectionId: string,
    id: string,
    revision: number | undefined,
    apply: (at: string) => void,
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
      apply(at);
      this.db.prepare('UPDATE drafts SET revision = revision + 1, updated_at = ? WHERE id = ?').run(at, id);
    })();
  }

  private insertChanges(draftId: string, changes: readonly DraftChangeInput[], at: string): void {
    const { count, last } = this.db
      .prepare(
        'SELECT count(*) AS count, coalesce(max(position), -1) AS last FROM draft_changes WHERE draft_id = ?',
      )
      .get(draftId) as { count: number; last: number };
    if (count + changes.length > MAX_CHANGES_PER_BATCH) {
      throw new UserError(
        'too_many_changes',
        `A batch holds at most ${MAX_CHANGES_PER_BATCH} changes; this draft has ${count}, so ${changes.length} more do not fit. Start another draft for the rest.`,
      );
    }
    const insert = this.db.prepare(
      `INSERT INTO draft_changes (id, draft_id, position, operation, resource_type, resource_id, fields, snapshot, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    changes.forEach((change, i) => {
      try {
        insert.run(
          change.id ?? randomUUID(),
          draftId,
          last + 1 + i,
          change.operation,
          change.resourceType,
          change.operation === 'update' ? change.resourceId : null,
          JSON.stringify(change.fields),
          change.operation === 'update' && change.snapshot ? JSON.stringify(change.snapshot) : null,
          at,
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw new UserError('duplicate_change', 'Two changes in this draft have the same ID.');
        }
        throw error;
      }
    });
  }
}
