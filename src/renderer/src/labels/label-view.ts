// What a screen shows for a reference while its label loads, once named, or when it can't be: the
// ID muted while loading (never an empty cell), the record's words once named, the ID with
// "(not found)" when the record is gone, and the ID as it is when its kind could not be read.
import type { Collection } from '../../../shared/service';
import type { LabelResult } from './label-batcher';

export type LabelState = 'loading' | 'named' | 'gone' | 'unread';

export interface LabelView {
  state: LabelState;
  id: string;
  /** The words shown in the cell. */
  text: string;
  /** Shown on hover: the record's ID, and why it has no name where that is known. */
  title: string;
}

/** What a screen shows for a reference (see useLabels). */
export type LabelLookup = (collection: Collection, id: string) => LabelView;

export function labelView(id: string, from: { result?: LabelResult; error?: string }): LabelView {
  const { result, error } = from;
  if (result?.text) return { state: 'named', id, text: result.text, title: id };
  if (result && !result.problem)
    return { state: 'gone', id, text: `${id} (not found)`, title: `${id}: no such record` };
  const reason = result?.problem ?? error;
  if (reason) return { state: 'unread', id, text: id, title: `${id}: ${reason}` };
  return { state: 'loading', id, text: id, title: `${id} (reading its name…)` };
}
