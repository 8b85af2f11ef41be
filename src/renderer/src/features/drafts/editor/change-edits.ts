// What the user typed over main's copy of each change, and the rules by which main's copies and those
// edits meet. Pure, so the draft store (which applies them) and its tests read the same rules:
// - a change with an edit waiting or on its way keeps what the user typed, whatever main's copy says;
// - any other change takes main's values where main holds other fields than were last sent from here
//   (another window, an import); where main holds the same, the inputs keep the text as typed;
// - after a refusal, an edit not yet written is written again only where main still holds its change
//   as the edit found it: someone else's edit of the same change is never written over.
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { DraftChange, DraftChangeInput, DraftDetail } from '../../../../../shared/drafts';
import { changeWith } from './change-input';
import { buildFields, initialRaws, sameValue } from './field-values';
import type { ParseContext, RawValue, RawValues } from './field-values';

/** One change as this window holds it beside main's copy. */
export interface ChangeEdit {
  /** What the user typed, by field; a field not here shows main's value. */
  raws: RawValues;
  /** The fields those inputs make, as last handed to the queue; null while nothing is typed. */
  sent: Record<string, unknown> | null;
  /** The change's fields in main's copy that the edits not yet written were typed over. */
  base: Record<string, unknown>;
  /** Fields the user typed in, or that held a value when the change was first shown. */
  touched: ReadonlySet<string>;
  /** Fields the user typed in since the draft was opened (or read again after a refusal). */
  typed: ReadonlySet<string>;
  /** The user has been at the change: moved the focus out of it after being in it. */
  visited: boolean;
  /** Writes of this change waiting for their delay or on their way to main. */
  pending: number;
}

export type ChangeEdits = Readonly<Record<string, ChangeEdit>>;

export function contextOf(change: DraftChange): ParseContext {
  return { operation: change.operation, snapshot: change.snapshot };
}

function plus(set: ReadonlySet<string>, name: string): ReadonlySet<string> {
  return set.has(name) ? set : new Set(set).add(name);
}

/** A change as first shown: nothing typed, its fields with a value count as touched. */
export function freshEdit(change: DraftChange, pending: number): ChangeEdit {
  return {
    raws: {},
    sent: null,
    base: change.fields,
    touched: new Set(Object.keys(change.fields)),
    typed: new Set(),
    visited: false,
    pending,
  };
}

/** One field typed in: the edit as it now stands, and the change as the queue should write it. */
export function typedEdit(
  edit: ChangeEdit,
  change: DraftChange,
  descriptors: readonly FieldDescriptor[],
  field: string,
  raw: RawValue,
): { edit: ChangeEdit; write: DraftChangeInput & { id: string } } {
  const ctx = contextOf(change);
  const raws = { ...edit.raws, [field]: raw };
  const { fields } = buildFields(
    descriptors,
    { ...initialRaws(descriptors, change.fields, ctx), ...raws },
    ctx,
  );
  return {
    edit: {
      ...edit,
      raws,
      sent: fields,
      // An edit following one not yet written builds on what that one found.
      base: edit.pending > 0 ? edit.base : change.fields,
      touched: plus(edit.touched, field),
      typed: plus(edit.typed, field),
    },
    write: changeWith(change, fields),
  };
}

/** The edits once main's copy `detail` is taken; `pendingOf` counts a new change's writes. */
export function mergedEdits(
  edits: ChangeEdits,
  detail: DraftDetail,
  pendingOf: (id: string) => number,
): ChangeEdits {
  const next: Record<string, ChangeEdit> = {};
  for (const change of detail.changes) {
    const edit = edits[change.id];
    if (!edit) next[change.id] = freshEdit(change, pendingOf(change.id));
    else if (edit.pending > 0 || edit.sent === null || sameValue(edit.sent, change.fields))
      next[change.id] = edit;
    // Main holds something else than was last sent from here, and nothing of ours is on its way.
    else next[change.id] = { ...edit, raws: {}, sent: null };
  }
  return next;
}

/** After a refusal: whether an edit not yet written may go on top of main's copy of its change. */
export function writableAgain(
  edit: ChangeEdit | undefined,
  change: DraftChange,
): edit is ChangeEdit & {
  sent: Record<string, unknown>;
} {
  return edit?.sent != null && sameValue(edit.base, change.fields);
}
